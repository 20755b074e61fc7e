/** A mail written to DATA_DIR/mail as text: quoted-printable soft breaks joined and its bytes decoded. */
export const decodedMail = (raw: string) =>
  Buffer.from(
    raw.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16))),
    'latin1',
  ).toString('utf8');
