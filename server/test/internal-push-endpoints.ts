/**
 * Push endpoints that stay inside the network (issue 37, finding 2): the finding's eight, then other spellings
 * of the same (shortened, hex, octal, a trailing dot, IPv4-mapped and 6to4 IPv6) and names that stay inside.
 * Every one must be refused at registration (push-outbound.test.ts), by the address check itself
 * (public-address.test.ts) and by the fuzz suite's probes.
 */
export const INTERNAL_PUSH_ENDPOINTS = [
  'https://127.0.0.1:8443/push/a',
  'https://10.0.0.1/push/a',
  'https://192.168.1.1/push/a',
  'https://169.254.169.254/latest/meta-data/',
  'https://[::1]:8443/push/a',
  'https://0.0.0.0:8443/push/a',
  'https://2130706433:8443/push/a',
  'https://user:pass@127.0.0.1/push/a',
  'https://127.1/push/a',
  'https://0x7f.1/push/a',
  'https://0x7f.0.0.1/push/a',
  'https://0177.0.0.1/push/a',
  'https://127.0.0.1./push/a',
  'https://[::ffff:127.0.0.1]/push/a',
  'https://[::ffff:a00:1]/push/a',
  'https://[::ffff:a9fe:a9fe]/push/a',
  'https://100.64.0.1/push/a',
  'https://[fd00::1]/push/a',
  'https://[fd12:3456::1]/push/a',
  'https://[fe80::1]/push/a',
  'https://224.0.0.1/push/a',
  'https://[2002:7f00:1::]/push/a',
  'https://localhost:8443/push/a',
  'https://LOCALHOST./push/a',
  'https://push.localhost/push/a',
  'https://printer/push/a',
  'https://nas.local/push/a',
  'https://metadata.google.internal/computeMetadata/v1/',
  'https://user@fcm.googleapis.com/fcm/send/a',
  'https://user:pass@fcm.googleapis.com/fcm/send/a',
] as const;
