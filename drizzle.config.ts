import { defineConfig } from "drizzle-kit";

// `npm run db:generate` writes forward-only SQL migrations into drizzle/ from lib/db/schema.
export default defineConfig({
  dialect: "postgresql",
  schema: "./lib/db/schema/index.ts",
  out: "./drizzle",
});
