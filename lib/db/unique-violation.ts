import { sqlStatesOf } from "./refused-by-database";

/** Whether `error` is PostgreSQL's 23505 (a unique index refused the row), possibly wrapped by Drizzle (`cause`). */
export function isUniqueViolation(error: unknown): boolean {
  return sqlStatesOf(error).includes("23505");
}
