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
  /**
   * With `BENCH_STATEMENTS=1` and pg_stat_statements loaded on the server (`shared_preload_libraries`): forget the
   * database's statement figures so far, and answer a function that reads its `limit` statements of most total
   * time since, each divided by `per` (the phase's flows or requests). Otherwise undefined.
   */
  statementsFromNow(): Promise<((limit: number, per: number) => Promise<StatementFigure[]>) | undefined>;
}

/** Statements a bench lists with BENCH_STATEMENTS=1. */
export const STATEMENTS_SHOWN = 15;

/** One statement's share of a phase, per flow or request of it. */
export interface StatementFigure {
  calls: number;
  ms: number;
  /** Shared buffers hit or read per call. */
  blocksPerCall: number;
  query: string;
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
    async statementsFromNow() {
      if (process.env.BENCH_STATEMENTS !== "1") return undefined;
      const db = await postgresClient(url.toString(), { max: 1, onnotice: () => undefined });
      try {
        await db.unsafe("create extension if not exists pg_stat_statements");
        await db.unsafe("select pg_stat_statements_reset(0, (select oid from pg_database where datname = current_database()), 0)");
      } catch (error) {
        await db.end({ timeout: 5 });
        console.error(`[bench] BENCH_STATEMENTS: pg_stat_statements is not available (${error instanceof Error ? error.message : error})`);
        return undefined;
      }
      return async (limit: number, per: number) => {
        try {
          const rows = await db.unsafe<{ calls: string; ms: number; blocks: string; query: string }[]>(
            `select calls, total_exec_time as ms, shared_blks_hit + shared_blks_read as blocks, query from pg_stat_statements
             where dbid = (select oid from pg_database where datname = current_database()) order by total_exec_time desc limit ${Number(limit)}`,
          );
          const round = (x: number) => Math.round(x * 1000) / 1000;
          return rows.map((r) => ({
            calls: round(Number(r.calls) / per),
            ms: round(r.ms / per),
            blocksPerCall: Math.round(Number(r.blocks) / Math.max(1, Number(r.calls))),
            query: r.query.replace(/\s+/g, " ").slice(0, 160),
          }));
        } finally {
          await db.end({ timeout: 5 });
        }
      };
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
