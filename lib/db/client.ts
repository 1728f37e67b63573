import "server-only";
import type { Db, DbHandle } from "./handle";

export type { Db, DbHandle, DbKind } from "./handle";

const GLOBAL_KEY = Symbol.for("kyc.db.handle");
type Holder = { [GLOBAL_KEY]?: Promise<DbHandle> };
const holder = globalThis as unknown as Holder;

/**
 * The process-wide database, created and migrated on first use. PGlite (in `DATA_DIR`) when
 * `DATABASE_URL` is unset, PostgreSQL through postgres.js otherwise. Kept on `globalThis` so every Next.js
 * bundle in the process shares one connection pool (and PGlite's single-writer data folder).
 */
export function getDbHandle(): Promise<DbHandle> {
  if (!holder[GLOBAL_KEY]) {
    const opening = openFromEnv();
    holder[GLOBAL_KEY] = opening;
    opening.catch(() => {
      if (holder[GLOBAL_KEY] === opening) delete holder[GLOBAL_KEY];
    });
  }
  return holder[GLOBAL_KEY]!;
}

/** Shorthand for `(await getDbHandle()).db`. */
export async function getDb(): Promise<Db> {
  return (await getDbHandle()).db;
}

/** Install an already-open handle as the process database (tests, scripts). */
export function setDbHandle(handle: DbHandle | undefined): void {
  if (handle) holder[GLOBAL_KEY] = Promise.resolve(handle);
  else delete holder[GLOBAL_KEY];
}

async function openFromEnv(): Promise<DbHandle> {
  const { env } = await import("../config/env");
  const { openPglite, openPostgres } = await import("./open");
  const { migratePglite, migratePostgres } = await import("./migrate");
  const e = env();
  if (e.DATABASE_URL) {
    // Migrations hold a session advisory lock and LISTEN needs a session: both use DATABASE_DIRECT_URL when set.
    await migratePostgres(e.DATABASE_DIRECT_URL ?? e.DATABASE_URL);
    return openPostgres(e.DATABASE_URL, {
      listenUrl: e.DATABASE_DIRECT_URL,
      max: e.DB_POOL_MAX,
      preparedStatements: e.DB_PREPARED_STATEMENTS !== false,
      statementTimeoutMs: e.DB_STATEMENT_TIMEOUT_MS,
      idleInTransactionTimeoutMs: e.DB_IDLE_IN_TRANSACTION_TIMEOUT_MS,
    });
  }
  const handle = await openPglite(`${e.dataDir}/pglite`);
  try {
    await migratePglite(handle);
  } catch (error) {
    await handle.close().catch(() => undefined);
    throw error;
  }
  return handle;
}
