/**
 * A text of the app as Testing Library reads it on the page: its default normaliser turns every run of spaces,
 * non-breaking ones included, into one plain space, but compares the text asked for as it is given. An app
 * constant written with French non-breaking spaces (tests/lint/french-spaces.ts) is asked for as read.
 */
export const asRead = (text: string) => text.replace(/\s+/g, ' ').trim();
