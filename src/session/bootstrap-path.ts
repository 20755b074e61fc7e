/**
 * The bootstrap page, where a signed-in app loads its data. Sign-in sends the user there and a sign-in
 * page never comes back to it, so the session knows its path; the bootstrap feature owns the page.
 */
export const BOOTSTRAP_PATH = '/vous-etes-sublime';
