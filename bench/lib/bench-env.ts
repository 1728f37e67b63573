/**
 * Environment for the in-process benchmarks: fixed development keys, and the database `openTestDatabase()` will
 * open — a fresh database on BENCH_DATABASE_URL's server when set, else an in-memory PGlite.
 */
export function selectBenchDatabase(): void {
  process.env.MASTER_KEY ??= "0f".repeat(32);
  process.env.AUTH_SECRET ??= "bench";
  process.env.TEST_DB_KIND = process.env.BENCH_DATABASE_URL ? "postgres" : "pglite";
  if (process.env.BENCH_DATABASE_URL) process.env.TEST_DATABASE_URL = process.env.BENCH_DATABASE_URL;
}
