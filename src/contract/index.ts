// The one wire contract of /v1: the app, the service worker and the server import it from here.
export * from './form-messages';
export * from './fields';
export * from './errors';
export * from './users';
export * from './auth';
export * from './session';
export * from './categories';
export * from './villagers';
export * from './needs';
export * from './helps';
export * from './villages';
export * from './actions';
export * from './messages';
export * from './calendar';
export * from './schedule-schema';
// Web Push (./push) is imported by path, not from here: the first screen's bundle must not carry it.
