/**
 * Where this device notes the session whose data the last complete load wrote (app/bootstrap/data-loaded.ts):
 * it names the token, so clearing a session forgets it with the token.
 */
export const DATA_LOADED_FOR_KEY = 'village-data-loaded-for';
