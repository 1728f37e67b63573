import type { Options, PostgresType, Sql } from "postgres";
import { serverAddress } from "./server-address";

/**
 * A postgres.js client for a connection string, with libpq's `?host=<folder>` (a Unix-domain socket) understood
 * (`serverAddress`): the app's pool, its LISTEN connection and its migrations connect through here.
 */
export async function postgresClient(url: string, options: Options<Record<string, PostgresType>>): Promise<Sql> {
  const { default: postgres } = await import("postgres");
  const server = serverAddress(url);
  return postgres(server.url, { ...server.options, ...options });
}
