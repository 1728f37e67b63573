import { afterAll, beforeAll } from "vitest";
import { seedDefinition, seedProject } from "./seed";
import { openTestDatabase, type TestDatabase } from "./test-database";

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
  let t: TestDatabase | undefined;
  let apiKey = "";
  beforeAll(async () => {
    t = await openTestDatabase();
    apiKey = await seedProject(t.db, projectId, options.secrets);
    for (const definition of options.definitions ?? []) await seedDefinition(t.db, projectId, definition);
  });
  afterAll(async () => {
    await t?.dispose();
  });
  return new Proxy({} as TestProject, {
    get(_, name) {
      if (name === "apiKey") return apiKey;
      if (!t) throw new Error("testProject: the database is opened in beforeAll; use it inside tests or hooks");
      const value = t[name as keyof TestDatabase];
      return typeof value === "function" ? value.bind(t) : value;
    },
  });
}
