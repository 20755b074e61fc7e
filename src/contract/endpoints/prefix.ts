/**
 * Where every path of the endpoint table begins: what is under it is the API, never a page of the app
 * (a launch of the installed app, the worker's navigations and the server's shell all tell the two apart).
 */
export const API_PREFIX = '/v1/';
