import type { Logger } from 'pino';
import type { Db } from './db/client';
import type { FileStore } from './files/store';
import type { Mailer } from './mail/mailer';
import type { RateLimits } from './http/rate-limit';
import type { SignInRules } from './auth/sign-in-throttle';
import type { Caches } from './cache/caches';
import type { Listen } from './db/listen';
import type { PasswordCost } from './auth/passwords';

export interface Clock {
  now(): Date;
}

export const systemClock: Clock = { now: () => new Date() };

/** Everything the app reaches outside itself; tests pass their own. */
export interface Deps {
  db: Db;
  /** Where this instance's mail dispatcher sends the queued mails (routes only queue them: mail/queue.ts). */
  mail: Mailer;
  files: FileStore;
  clock: Clock;
  /** Where the server is reached from outside: links in mails and photo addresses. */
  publicUrl: string;
  logger: Logger;
  rateLimits?: Partial<RateLimits>;
  /** Sign-in throttling (counted in the database, shared by every instance); tests make it reachable. */
  signInRules?: Partial<SignInRules>;
  /** LISTEN on the database, so that caches hear of other instances' writes. Without it: one instance only. */
  listen?: Listen;
  /** Aborted when the server stops: long-lived responses (event streams) end instead of holding it up. */
  shutdown?: AbortSignal;
  /** Push subscriptions may name plain-http push services: only for a test's local one. */
  allowHttpPushEndpoints?: boolean;
  /** scrypt's cost for new password hashes: the server's own (auth/passwords.ts) unless a test world lowers it. */
  passwordCost?: PasswordCost;
  /** Who runs this server (OPERATOR_NAME, OPERATOR_EMAIL): the privacy page's contact. */
  operator?: { name?: string; email?: string };
  /** Filled by createApp. */
  caches?: Caches;
}

export interface AuthUser {
  id: string;
  sessionHash: string;
}

export type AppEnv = { Variables: { user: AuthUser | null } };
