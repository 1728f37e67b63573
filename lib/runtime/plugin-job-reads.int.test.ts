import { describe, expect, it } from "vitest";
import { throughCountingRelay } from "../../tests/support/counting-relay";
import { runContext, seedDefinition, seedProject } from "../../tests/support/seed";
import { testProject } from "../../tests/support/test-project";
import { putSecret } from "../secrets/secret-store";
import { findRuntimeSoon, pluginSecretsSoon } from "./plugin-job-reads";
import { startRun } from "./start-run";

// The reads a plugin job makes before its call, shared by the jobs a worker starts in one turn (plugin-job-reads.ts).
const P = "plugin-job-reads";
const OTHER = "plugin-job-reads-other";
const t = testProject(P, { definitions: [{}], secrets: { TOKEN: "p-token" } });
const actor = { type: "api_key" as const, id: "test" };
const onServer = process.env.TEST_DB_KIND === "postgres";
const newRuntime = async (projectId: string) =>
  (await startRun(t.db, { projectId, workflowId: "kyb_manual_review_example", context: runContext("http://127.0.0.1:9", "1"), actor })).workflowRuntimeId;

describe("plugin job reads in one turn", () => {
  it("find each job's runtime in its own project only; an unknown, foreign or malformed id is null", async () => {
    await seedProject(t.db, OTHER, { TOKEN: "o-token" });
    await seedDefinition(t.db, OTHER);
    const [a, b, other] = [await newRuntime(P), await newRuntime(P), await newRuntime(OTHER)];
    const found = await Promise.all([
      findRuntimeSoon(t.db, P, a),
      findRuntimeSoon(t.db, P, b.toUpperCase()),
      findRuntimeSoon(t.db, OTHER, other),
      findRuntimeSoon(t.db, P, other),
      findRuntimeSoon(t.db, P, "00000000-0000-4000-8000-000000000000"),
      findRuntimeSoon(t.db, P, "not-a-uuid"),
    ]);
    expect(found.map((r) => r?.id ?? null)).toEqual([a, b, other, null, null, null]);
    expect(found[0]).toMatchObject({ projectId: P, state: "idle", context: { entity: { type: "business" } } });
    expect(await findRuntimeSoon(t.db, P, a)).toMatchObject({ id: a });
  });

  it("give the jobs of one project one secrets lookup, and each project its own values", async () => {
    await putSecret(t.db, P, "OTHER_NAME", "second");
    const [first, second, other] = await Promise.all([pluginSecretsSoon(t.db, P), pluginSecretsSoon(t.db, P), pluginSecretsSoon(t.db, OTHER)]);
    expect(second).toBe(first);
    expect([first.value("TOKEN"), first.value("OTHER_NAME"), first.value("MISSING")]).toEqual(["p-token", "second", undefined]);
    expect(other.value("TOKEN")).toBe("o-token");
    // A later turn reads afresh: a secret changed since is seen.
    await putSecret(t.db, P, "TOKEN", "rotated");
    expect((await pluginSecretsSoon(t.db, P)).value("TOKEN")).toBe("rotated");
  });

  it.runIf(onServer)("cost the socket writes of one job's reads for all the jobs of a turn", async () => {
    const ids = await Promise.all([1, 2, 3, 4, 5].map(() => newRuntime(P)));
    await throughCountingRelay(t.url!, 1, async (db, sent) => {
      const reads = (few: string[]) => Promise.all(few.map(async (id) => [await findRuntimeSoon(db, P, id), await pluginSecretsSoon(db, P)] as const));
      // The first use of each statement on a connection describes it first (a round trip of its own).
      await reads([ids[0]]);
      let before = sent();
      await reads([ids[1]]);
      const alone = sent() - before;
      before = sent();
      const all = await reads(ids.slice(2));
      expect(sent() - before).toBe(alone);
      expect(all.map(([runtime]) => runtime?.id)).toEqual(ids.slice(2));
      expect(new Set(all.map(([, secrets]) => secrets)).size).toBe(1);
    });
  });
});
