import { randomBytes } from "node:crypto";
import { setDbHandle, type DbHandle } from "../../lib/db/client";
import { openPglite, openPostgres } from "../../lib/db/open";
import { migratePglite, migratePostgres } from "../../lib/db/migrate";

export interface TestDatabase extends DbHandle {
  /** Connection string of the per-file database (PostgreSQL only), for child processes such as workers. */
  url?: string;
  /** Close the connection and drop the per-file database (PostgreSQL) or discard it (PGlite in memory). */
  dispose(): Promise<void>;
}

/**
 * A fresh, migrated database owned by one test file, installed as the process database. `TEST_DB_KIND`
 * (set per vitest project) picks an in-memory PGlite or a new database on the `TEST_DATABASE_URL` server.
 */
export async function openTestDatabase(): Promise<TestDatabase> {
  const kind = process.env.TEST_DB_KIND ?? "pglite";
  const handle = kind === "postgres" ? await openPostgresTestDb() : await openPgliteTestDb();
  setDbHandle(handle);
  return {
    ...handle,
    async dispose() {
      setDbHandle(undefined);
      await handle.dispose();
    },
  };
}

/**
 * Another app process on a test file's database: on PostgreSQL a pool of its own (`max` connections and its own
 * LISTEN connection); on PGlite, which has one connection, the file's own handle (closing it then closes nothing).
 */
export async function openOtherProcess(t: TestDatabase, max: number): Promise<DbHandle> {
  return t.url ? openPostgres(t.url, { max }) : { ...t, close: async () => undefined };
}

async function openPgliteTestDb(): Promise<DbHandle & { url?: string; dispose(): Promise<void> }> {
  const handle = await openPglite("memory://");
  await migratePglite(handle);
  return { ...handle, dispose: () => handle.close() };
}

async function openPostgresTestDb(): Promise<DbHandle & { url?: string; dispose(): Promise<void> }> {
  const baseUrl = process.env.TEST_DATABASE_URL;
  if (!baseUrl) throw new Error("TEST_DB_KIND=postgres needs TEST_DATABASE_URL (e.g. postgres://postgres@127.0.0.1:5432/postgres)");
  const name = `test_${Date.now().toString(36)}_${randomBytes(4).toString("hex")}`;
  const { default: postgres } = await import("postgres");
  const admin = postgres(baseUrl, { max: 1, onnotice: () => undefined });
  await admin.unsafe(`create database "${name}"`);
  const url = new URL(baseUrl);
  url.pathname = `/${name}`;
  await migratePostgres(url.toString());
  const handle = await openPostgres(url.toString(), { max: 10 });
  return {
    ...handle,
    url: url.toString(),
    async dispose() {
      await handle.close();
      await admin.unsafe(`drop database if exists "${name}" with (force)`);
      await admin.end({ timeout: 5 });
    },
  };
}
