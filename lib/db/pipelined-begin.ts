import type { ReservedSql, Sql } from "postgres";

type Work = (sql: Sql) => unknown;
/** The part of postgres.js's connection object this file uses: the pool calls `onclose` once the socket closed. */
interface PoolConnection {
  onclose: ((error: Error) => void) | null;
}

/**
 * postgres.js with a `begin` whose BEGIN travels in the same network write as the transaction's first statement.
 *
 * postgres.js's own `begin` awaits BEGIN's answer before it runs the work, so every transaction costs one round
 * trip, and one socket write, more than its statements. Here a connection is reserved, BEGIN is queued on it and
 * the work runs at once: postgres.js buffers small messages until the end of the event-loop turn, so the work's
 * first statement, sent in that turn, goes out with BEGIN (PostgreSQL runs pipelined messages in order).
 *
 * The contract is postgres.js's: the work's result after COMMIT; on any error ROLLBACK and the error rethrown.
 * `savepoint` (drizzle's nested transactions) runs the work under a savepoint rolled back on error.
 *
 * A connection that closes inside the transaction (dropped, or ended by the server's
 * `idle_in_transaction_session_timeout`) fails every later statement of the work with postgres.js's
 * `CONNECTION_CLOSED` error, and is not given back to the pool (postgres.js reconnects it); one that answered
 * COMMIT or ROLLBACK is. Relies on two internals of postgres.js 3.4 (pinned): a query's `onexecute` option receives
 * the connection, and the pool calls that connection's `onclose` when it closes, as postgres.js's `begin` does.
 */
export function withPipelinedBegin<T extends Sql>(sql: T): T {
  return new Proxy(sql, {
    get(target, prop, receiver) {
      if (prop === "begin") return (...args: unknown[]) => pipelinedBegin(target, args.pop() as Work, typeof args[0] === "string" ? args[0] : "");
      return Reflect.get(target, prop, receiver);
    },
  });
}

async function pipelinedBegin(pool: Sql, work: Work, options: string): Promise<unknown> {
  const reserved = await pool.reserve();
  let closedBy: Error | null = null;
  const onexecute = (connection: PoolConnection) => {
    connection.onclose = (error) => void (closedBy = error);
    return true;
  };
  const begun = reserved.unsafe(`begin ${options.replace(/[^a-z ]/gi, "")}`, [], { onexecute } as never);
  begun.execute();
  // A failed BEGIN also fails the statements queued after it; observe it here so it never goes unhandled.
  begun.catch(() => undefined);
  const conn = guarded(reserved, () => closedBy);
  let result: unknown;
  try {
    result = await settle(work(inTransaction(conn)));
    await begun;
    await conn.unsafe("commit");
  } catch (error) {
    // After a failed COMMIT PostgreSQL has already rolled back; ROLLBACK then only warns.
    const rolledBack = await conn.unsafe("rollback").then(() => true, () => false);
    if (rolledBack) reserved.release();
    throw error;
  }
  reserved.release();
  return result;
}

/** `reserved`, refusing every query once its connection has closed (postgres.js would write to a closed socket). */
function guarded(reserved: ReservedSql, closedBy: () => Error | null): ReservedSql {
  return new Proxy(reserved, {
    get(target, prop, receiver) {
      const value = Reflect.get(target, prop, receiver);
      if (prop !== "unsafe") return value;
      return (...args: Parameters<Sql["unsafe"]>) => {
        const closed = closedBy();
        if (closed) throw closed;
        return target.unsafe(...args);
      };
    },
  });
}

/** The reserved connection as the work sees it: postgres.js's `sql`, plus `savepoint`. */
function inTransaction(conn: ReservedSql): Sql {
  let count = 0;
  const savepoint = async (...args: unknown[]): Promise<unknown> => {
    const work = args.pop() as Work;
    const name = `s${count++}${typeof args[0] === "string" ? `_${args[0].replace(/[^a-z0-9_]/gi, "")}` : ""}`;
    await conn.unsafe(`savepoint ${name}`);
    try {
      return await settle(work(tx));
    } catch (error) {
      await conn.unsafe(`rollback to ${name}`);
      throw error;
    }
  };
  const tx: Sql = new Proxy(conn, {
    get(target, prop, receiver) {
      if (prop === "savepoint") return savepoint;
      return Reflect.get(target, prop, receiver);
    },
  });
  return tx;
}

/** A work's result as postgres.js's `begin` takes it: an array of queries is awaited as a whole. */
function settle(value: unknown): Promise<unknown> {
  return Array.isArray(value) ? Promise.all(value) : Promise.resolve(value);
}
