import * as v from 'valibot';
import { accessSync, constants, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { DEFAULT_MAIL_FROM } from './mail/mail-from';
import { ANALYTICS_ORIGIN } from './http/security-headers';

const url = (protocols: string[], label: string) =>
  v.pipe(
    v.string(),
    v.url(`${label} doit être une adresse complète (par exemple ${protocols[0]}//…)`),
    v.check((s) => protocols.includes(new URL(s).protocol), `${label} doit commencer par ${protocols.join(' ou ')}//`),
  );

/** `Village <no-reply@exemple.fr>` or a bare `no-reply@exemple.fr`: what a From header carries. */
const MAIL_ADDRESS = /^(?:[^<>@\r\n]*<[^\s<>@]+@[^\s<>@]+>|[^\s<>@]+@[^\s<>@]+)$/;

const Settings = v.object({
  PORT: v.optional(
    v.pipe(
      v.string(),
      v.regex(/^\d+$/, 'PORT doit être un nombre'),
      v.transform(Number),
      v.minValue(1, 'PORT doit être entre 1 et 65535'),
      v.maxValue(65535, 'PORT doit être entre 1 et 65535'),
    ),
    '3333',
  ),
  DATA_DIR: v.optional(v.pipe(v.string(), v.nonEmpty('DATA_DIR ne peut pas être vide')), './data'),
  DATABASE_URL: v.optional(url(['postgres:', 'postgresql:'], 'DATABASE_URL')),
  SMTP_URL: v.optional(url(['smtp:', 'smtps:'], 'SMTP_URL')),
  PUBLIC_URL: v.optional(url(['http:', 'https:'], 'PUBLIC_URL')),
  MAIL_FROM: v.optional(
    v.pipe(
      v.string(),
      v.trim(),
      v.regex(MAIL_ADDRESS, 'MAIL_FROM doit être une adresse, par exemple «\u00a0Village <no-reply@exemple.fr>\u00a0»'),
    ),
    DEFAULT_MAIL_FROM,
  ),
  PUSH_CONTACT: v.optional(url(['mailto:', 'https:'], 'PUSH_CONTACT')),
  PUSH_ALLOW_HTTP: v.optional(v.picklist(['0', '1'], 'PUSH_ALLOW_HTTP doit valoir 0 ou 1')),
  TEST_FAST_PASSWORDS: v.optional(v.picklist(['0', '1'], 'TEST_FAST_PASSWORDS doit valoir 0 ou 1')),
  S3_URL: v.optional(
    v.pipe(
      url(['http:', 'https:'], 'S3_URL'),
      v.check((s) => {
        const u = new URL(s);
        return u.username !== '' && u.password !== '' && u.pathname.replace(/\//g, '') !== '';
      }, 'S3_URL doit porter la clé, le secret et le bucket\u00a0: https://CLÉ:SECRET@hôte/bucket'),
    ),
  ),
  OPERATOR_NAME: v.optional(v.pipe(v.string(), v.trim(), v.maxLength(200, 'OPERATOR_NAME doit tenir en 200 caractères'))),
  OPERATOR_EMAIL: v.optional(
    v.pipe(v.string(), v.trim(), v.email('OPERATOR_EMAIL doit être une adresse e-mail, par exemple contact@exemple.fr')),
  ),
  DIST_DIR: v.optional(v.pipe(v.string(), v.nonEmpty('DIST_DIR ne peut pas être vide'))),
  VITE_API_URL: v.optional(url(['http:', 'https:'], 'VITE_API_URL')),
  VITE_AMPLITUDE_API_KEY: v.optional(v.string()),
  // The spec's external links, read by the build (src/features/privacy/external-links.ts): checked here too.
  VITE_LEGAL_NOTICE_URL: v.optional(url(['http:', 'https:'], 'VITE_LEGAL_NOTICE_URL')),
  VITE_PRIVACY_POLICY_URL: v.optional(url(['http:', 'https:'], 'VITE_PRIVACY_POLICY_URL')),
  VITE_BUG_REPORT_URL: v.optional(url(['http:', 'https:'], 'VITE_BUG_REPORT_URL')),
  VITE_INSTAGRAM_URL: v.optional(url(['http:', 'https:'], 'VITE_INSTAGRAM_URL')),
  VITE_LINKEDIN_URL: v.optional(url(['http:', 'https:'], 'VITE_LINKEDIN_URL')),
  LOG_LEVEL: v.optional(
    v.picklist(
      ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'],
      'LOG_LEVEL doit valoir fatal, error, warn, info, debug, trace ou silent',
    ),
    'info',
  ),
});

export interface Config {
  port: number;
  dataDir: string;
  databaseUrl?: string;
  smtpUrl?: string;
  publicUrl: string;
  /** The From of every mail. */
  mailFrom: string;
  logLevel: string;
  /** The VAPID contact push services may write to (`mailto:` or `https:`). */
  pushContact: string;
  /** Lets subscriptions name a plain-http push service: for a test's local one only. */
  pushAllowHttp: boolean;
  /** New passwords hashed at the test world's low scrypt cost: for the tests' throwaway servers only. */
  fastPasswords: boolean;
  /** An S3-compatible bucket for the photos; without it they are kept in the database. */
  s3Url?: string;
  /** Who runs this server (OPERATOR_NAME, OPERATOR_EMAIL), named on the privacy page; each optional. */
  operator: { name?: string; email?: string };
  /** A build of the app made elsewhere, served as is; without it `dist/`, rebuilt when stale. */
  distDir?: string;
  /**
   * Where the app's build sends analytics events, allowed by its Content-Security-Policy. The key is read by the
   * build (`npm start` builds with the server's own environment), so the server reads the same variable: a build
   * made elsewhere (DIST_DIR) needs it set here too, or its events are refused by the browser.
   */
  analyticsOrigin?: string;
  /** Where the app's build finds /v1 when not on its own origin (VITE_API_URL, read by the build too). */
  apiOrigin?: string;
}

/** Reads the settings from the environment; a wrong one is reported by name and stops the start. */
export function readConfig(env: Record<string, string | undefined>): Config {
  const present = Object.fromEntries(Object.entries(env).filter(([, value]) => value !== undefined && value !== ''));
  const result = v.safeParse(Settings, present);
  if (!result.success) {
    const lines = result.issues.map((issue) => `- ${v.getDotPath(issue) ?? '?'}\u00a0: ${issue.message}`);
    throw new Error(`Réglages invalides, le serveur ne démarre pas :\n${lines.join('\n')}`);
  }
  const s = result.output;
  return {
    port: s.PORT,
    dataDir: resolve(s.DATA_DIR),
    databaseUrl: s.DATABASE_URL,
    smtpUrl: s.SMTP_URL,
    publicUrl: (s.PUBLIC_URL ?? `http://localhost:${s.PORT}`).replace(/\/$/, ''),
    mailFrom: s.MAIL_FROM,
    logLevel: s.LOG_LEVEL,
    pushContact: s.PUSH_CONTACT ?? defaultPushContact(s.PUBLIC_URL),
    pushAllowHttp: s.PUSH_ALLOW_HTTP === '1',
    fastPasswords: s.TEST_FAST_PASSWORDS === '1',
    s3Url: s.S3_URL,
    operator: { name: s.OPERATOR_NAME || undefined, email: s.OPERATOR_EMAIL },
    distDir: s.DIST_DIR ? resolve(s.DIST_DIR) : undefined,
    analyticsOrigin: s.VITE_AMPLITUDE_API_KEY ? ANALYTICS_ORIGIN : undefined,
    apiOrigin: s.VITE_API_URL ? new URL(s.VITE_API_URL).origin : undefined,
  };
}

/** Push services want a way to reach whoever sends: the public https address when there is one. */
function defaultPushContact(publicUrl: string | undefined) {
  if (publicUrl?.startsWith('https:')) return publicUrl.replace(/\/$/, '');
  return 'mailto:contact@localhost';
}

/** Why a directory cannot be written, in the words of the settings errors. */
const WRITE_FAILURES: Record<string, string> = {
  EACCES: "le serveur n'a pas le droit d'y écrire",
  EPERM: "le serveur n'a pas le droit d'y écrire",
  EROFS: 'le disque est en lecture seule',
  ENOTDIR: 'une partie du chemin est un fichier, pas un dossier',
  ENOENT: "une partie du chemin n'existe pas",
  ENOSPC: 'le disque est plein',
  EDQUOT: 'le quota du disque est atteint',
};

/**
 * Stops the start with a settings error when DATA_DIR cannot be written, where the server writes there: the
 * embedded database (without DATABASE_URL) and the mails as files (without SMTP_URL). Checked before PGlite
 * opens, which would otherwise stop on its own error (an `ErrnoError` with only a number, or a minified stack).
 * The permission bits alone are not enough (root passes them on a read-only disk): a file is written and removed.
 */
export function checkDataDir(config: Pick<Config, 'dataDir' | 'databaseUrl' | 'smtpUrl'>) {
  const dirs = [...(config.databaseUrl ? [] : [join(config.dataDir, 'pglite')]), ...(config.smtpUrl ? [] : [config.dataDir])];
  for (const dir of dirs) {
    try {
      mkdirSync(dir, { recursive: true });
      accessSync(dir, constants.W_OK);
      const probe = join(dir, `.write-check-${process.pid}`);
      writeFileSync(probe, '');
      rmSync(probe);
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code ?? '';
      const why = WRITE_FAILURES[code] ?? `erreur ${code || String(error)}`;
      throw new Error(
        `Réglages invalides, le serveur ne démarre pas :\n- DATA_DIR\u00a0: DATA_DIR (${config.dataDir}) doit être un dossier où le serveur peut écrire (${dir}\u00a0: ${why})`,
      );
    }
  }
}
