import { defineConfig } from 'drizzle-kit';

// The tables live with their module (`src/modules/<module>/schema.ts`); `src/db/schema.ts`
// re-exports every one of them, and is what drizzle-kit reads.
export default defineConfig({
  dialect: 'postgresql',
  schema: './src/db/schema.ts',
  out: './drizzle',
});
