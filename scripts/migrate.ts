// `npm run migrate`: apply drizzle/ migrations to DATABASE_URL (or the embedded database) and seed, then exit.
// A command run by an operator: its output is plain lines for a person, not the JSON log of the servers.
import { getDbHandle } from "../lib/db/client";
import { bootstrap } from "../lib/bootstrap/bootstrap";

async function main(): Promise<void> {
  const handle = await getDbHandle();
  await bootstrap(handle.db, console.log);
  console.log(`[migrate] ${handle.kind} database migrated and seeded`);
  await handle.close();
}

main().catch((error) => {
  console.error("[migrate] failed:", error instanceof Error ? error.message : error);
  process.exit(1);
});
