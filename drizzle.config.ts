import { defineConfig } from 'drizzle-kit';

// `npm run db:generate` writes the SQL migration for a schema change; the server applies them at start.
export default defineConfig({
  dialect: 'postgresql',
  schema: './server/db/schema.ts',
  out: './server/db/migrations',
});
