// drizzle-kit: `npx drizzle-kit generate` writes SQL migrations from server/db/schema.ts; the server applies them
// itself at start-up (server/db/migrate.ts), so no database URL is needed here.
import { defineConfig } from 'drizzle-kit';

export default defineConfig({
  dialect: 'postgresql',
  schema: './server/db/schema.ts',
  out: './server/db/migrations',
});
