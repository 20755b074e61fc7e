/** What a photo upload may be: the server enforces it, the app checks it first to spare a useless upload. */
export const PHOTO_TYPES = ['image/jpeg', 'image/png', 'image/webp'];
export const MAX_PHOTO_BYTES = 10 * 1024 * 1024;
