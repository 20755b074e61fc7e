/**
 * `npm start`: builds the server when its bundle is missing or older than its sources (server-build.mjs),
 * then runs it. The server's own code (server/main.ts) does the rest, the app's build included.
 */
import console from 'node:console';
import { pathToFileURL } from 'node:url';
import { buildServer, bundle, staleness } from './server-build.mjs';

const why = staleness();
if (why) {
  console.log(`building the server (${why})…`);
  await buildServer();
}
await import(pathToFileURL(bundle).href);
