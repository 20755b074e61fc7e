import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  customType,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import type { Schedule } from '../../src/contract/schedule';

const createdAt = () => timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow();
const updatedAt = () => timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow();

export const users = pgTable(
  'users',
  {
    id: uuid('id').primaryKey(),
    // The analytics identity: separate from the id so that it can be rotated without touching relations.
    uuid: uuid('uuid')
      .notNull()
      .default(sql`gen_random_uuid()`),
    email: text('email').notNull(),
    // Null for an account joined with a name and an e-mail only: it can add a password later (README, Auth).
    passwordHash: text('password_hash'),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull(),
    phone: text('phone'),
    photoKey: text('photo_key'),
    analyticsConsent: boolean('analytics_consent'),
    // When the owner opened the link mailed to `email`; null until then, and again after a change of address.
    emailVerifiedAt: timestamp('email_verified_at', { withTimezone: true, mode: 'date' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  // The newest verification is part of what a mail producer's settled mark compares (mail/settled-mark.ts).
  (t) => [uniqueIndex('users_email_unique').on(t.email), index('users_email_verified_idx').on(t.emailVerifiedAt)],
);

export const sessions = pgTable(
  'sessions',
  {
    tokenHash: text('token_hash').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [index('sessions_user_idx').on(t.userId)],
);

export const resetTokens = pgTable('reset_tokens', {
  tokenHash: text('token_hash').primaryKey(),
  userId: uuid('user_id')
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' }),
  expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
  usedAt: timestamp('used_at', { withTimezone: true, mode: 'date' }),
});

export const needCategories = pgTable('need_categories', {
  id: uuid('id').primaryKey(),
  name: text('name').notNull(),
  color: text('color'),
  position: integer('position').notNull(),
});

export const catalogueNeeds = pgTable('catalogue_needs', {
  id: uuid('id').primaryKey(),
  categoryId: uuid('category_id')
    .notNull()
    .references(() => needCategories.id, { onDelete: 'cascade' }),
  name: text('name').notNull(),
  picture: text('picture'),
  position: integer('position').notNull(),
});

export const villages = pgTable(
  'villages',
  {
    id: uuid('id').primaryKey(),
    state: smallint('state').notNull().default(1),
    creationMode: smallint('creation_mode').notNull(),
    name: text('name'),
    reason: text('reason'),
    infos: text('infos'),
    homeInfos: text('home_infos'),
    phone: text('phone'),
    startDate: date('start_date', { mode: 'string' }),
    endDate: date('end_date', { mode: 'string' }),
    firstName: text('first_name'),
    lastName: text('last_name'),
    relationship: text('relationship'),
    shareCode: text('share_code').notNull(),
    photoKey: text('photo_key'),
    // The IANA zone its schedules' wall-clock times are in.
    timeZone: text('time_zone').notNull().default('Europe/Paris'),
    // How many days ahead an open slot is urgent: its organisers are told of it (mail/kinds/gap-alert-producer.ts).
    gapHorizonDays: smallint('gap_horizon_days').notNull().default(3),
    // The village's local day its gap alert was last pushed: the push is claimed once a day across instances.
    gapsPushedOn: date('gaps_pushed_on', { mode: 'string' }),
    // Bumped in the transaction of every write that changes what GET /v1/villages/{id} shows.
    revision: integer('revision').notNull().default(1),
    // When care ended and an organiser closed it (villages/close-routes.ts): it stays readable, every write is refused.
    closedAt: timestamp('closed_at', { withTimezone: true, mode: 'date' }),
    // The organiser's last word, in the « merci à tous » mail and the banner.
    closedMessage: text('closed_message'),
    // The villager who closed it: no foreign key, so that the row outlives that villager's rows.
    closedBy: uuid('closed_by'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex('villages_share_code_unique').on(t.shareCode)],
);

export const villagers = pgTable(
  'villagers',
  {
    id: uuid('id').primaryKey(),
    villageId: uuid('village_id')
      .notNull()
      .references(() => villages.id, { onDelete: 'cascade' }),
    // Null once the user deleted their account: the villager stays, out, for the village's history.
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    isNeedy: boolean('is_needy').notNull().default(false),
    isCreator: boolean('is_creator').notNull().default(false),
    // A co-organiser: manages the village like the creator and the needy person.
    isManager: boolean('is_manager').notNull().default(false),
    isOut: boolean('is_out').notNull().default(false),
    isBan: boolean('is_ban').notNull().default(false),
    lastCheckNotifDate: timestamp('last_check_notif_date', { withTimezone: true, mode: 'date' }),
    // When this member last read the village on any device (its view, its messages, its live stream): the
    // chat digest tells only what came after, and only once they have been away for some hours.
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true, mode: 'date' }),
    // When this member was last told the village still needs them (mail/kinds/nudge-producer.ts): once a month at most.
    nudgedAt: timestamp('nudged_at', { withTimezone: true, mode: 'date' }),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('villagers_village_user_unique').on(t.villageId, t.userId), index('villagers_user_idx').on(t.userId)],
);

export const villageNeeds = pgTable(
  'village_needs',
  {
    id: uuid('id').primaryKey(),
    villageId: uuid('village_id')
      .notNull()
      .references(() => villages.id, { onDelete: 'cascade' }),
    needId: uuid('need_id').references(() => catalogueNeeds.id, { onDelete: 'set null' }),
    categoryId: uuid('category_id').references(() => needCategories.id, { onDelete: 'set null' }),
    name: text('name').notNull(),
    description: text('description'),
    // The contract's Schedule (src/contract/schedule.ts): its slots are expanded, never stored.
    schedule: jsonb('schedule').$type<Schedule>(),
    address: text('address'),
    access: text('access'),
    people: integer('people'),
    diet: text('diet'),
    /** "Visible aux organisateurs seulement" (a doctor's appointment): only organisers and its helpers see it. */
    organisersOnly: boolean('organisers_only').notNull().default(false),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  // The daily digest reads every village's needs created in the last day.
  (t) => [index('village_needs_village_idx').on(t.villageId), index('village_needs_created_idx').on(t.createdAt)],
);

export const helps = pgTable(
  'helps',
  {
    id: uuid('id').primaryKey(),
    villageId: uuid('village_id')
      .notNull()
      .references(() => villages.id, { onDelete: 'cascade' }),
    villageNeedId: uuid('village_need_id')
      .notNull()
      .references(() => villageNeeds.id, { onDelete: 'cascade' }),
    helperId: uuid('helper_id')
      .notNull()
      .references(() => villagers.id, { onDelete: 'cascade' }),
    startDate: timestamp('start_date', { withTimezone: true, mode: 'date' }).notNull(),
    endDate: timestamp('end_date', { withTimezone: true, mode: 'date' }),
    comment: text('comment'),
    createdAt: createdAt(),
    /** Said done once its time passed, by its helper or an organiser (helps/thanks-routes.ts). */
    doneAt: timestamp('done_at', { withTimezone: true, mode: 'date' }),
    /** The thanks its helper received: how many, and the latest word (null: none, or thanks without a word). */
    thanksCount: integer('thanks_count').notNull().default(0),
    thanksMessage: text('thanks_message'),
    /** When its helper asked the circle for someone to take it over; they hold it until someone does (helps/replacement-routes.ts). */
    replacementAskedAt: timestamp('replacement_asked_at', { withTimezone: true, mode: 'date' }),
    /** The help this one took over, gone since: a second taker is told who was faster. */
    takenOverFrom: uuid('taken_over_from'),
  },
  // Who holds a slot is read by need and start, in the write's transaction that checks its places.
  // The evening reminders read every village's helps starting in the next hours.
  (t) => [
    index('helps_village_idx').on(t.villageId, t.startDate),
    index('helps_need_idx').on(t.villageNeedId, t.startDate),
    index('helps_start_idx').on(t.startDate),
    // A late taker looks up who took over the help they aimed at (rare: only on that refusal).
    index('helps_taken_over_from_idx').on(t.takenOverFrom),
    // A member's helps: whether they took anything lately (mail/kinds/quiet-members.ts, for every member at once).
    index('helps_helper_idx').on(t.helperId, t.startDate),
  ],
);

export const actions = pgTable(
  'actions',
  {
    id: uuid('id').primaryKey(),
    villageId: uuid('village_id')
      .notNull()
      .references(() => villages.id, { onDelete: 'cascade' }),
    villagerId: uuid('villager_id').references(() => villagers.id, { onDelete: 'set null' }),
    type: text('type').notNull(),
    data: jsonb('data').notNull().default({}),
    createdAt: createdAt(),
  },
  (t) => [index('actions_village_created_idx').on(t.villageId, t.createdAt)],
);

export const idempotencyKeys = pgTable(
  'idempotency_keys',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    key: text('key').notNull(),
    // Method and path the key was first used for: a key reused for another request is refused.
    request: text('request').notNull(),
    // A hash of the validated body and query it was first used with (server/http/write.ts): the same
    // call with another body is refused too. Null for the keys stored before it (migration 0011).
    fingerprint: text('fingerprint'),
    status: integer('status').notNull(),
    body: jsonb('body'),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.key] }), index('idempotency_created_idx').on(t.createdAt)],
);

export const messages = pgTable(
  'messages',
  {
    id: uuid('id').primaryKey(),
    villageId: uuid('village_id')
      .notNull()
      .references(() => villages.id, { onDelete: 'cascade' }),
    // Kept when the author leaves or deletes their account: the conversation stays readable.
    villagerId: uuid('villager_id')
      .notNull()
      .references(() => villagers.id, { onDelete: 'cascade' }),
    body: text('body').notNull(),
    createdAt: createdAt(),
  },
  // Pages are read newest first, then backwards from a (created_at, id) cursor.
  (t) => [index('messages_village_created_idx').on(t.villageId, t.createdAt, t.id)],
);

/**
 * Secret calendar addresses (iCalendar subscriptions). Calendar apps cannot send a bearer token, so the
 * token in the URL is the credential: only its hash is kept, like sessions. A feed is either a user's own
 * help slots ('user', village_id null) or one village's planning ('village'). Revoking keeps the row so
 * that an old address keeps answering 404 rather than ever matching again.
 */
export const calendarFeeds = pgTable(
  'calendar_feeds',
  {
    id: uuid('id').primaryKey(),
    tokenHash: text('token_hash').notNull(),
    kind: text('kind', { enum: ['user', 'village'] }).notNull(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    villageId: uuid('village_id').references(() => villages.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
    revokedAt: timestamp('revoked_at', { withTimezone: true, mode: 'date' }),
  },
  (t) => [uniqueIndex('calendar_feeds_token_unique').on(t.tokenHash), index('calendar_feeds_owner_idx').on(t.userId, t.kind, t.villageId)],
);

/**
 * Secrets the server instances share, generated by the first one to need them: every instance behind a
 * load balancer must accept what another signed (event stream tickets, for one).
 */
export const serverSecrets = pgTable('server_secrets', {
  name: text('name').primaryKey(),
  value: text('value').notNull(),
  createdAt: createdAt(),
});

/**
 * Web Push subscriptions: one per device (its push service endpoint), owned by the user signed in there.
 * The keys encrypt each payload for that device only (RFC 8291).
 */
export const pushSubscriptions = pgTable(
  'push_subscriptions',
  {
    id: uuid('id').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    // The session that registered it: signing out, or being signed out (a password change on another device,
    // 30 idle days), stops the pushes too, so a lost phone does not keep showing the village's messages.
    sessionHash: text('session_hash')
      .notNull()
      .references(() => sessions.tokenHash, { onDelete: 'cascade' }),
    endpoint: text('endpoint').notNull(),
    p256dh: text('p256dh').notNull(),
    auth: text('auth').notNull(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('push_subscriptions_endpoint_unique').on(t.endpoint), index('push_subscriptions_user_idx').on(t.userId)],
);

/**
 * Pushes to send, written in the transaction of the write they tell (so none is lost when an instance
 * stops after the commit) or scheduled ahead (reminders). Whichever instance claims a job sends it; a
 * claim lapses after `claimed_until`, so a job whose instance died is sent by another. `key` makes a
 * scheduled job unique (one evening reminder per help).
 */
export const pushJobs = pgTable(
  'push_jobs',
  {
    id: uuid('id').primaryKey(),
    villageId: uuid('village_id')
      .notNull()
      .references(() => villages.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull(),
    key: text('key'),
    data: jsonb('data').notNull().default({}),
    dueAt: timestamp('due_at', { withTimezone: true, mode: 'date' }).notNull(),
    claimedUntil: timestamp('claimed_until', { withTimezone: true, mode: 'date' }),
    attempts: integer('attempts').notNull().default(0),
    createdAt: createdAt(),
  },
  (t) => [index('push_jobs_due_idx').on(t.dueAt), uniqueIndex('push_jobs_key_unique').on(t.key)],
);

/**
 * Mails waiting to go, queued in the transaction of the write that causes them (mail/queue.ts) and sent by
 * whichever instance claims them (mail/dispatcher.ts). A row stays once sent or failed: the record of what
 * left and what could not; its payload is emptied then, as it may hold a one-time link.
 */
export const mailJobs = pgTable(
  'mail_jobs',
  {
    id: uuid('id').primaryKey(),
    kind: text('kind').notNull(),
    toAddress: text('to_address').notNull(),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    payload: jsonb('payload').notNull().default({}),
    dueAt: timestamp('due_at', { withTimezone: true, mode: 'date' }).notNull(),
    // Held by an instance sending it, or put off until then after a failed try.
    claimedUntil: timestamp('claimed_until', { withTimezone: true, mode: 'date' }),
    attempts: integer('attempts').notNull().default(0),
    sentAt: timestamp('sent_at', { withTimezone: true, mode: 'date' }),
    failedAt: timestamp('failed_at', { withTimezone: true, mode: 'date' }),
    lastError: text('last_error'),
    // A mail that must exist once whoever queues it (a reminder, a day's digest): the second insert is dropped.
    key: text('key'),
    createdAt: createdAt(),
  },
  // Only the mails still to send are looked up by due time.
  (t) => [
    index('mail_jobs_pending_idx')
      .on(t.dueAt)
      .where(sql`sent_at is null and failed_at is null`),
    uniqueIndex('mail_jobs_key_unique').on(t.key),
    // A person's previous mail of a kind (the chat digest waits hours after the last one).
    index('mail_jobs_user_kind_idx').on(t.userId, t.kind, t.createdAt),
  ],
);

/** Addresses whose mail server refused mail for good (a 5xx answer): nothing more is sent to them. */
export const mailSuppressions = pgTable('mail_suppressions', {
  address: text('address').primaryKey(),
  reason: text('reason').notNull(),
  createdAt: createdAt(),
});

/**
 * Each person's notification choices, stored as given (the contract's shape) and read merged over the
 * defaults of the day, so a kind added later needs no migration. No row: the defaults.
 */
export const notificationSettings = pgTable(
  'notification_settings',
  {
    userId: uuid('user_id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    settings: jsonb('settings').notNull().default({}),
    updatedAt: updatedAt(),
  },
  // The newest change of anyone's choices is part of a mail producer's settled mark (mail/settled-mark.ts).
  (t) => [index('notification_settings_updated_idx').on(t.updatedAt)],
);

/**
 * What each scheduled mail producer last settled (mail/settled-mark.ts): for its period (the days its mails
 * are of), the state of what it reads then (`mark`), and until when that answer holds by the clock. A run
 * finding the same period and mark before `wake_at` has nothing to queue and ends there.
 */
export const mailProducerMarks = pgTable('mail_producer_marks', {
  producer: text('producer').primaryKey(),
  period: text('period').notNull(),
  mark: text('mark').notNull(),
  wakeAt: timestamp('wake_at', { withTimezone: true, mode: 'date' }).notNull(),
  settledAt: timestamp('settled_at', { withTimezone: true, mode: 'date' }).notNull(),
  // Where the next run takes over when the last one stopped at its share (mail/settled-mark.ts); null: from the start.
  resumeAfter: text('resume_after'),
});

/**
 * What the daily digest of new slots tells of a village, made once for everyone (its new needs, each open
 * slot counted) before the people's digests are put together from it by the database (mail/kinds/new-slots-*.ts):
 * a day's digests go out over several runs, and no run counts the slots of every village again. Good for the
 * day's `period` and the village's `revision` it was made at; another day's are deleted.
 */
export const newSlotsVillages = pgTable('new_slots_villages', {
  villageId: uuid('village_id')
    .primaryKey()
    .references(() => villages.id, { onDelete: 'cascade' }),
  period: text('period').notNull(),
  revision: integer('revision').notNull(),
  // The village as a digest names it (id, place, title, time_zone).
  base: jsonb('base').notNull(),
  // Its needs to tell, oldest first: who added each, when, and what a digest says of it.
  needs: jsonb('needs').notNull(),
  // What most members are told: the village with all its needs (null: none to tell), for a member who added none
  // (`authors`, villager ids) and whose day's window holds them all (from `oldest` to `newest`).
  whole: jsonb('whole'),
  authors: jsonb('authors').notNull(),
  oldest: timestamp('oldest', { withTimezone: true, mode: 'date' }),
  newest: timestamp('newest', { withTimezone: true, mode: 'date' }),
});

/**
 * Links mailed to check that an address is its owner's (a new account, a changed address). Only the
 * token's hash is kept; a token verifies the address it was sent to, not whatever the account holds later.
 */
export const emailVerifications = pgTable(
  'email_verifications',
  {
    tokenHash: text('token_hash').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    email: text('email').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true, mode: 'date' }),
    createdAt: createdAt(),
  },
  (t) => [index('email_verifications_user_idx').on(t.userId)],
);

/**
 * The links that sign in by mail (`/auth/link/{token}`): only the token's hash, the address it was mailed
 * to (a link sent to a former address opens nothing) and its life of 20 minutes; used once.
 */
export const signInLinks = pgTable(
  'sign_in_links',
  {
    tokenHash: text('token_hash').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    email: text('email').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true, mode: 'date' }),
    createdAt: createdAt(),
  },
  (t) => [index('sign_in_links_user_idx').on(t.userId)],
);

/**
 * Invitations mailed by an organiser. The link carries the village's share code and a token whose hash is
 * kept: the token names the invitation (its preview shows who invites; joining with it accepts it).
 * Pending while neither accepted nor withdrawn; one pending invitation per address and village.
 */
export const invitations = pgTable(
  'invitations',
  {
    id: uuid('id').primaryKey(),
    villageId: uuid('village_id')
      .notNull()
      .references(() => villages.id, { onDelete: 'cascade' }),
    inviterId: uuid('inviter_id')
      .notNull()
      .references(() => villagers.id, { onDelete: 'cascade' }),
    // Lower-cased, as accounts' addresses are compared.
    email: text('email').notNull(),
    message: text('message'),
    tokenHash: text('token_hash').notNull(),
    createdAt: createdAt(),
    lastSentAt: timestamp('last_sent_at', { withTimezone: true, mode: 'date' }).notNull(),
    acceptedAt: timestamp('accepted_at', { withTimezone: true, mode: 'date' }),
    acceptedBy: uuid('accepted_by').references(() => users.id, { onDelete: 'set null' }),
    withdrawnAt: timestamp('withdrawn_at', { withTimezone: true, mode: 'date' }),
  },
  (t) => [
    uniqueIndex('invitations_token_unique').on(t.tokenHash),
    uniqueIndex('invitations_pending_unique')
      .on(t.villageId, t.email)
      .where(sql`accepted_at is null and withdrawn_at is null`),
  ],
);

// node-postgres reads bytea as a Buffer, PGlite as a Uint8Array: the app always sees a Buffer.
const bytea = customType<{ data: Buffer; driverData: Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (value) => (Buffer.isBuffer(value) ? value : Buffer.from(value.buffer, value.byteOffset, value.byteLength)),
});

/**
 * Uploaded photos (small WebP files), kept in the database so that every instance serves what any of
 * them received. Keys are random and never reused: a photo's row is never updated, only deleted.
 */
export const photos = pgTable('photos', {
  key: text('key').primaryKey(),
  bytes: bytea('bytes').notNull(),
  contentType: text('content_type').notNull(),
  createdAt: createdAt(),
});

/**
 * Sign-in attempts counted per key (an address from one source, or one source), shared by every instance:
 * `attempts` within the window, the time before which the next attempt is refused, and when the row is
 * forgotten (pruned).
 */
export const signInThrottles = pgTable(
  'sign_in_throttles',
  {
    key: text('key').primaryKey(),
    attempts: integer('attempts').notNull(),
    blockedUntil: timestamp('blocked_until', { withTimezone: true, mode: 'date' }).notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
  },
  (t) => [index('sign_in_throttles_expires_idx').on(t.expiresAt)],
);

/**
 * What each device (named by its HttpOnly cookie, whose hash only is kept) last told of the writes its local
 * store had not sent, per person signed in there. Safari wipes a site's script-writable storage after 7 days
 * without use, not the cookies the server set: when the device comes back with another store and was not
 * signed out, `lost` keeps what the wiped store had said until the person has been told (server/devices/).
 */
export const deviceRecords = pgTable(
  'device_records',
  {
    deviceHash: text('device_hash').notNull(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    storeId: uuid('store_id').notNull(),
    lastContactAt: timestamp('last_contact_at', { withTimezone: true, mode: 'date' }).notNull(),
    pendingCount: integer('pending_count').notNull(),
    oldestPendingAt: timestamp('oldest_pending_at', { withTimezone: true, mode: 'date' }),
    pending: jsonb('pending').$type<string[]>().notNull().default([]),
    // Signed out with the logout call: the next store is a new start, not a loss.
    signedOut: boolean('signed_out').notNull().default(false),
    lost: jsonb('lost').$type<{ last_contact_at: string; pending_count: number; oldest_pending_at: string | null; pending: string[] }>(),
  },
  (t) => [
    primaryKey({ columns: [t.deviceHash, t.userId] }),
    index('device_records_user_store_idx').on(t.userId, t.storeId),
    // The sweep forgets records past the cookie's 400 days (server/http/sweeps.ts).
    index('device_records_last_contact_idx').on(t.lastContactAt),
  ],
);

/** Passkeys (WebAuthn) that sign in to an account (server/auth/passkey-routes.ts). */
export const passkeys = pgTable(
  'passkeys',
  {
    id: uuid('id').primaryKey(),
    /** The credential's id as the authenticator gave it (base64url): what a sign-in names. */
    credentialId: text('credential_id').notNull().unique(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The COSE public key, base64url. */
    publicKey: text('public_key').notNull(),
    counter: bigint('counter', { mode: 'number' }).notNull().default(0),
    transports: jsonb('transports').$type<string[]>().notNull().default([]),
    name: text('name').notNull(),
    createdAt: createdAt(),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true, mode: 'date' }),
  },
  (t) => [index('passkeys_user_idx').on(t.userId)],
);

/**
 * The challenges handed out for a passkey ceremony, each used once: with its account for a registration, without
 * one for a sign-in (any passkey of the site may answer it). Expired ones are deleted as new ones are made.
 */
export const passkeyChallenges = pgTable(
  'passkey_challenges',
  {
    challenge: text('challenge').primaryKey(),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'cascade' }),
    expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
  },
  (t) => [index('passkey_challenges_expiry_idx').on(t.expiresAt)],
);

/**
 * A village's news (its journal): posts by its organisers and the person helped. A post stays when its author
 * leaves (the journal keeps its history); it goes with its village, or its author's villager.
 */
export const newsPosts = pgTable(
  'news_posts',
  {
    id: uuid('id').primaryKey(),
    villageId: uuid('village_id')
      .notNull()
      .references(() => villages.id, { onDelete: 'cascade' }),
    authorId: uuid('author_id')
      .notNull()
      .references(() => villagers.id, { onDelete: 'cascade' }),
    body: text('body').notNull(),
    // When its mail went to the members (mail/kinds/news-producer.ts): null while it waits to be told.
    mailedAt: timestamp('mailed_at', { withTimezone: true, mode: 'date' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    // Pages are read newest first, then backwards from a (created_at, id) cursor.
    index('news_posts_village_created_idx').on(t.villageId, t.createdAt, t.id),
    // The mail producer looks only at the posts still to tell.
    index('news_posts_unmailed_idx')
      .on(t.createdAt)
      .where(sql`mailed_at is null`),
  ],
);

/** A post's photos (at most NEWS_PHOTOS_MAX), stored in the file store under `key`, shown in the order added. */
export const newsPhotos = pgTable(
  'news_photos',
  {
    id: uuid('id').primaryKey(),
    newsId: uuid('news_id')
      .notNull()
      .references(() => newsPosts.id, { onDelete: 'cascade' }),
    key: text('key').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('news_photos_news_idx').on(t.newsId, t.createdAt)],
);

/** One heart per member and post: the primary key makes a second heart change nothing. */
export const newsHearts = pgTable(
  'news_hearts',
  {
    newsId: uuid('news_id')
      .notNull()
      .references(() => newsPosts.id, { onDelete: 'cascade' }),
    villagerId: uuid('villager_id')
      .notNull()
      .references(() => villagers.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.newsId, t.villagerId] })],
);

export const newsComments = pgTable(
  'news_comments',
  {
    id: uuid('id').primaryKey(),
    newsId: uuid('news_id')
      .notNull()
      .references(() => newsPosts.id, { onDelete: 'cascade' }),
    authorId: uuid('author_id')
      .notNull()
      .references(() => villagers.id, { onDelete: 'cascade' }),
    body: text('body').notNull(),
    createdAt: createdAt(),
  },
  // A post's latest comments are read newest first.
  (t) => [index('news_comments_news_created_idx').on(t.newsId, t.createdAt, t.id)],
);
