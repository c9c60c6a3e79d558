import { defineConfig } from 'drizzle-kit';

// Generates the committed SQL migrations from the one schema; they are applied at start.
export default defineConfig({
  dialect: 'postgresql',
  schema: './src/database/schema.ts',
  out: './drizzle',
});
