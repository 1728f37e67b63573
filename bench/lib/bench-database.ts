import { randomBytes } from "node:crypto";
import { postgresClient } from "../../lib/db/postgres-client";

export interface BenchDatabase {
  /** Connection string of the new database. */
  url: string;
  name: string;
  /** Drop the database (closing whatever is still connected to it). Safe to call twice. */
  drop(): Promise<void>;
  /**
   * Where the server runs without autovacuum (`autovacuum = off`, as this machine's CI configuration has it),
   * vacuum and analyze the database as autovacuum would have by now; otherwise nothing. Call it between phases:
   * without it, prepared statements keep plans made while the tables were nearly empty, and dead rows pile up.
   */
  tidy(): Promise<void>;
}

/**
 * A fresh, empty database named `<prefix>_<time>_<random>` on the PostgreSQL server of `adminUrl` (any database
 * of that server the user may connect to); the app migrates it when it starts.
 */
export async function createBenchDatabase(adminUrl: string, prefix: string): Promise<BenchDatabase> {
  const name = `${prefix}_${Date.now().toString(36)}_${randomBytes(3).toString("hex")}`;
  const admin = await postgresClient(adminUrl, { max: 1, onnotice: () => undefined });
  try {
    await admin.unsafe(`create database "${name}"`);
  } catch (error) {
    await admin.end({ timeout: 5 });
    throw new Error(`could not create a database on ${redact(adminUrl)}: ${error instanceof Error ? error.message : error}`);
  }
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  let dropped: Promise<void> | undefined;
  const [{ autovacuum }] = await admin<{ autovacuum: string }[]>`select current_setting('autovacuum') as autovacuum`;
  return {
    url: url.toString(),
    name,
    async tidy() {
      if (autovacuum !== "off") return;
      const db = await postgresClient(url.toString(), { max: 1, onnotice: () => undefined });
      try {
        await db.unsafe("vacuum analyze");
      } finally {
        await db.end({ timeout: 5 });
      }
    },
    drop() {
      dropped ??= (async () => {
        try {
          await admin.unsafe(`drop database if exists "${name}" with (force)`);
        } finally {
          await admin.end({ timeout: 5 });
        }
      })();
      return dropped;
    },
  };
}

/** The URL without its password, for messages. */
export function redact(url: string): string {
  const u = new URL(url);
  if (u.password) u.password = "***";
  return u.toString();
}
