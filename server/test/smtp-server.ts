import { SMTPServer } from 'smtp-server';

export interface ReceivedMail {
  to: string[];
  raw: string;
}

/** An SMTP answer the server gives instead of going on. */
const refusal = (code: number, message: string) => Object.assign(new Error(message), { responseCode: code });

/**
 * A real SMTP server on loopback, playing the mail provider: it can be busy (421 to every connection), stop
 * listening and come back on the same port, and refuse some mailboxes for good (550).
 */
export async function startSmtpServer() {
  const received: ReceivedMail[] = [];
  const unknownMailboxes = new Set<string>();
  let busy = false;
  let server: SMTPServer | undefined;
  let port = 0;

  function listen() {
    server = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS'],
      onConnect: (_session, callback) => callback(busy ? refusal(421, 'Service temporairement indisponible') : undefined),
      onRcptTo: (address, _session, callback) =>
        callback(unknownMailboxes.has(address.address.toLowerCase()) ? refusal(550, 'Boîte aux lettres inconnue') : undefined),
      onData(stream, session, callback) {
        let raw = '';
        stream.on('data', (chunk: Buffer) => (raw += chunk.toString('utf8')));
        stream.on('end', () => {
          received.push({ to: session.envelope.rcptTo.map((r) => r.address), raw });
          callback();
        });
      },
    });
    const current = server;
    return new Promise<void>((resolve) =>
      current.listen(port, '127.0.0.1', () => {
        port = (current.server.address() as { port: number }).port;
        resolve();
      }),
    );
  }

  await listen();
  return {
    received,
    get url() {
      return `smtp://127.0.0.1:${port}`;
    },
    /** Answers 421 to every connection (true) or serves again (false). */
    setBusy: (value: boolean) => (busy = value),
    /** Refuses mail for this address with 550. */
    refuse: (address: string) => unknownMailboxes.add(address.toLowerCase()),
    /** Stops listening: connections are refused, as when the provider is down. */
    stop: () => new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve())).then(() => (server = undefined)),
    /** Listens again on the same port. */
    restart: () => listen(),
  };
}
export type TestSmtpServer = Awaited<ReturnType<typeof startSmtpServer>>;
