import { defineConfig } from 'drizzle-kit';

// The tables live with their module (`src/modules/<module>/schema.ts`); `src/db/schema.ts` holds
// the ones not moved yet. drizzle-kit reads them all.
export default defineConfig({
  dialect: 'postgresql',
  schema: ['./src/db/schema.ts', './src/modules/*/schema.ts'],
  out: './drizzle',
});
