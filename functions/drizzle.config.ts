import { defineConfig } from 'drizzle-kit';

// `pnpm db:generate` writes a new versioned migration into ./drizzle after a schema change.
export default defineConfig({
  dialect: 'postgresql',
  schema: './src/db/schema.ts',
  out: './drizzle',
});
