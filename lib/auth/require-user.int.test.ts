import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { seedProject } from "../../tests/support/seed";
import { openTestDatabase, type TestDatabase } from "../../tests/support/test-database";
import { createUser } from "../users/create-user";
import { requireUser } from "./require-user";
import { sessionCookie } from "./session-token";

// Pages and layouts read the session cookie from Next.js's request scope (`cookies()`), which exists only inside
// Next.js: it is stood in for by a cookie jar. The session, the users row and the redirect are real.
const jar = new Map<string, string>();
vi.mock("next/headers", () => ({
  cookies: async () => ({ get: (name: string) => (jar.has(name) ? { name, value: jar.get(name)! } : undefined) }),
}));

const P = "require-user";
let t: TestDatabase;

beforeAll(async () => {
  t = await openTestDatabase();
  await seedProject(t.db, P);
});

afterAll(async () => {
  await t?.dispose();
});

/** Where `requireUser` redirected to (Next.js's redirect throws an error whose digest carries the location). */
async function redirectOf(run: Promise<unknown>): Promise<string> {
  const error = (await run.then(() => null, (e: unknown) => e)) as { digest?: string } | null;
  expect(error?.digest).toMatch(/^NEXT_REDIRECT;/);
  return error!.digest!.split(";")[2];
}

describe(`requireUser (${process.env.TEST_DB_KIND})`, () => {
  it("answers the signed-in user of the page's session cookie", async () => {
    const { id } = await createUser(t.db, P, { email: "ada@require.test", firstName: "Ada", lastName: "", role: "admin", password: "a long enough passphrase" });
    // A new user starts at session version 1.
    const [name, value] = (await sessionCookie({ id, email: "ada@require.test", name: "Ada", role: "admin", projectId: P, sessionVersion: 1 })).split(";")[0].split("=");
    jar.set(name, value);
    try {
      expect(await requireUser("/cases")).toEqual({ id, email: "ada@require.test", name: "Ada", role: "admin", projectId: P });
    } finally {
      jar.clear();
    }
  });

  it("without a session redirects to the sign-in page, with the way back when given", async () => {
    expect(await redirectOf(requireUser("/queues/q1?tab=open"))).toBe("/login?callbackUrl=%2Fqueues%2Fq1%3Ftab%3Dopen");
    expect(await redirectOf(requireUser())).toBe("/login");
    jar.set("next-auth.session-token", "not a token");
    try {
      expect(await redirectOf(requireUser(""))).toBe("/login");
    } finally {
      jar.clear();
    }
  });
});
