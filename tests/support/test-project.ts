import { afterAll, beforeAll } from "vitest";
import type { DbHandle } from "../../lib/db/client";
import { seedDefinition, seedProject } from "./seed";
import { openOtherProcess, openTestDatabase, type TestDatabase } from "./test-database";

/** The file's database (usable once `beforeAll` ran: read it inside tests and hooks) and the project's API key. */
export type TestProject = TestDatabase & { readonly apiKey: string };

/**
 * The usual setup of an integration test file: a fresh database (`openTestDatabase`: PGlite, or a database of
 * its own on the PostgreSQL server) with one project, its secrets and the given definitions (`seedDefinition`
 * options each), disposed after the file.
 *
 * @example
 * const t = testProject("start-run", { definitions: [{ id: "versioned" }] });
 * it("…", async () => { await startRun(t.db, …) });
 */
export function testProject(
  projectId: string,
  options: { definitions?: Parameters<typeof seedDefinition>[2][]; secrets?: Record<string, string> } = {},
): TestProject {
  let t: (TestDatabase & { apiKey: string }) | undefined;
  beforeAll(async () => {
    t = { ...(await openTestDatabase()), apiKey: "" };
    t.apiKey = await seedProject(t.db, projectId, options.secrets);
    for (const definition of options.definitions ?? []) await seedDefinition(t.db, projectId, definition);
  });
  afterAll(async () => {
    await t?.dispose();
  });
  return lateBound("testProject: the database", () => t);
}

/**
 * Another app process on the file's database (`openOtherProcess`: a pool of its own with `max` connections on
 * PostgreSQL), opened after the database and closed before it; for tests of what one process sees of another's work.
 *
 * @example
 * const t = testProject("revocation");
 * const other = testOtherProcess(t, 2);
 */
export function testOtherProcess(t: TestDatabase, max: number): DbHandle {
  let other: DbHandle | undefined;
  beforeAll(async () => {
    other = await openOtherProcess(t, max);
  });
  afterAll(async () => {
    await other?.close();
  });
  return lateBound("testOtherProcess: the other process", () => other);
}

/**
 * Stands for a value a `beforeAll` hook makes: reads go to the value (its methods bound to it); a read before
 * the hook ran throws, naming `what`.
 */
function lateBound<T extends object>(what: string, current: () => T | undefined): T {
  return new Proxy({} as T, {
    get(_, name) {
      const value = current();
      if (!value) throw new Error(`${what} is opened in beforeAll; use it inside tests or hooks`);
      const field = value[name as keyof T];
      return typeof field === "function" ? field.bind(value) : field;
    },
  });
}
