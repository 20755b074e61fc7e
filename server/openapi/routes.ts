import { endpointTable } from '../../src/contract/endpoints';
import { openApiDocument } from '../../src/contract/endpoints/health';
import { publicRoute, type App } from '../http/route';
import { buildOpenApiDocument } from './document';

// Built from the table at the first request, then kept: the table does not change while the server runs.
let document: string | undefined;

/** `GET /v1/openapi.json`: the API described from the same endpoint table the routes are registered from. */
export function openApiRoutes(app: App) {
  publicRoute(app, openApiDocument, (c) => {
    document ??= JSON.stringify(buildOpenApiDocument(endpointTable));
    return c.body(document, 200, { 'Content-Type': 'application/json; charset=UTF-8' });
  });
}
