import { defineConfig } from "drizzle-kit";

// `drizzle-kit generate` only: migrations are applied by scripts/db-migrate.ts (the programmatic migrator), which works on
// PGlite and Postgres alike (drizzle-kit's own PGlite driver loads no extension, and btree_gist is needed).
export default defineConfig({
  dialect: "postgresql",
  schema: "./db/schema/index.ts",
  out: "./db/migrations",
});
