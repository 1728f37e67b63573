import { mkdirSync } from "node:fs";
import type { DbHandle } from "./handle";
import * as schema from "./schema";
import { lockDataDir } from "./data-dir-lock";
import { preparingStatements } from "./prepared-statements";
import { withPipelinedBegin } from "./pipelined-begin";
import { postgresClient } from "./postgres-client";

export interface PgliteOptions {
  /** Start from a `dumpDataDir` tarball instead of an empty cluster (tests start from a migrated one). */
  loadDataDir?: Blob;
  /** Server settings (`-c name=value`) on top of PGlite's own start parameters. */
  settings?: Record<string, string>;
  /** initdb arguments on top of PGlite's, for a cluster created here. */
  initdbArgs?: string[];
}

/** Open an embedded PGlite database in `dataDir` (created when missing), or in memory for `memory://`. */
export async function openPglite(dataDir: string, options: PgliteOptions = {}): Promise<DbHandle> {
  const { PGlite } = await import("@electric-sql/pglite");
  const { pg_trgm } = await import("@electric-sql/pglite/contrib/pg_trgm");
  const { drizzle } = await import("drizzle-orm/pglite");
  const inMemory = dataDir.startsWith("memory://");
  if (!inMemory) mkdirSync(dataDir, { recursive: true });
  const release = inMemory ? () => undefined : lockDataDir(dataDir);
  // pg_trgm backs the backoffice search indexes (migration 0003); PostgreSQL servers ship it in contrib.
  const settings = Object.entries(options.settings ?? {}).flatMap(([name, value]) => ["-c", `${name}=${value}`]);
  const client = new PGlite(dataDir, {
    extensions: { pg_trgm },
    loadDataDir: options.loadDataDir,
    ...(settings.length ? { startParams: [...PGlite.defaultStartParams, ...settings] } : {}),
    ...(options.initdbArgs ? { initDbStartParams: options.initdbArgs } : {}),
  });
  await client.waitReady;
  const db = drizzle({ client, schema });
  return {
    db: db as unknown as DbHandle["db"],
    kind: "pglite",
    async listen(channel, onNotify) {
      const unsubscribe = await client.listen(channel, onNotify);
      return async () => unsubscribe();
    },
    close: async () => {
      if (!client.closed) await client.close();
      release();
    },
  };
}

export interface PostgresOptions {
  max?: number;
  preparedStatements?: boolean;
  /** `statement_timeout` of every connection, in ms (0: none; unset: the server's default). */
  statementTimeoutMs?: number;
  /** `idle_in_transaction_session_timeout` of every connection, in ms (0: none; unset: the server's default). */
  idleInTransactionTimeoutMs?: number;
  /** Where LISTEN connects (a session), when `url` is a transaction-mode pooler; default `url`. */
  listenUrl?: string;
}

/**
 * Connect to a PostgreSQL server through postgres.js with a pool of `max` connections. Parameterised queries
 * are named prepared statements unless `preparedStatements` is false (for a pooler in transaction mode that
 * cannot keep them, e.g. PgBouncer before 1.21). The time limits are sent as startup parameters, so every
 * connection of the pool has them, including those opened after a drop. LISTEN connects to `listenUrl` when given
 * (a direct or session-mode connection: a transaction-mode pooler does not deliver notifications).
 */
export async function openPostgres(url: string, options: PostgresOptions = {}): Promise<DbHandle> {
  const { drizzle } = await import("drizzle-orm/postgres-js");
  const prepare = options.preparedStatements !== false;
  const connection: Record<string, string> = {};
  if (options.statementTimeoutMs !== undefined) connection.statement_timeout = String(options.statementTimeoutMs);
  if (options.idleInTransactionTimeoutMs !== undefined) connection.idle_in_transaction_session_timeout = String(options.idleInTransactionTimeoutMs);
  const client = await postgresClient(url, { max: options.max ?? 10, onnotice: () => undefined, connect_timeout: 10, prepare, connection });
  await client`select 1`;
  const db = drizzle({ client: withPipelinedBegin(prepare ? preparingStatements(client) : client), schema });
  const listener = options.listenUrl ? await postgresClient(options.listenUrl, { max: 1, onnotice: () => undefined, connect_timeout: 10 }) : client;
  return {
    db: db as unknown as DbHandle["db"],
    kind: "postgres",
    async listen(channel, onNotify, onRelisten) {
      // postgres.js re-runs LISTEN on a new connection after a drop and calls `onlisten` each time.
      let listened = false;
      const sub = await listener.listen(
        channel,
        (payload) => onNotify(payload),
        () => {
          if (listened) onRelisten?.();
          listened = true;
        },
      );
      return () => sub.unlisten();
    },
    close: async () => {
      await Promise.all([client.end({ timeout: 5 }), listener === client ? undefined : listener.end({ timeout: 5 })]);
    },
  };
}
