/**
 * The yardstick of `bench:api`: a bare Hono app on `@hono/node-server` answering the same `/v1/health`
 * JSON as the real server, started the same way (its own process, `node --import tsx`), so that the ratio
 * of the two measures only what the real server's request path adds.
 */
import { serve } from '@hono/node-server';
import { Hono } from 'hono';

const app = new Hono();
app.get('/v1/health', (c) => c.json({ data: { status: 'ok' } }));
serve({ fetch: app.fetch, port: Number(process.env.PORT) });
