import { defineConfig } from "drizzle-kit";

// Only `generate` is used: migrations are applied by src/migrate.ts (the server does it at start).
export default defineConfig({
  dialect: "postgresql",
  schema: "./src/schema/index.ts",
  out: "./drizzle",
  casing: "snake_case",
});
