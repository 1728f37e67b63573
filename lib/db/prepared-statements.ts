import type { Sql } from "postgres";

/**
 * Make every parameterised query drizzle sends through postgres.js a named prepared statement.
 *
 * Drizzle passes `prepare: false` unless a query is built with `.prepare(name)`. postgres.js then sends an
 * unnamed statement with parameters as two round trips (Parse/Describe, then Bind/Execute) and PostgreSQL
 * parses and plans it every time. A named statement is described once per connection and afterwards costs one
 * round trip with a cached plan. Queries without parameters (migrations, `begin`, multi-statement DDL) keep
 * the simple path. The wrapper follows `reserve`, so transactions (`withPipelinedBegin`, which runs each on a
 * reserved connection) get it too.
 */
export function preparingStatements<T extends Sql>(sql: T): T {
  return new Proxy(sql, {
    get(target, prop, receiver) {
      if (prop === "unsafe") {
        return (query: string, params?: unknown[], options?: Record<string, unknown>) =>
          target.unsafe(query, params as never, params && params.length > 0 ? { ...options, prepare: true } : options);
      }
      if (prop === "reserve") return async () => preparingStatements(await target.reserve());
      return Reflect.get(target, prop, receiver);
    },
  });
}
