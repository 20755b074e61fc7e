/**
 * The sender when MAIL_FROM is not set. On its own: the settings read it before the embedded database
 * starts, and the mailer would bring nodemailer along (some 30–50 ms of a start).
 */
export const DEFAULT_MAIL_FROM = 'Village <no-reply@localhost>';
