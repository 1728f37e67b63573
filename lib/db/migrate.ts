import path from "node:path";
import type { DbHandle } from "./handle";
import * as schema from "./schema";
import { postgresClient } from "./postgres-client";

/** Lock id for migrations, so several app and worker processes starting together migrate once. */
const MIGRATION_LOCK_ID = 727_001;

export function migrationsFolder(): string {
  return process.env.MIGRATIONS_DIR ?? path.join(process.cwd(), "drizzle");
}

/** Apply the forward-only SQL migrations in `drizzle/` to an open PGlite database (single process). */
export async function migratePglite(handle: DbHandle): Promise<void> {
  const { migrate } = await import("drizzle-orm/pglite/migrator");
  await migrate(handle.db as never, { migrationsFolder: migrationsFolder() });
}

/**
 * Apply the migrations to a PostgreSQL server on a dedicated connection that holds a session advisory
 * lock for the duration, so concurrent app and worker starts migrate exactly once.
 */
export async function migratePostgres(url: string): Promise<void> {
  const { drizzle } = await import("drizzle-orm/postgres-js");
  const { migrate } = await import("drizzle-orm/postgres-js/migrator");
  const client = await postgresClient(url, { max: 1, onnotice: () => undefined, connect_timeout: 10 });
  try {
    await client`select pg_advisory_lock(${MIGRATION_LOCK_ID})`;
    try {
      await migrate(drizzle({ client, schema }), { migrationsFolder: migrationsFolder() });
    } finally {
      await client`select pg_advisory_unlock(${MIGRATION_LOCK_ID})`;
    }
  } finally {
    await client.end({ timeout: 5 });
  }
}
