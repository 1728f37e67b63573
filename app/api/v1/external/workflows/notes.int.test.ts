import { beforeAll, describe, expect, it } from "vitest";
import { addNote } from "@/lib/notes";
import { sendEvent } from "@/lib/runtime/send-event";
import { startRun } from "@/lib/runtime/start-run";
import { call } from "@/tests/support/http";
import { getRuntime, runContext, seedProject } from "@/tests/support/seed";
import { testProject } from "@/tests/support/test-project";
import { GET as listNotes, POST as postNote } from "./[workflowRuntimeId]/notes/route";

const P = "notes-api";
const t = testProject(P, {
  definitions: [{}, { id: "kyb_finish", edit: (d) => Object.assign(d.definition.states.idle, { on: { ...d.definition.states.idle.on, finish: "approve" } }) }],
});
let otherKey: string;
const actor = { type: "api_key" as const, id: "test" };

beforeAll(async () => {
  otherKey = await seedProject(t.db, "notes-other");
});

async function runtime(workflowId = "kyb_manual_review_example") {
  const run = await startRun(t.db, { projectId: P, workflowId, context: runContext("http://127.0.0.1:9", "1000"), actor });
  return run.workflowRuntimeId;
}

const post = (id: string, body: unknown, key = t.apiKey) => call(postNote, "POST", "/n", { key, body, params: { workflowRuntimeId: id } });
const list = (id: string, query = "", key = t.apiKey) => call(listNotes, "GET", `/n${query}`, { key, params: { workflowRuntimeId: id } });

describe(`notes API (${process.env.TEST_DB_KIND})`, () => {
  it("POST stores a trimmed note with the API key's name as author and answers 201; the case itself does not change", async () => {
    const id = await runtime();
    const res = await post(id, { text: "  Called the client: new proof of address on its way.\n" });
    expect(res.status).toBe(201);
    expect(res.json).toEqual({
      id: expect.stringMatching(/^[0-9a-f-]{36}$/),
      workflowRuntimeId: id,
      text: "Called the client: new proof of address on its way.",
      author: { type: "api_key", id: expect.any(String), name: "test" },
      createdAt: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T/),
    });
    expect((await getRuntime(t.db, id)).version).toBe(1);
  });

  it("refuses a blank note and one over 10,000 characters with 422 at /text; 10,000 characters (counted as characters, not UTF-16 units) pass", async () => {
    const id = await runtime();
    for (const text of ["   \n ", "x".repeat(10_001), "😀".repeat(10_001)]) {
      const res = await post(id, { text });
      expect(res.status).toBe(422);
      expect(res.json).toMatchObject({ code: "validation_failed", errors: [{ path: "/text" }] });
    }
    expect((await post(id, { text: "😀".repeat(10_000) })).status).toBe(201);
    expect((await post(id, { text: "x".repeat(10_000) })).status).toBe(201);
    await expect(addNote(t.db, { projectId: P, runtimeId: id, text: " ", author: { type: "reviewer", id: null, name: "Ada" } })).rejects.toMatchObject({ code: "validation_failed" });
    expect((await list(id)).json.data).toHaveLength(2);
  });

  it("GET pages newest first with a cursor; notes by reviewers and API keys alike", async () => {
    const id = await runtime();
    for (const n of [1, 2, 3]) expect((await post(id, { text: `note ${n}` })).status).toBe(201);
    await addNote(t.db, { projectId: P, runtimeId: id, text: "note 4", author: { type: "reviewer", id: "7d9f4a52-0000-4000-8000-0000000000aa", name: "Grace Hopper" } });
    await post(id, { text: "note 5" });
    const texts: string[] = [];
    let cursor: string | null = null;
    do {
      const page: { status: number; json: { data: Array<{ text: string }>; nextCursor: string | null } } = await list(id, `?limit=2${cursor ? `&cursor=${cursor}` : ""}`);
      expect(page.status).toBe(200);
      expect(page.json.data.length).toBeLessThanOrEqual(2);
      texts.push(...page.json.data.map((n) => n.text));
      cursor = page.json.nextCursor;
    } while (cursor);
    expect(texts).toEqual(["note 5", "note 4", "note 3", "note 2", "note 1"]);
    const all = await list(id);
    expect(all.json.data[1].author).toEqual({ type: "reviewer", id: "7d9f4a52-0000-4000-8000-0000000000aa", name: "Grace Hopper" });
    expect(all.json.nextCursor).toBeNull();
    const bad = await list(id, "?cursor=not-a-cursor");
    expect(bad.status).toBe(422);
    expect(bad.json.code).toBe("invalid_cursor");
  });

  it("notes are allowed on a completed runtime: a note is not a change to the case", async () => {
    const id = await runtime("kyb_finish");
    await sendEvent(t.db, { projectId: P, runtimeId: id, name: "finish", origin: "api", actor });
    const before = await getRuntime(t.db, id);
    expect(before.status).toBe("completed");
    expect((await post(id, { text: "Archived after the call." })).status).toBe(201);
    expect((await list(id)).json.data.map((n: { text: string }) => n.text)).toEqual(["Archived after the call."]);
    expect((await getRuntime(t.db, id)).version).toBe(before.version);
  });

  it("an unknown runtime, or another project's, is 404 for both routes and stores nothing", async () => {
    const id = await runtime();
    for (const res of [
      await post("7d9f4a52-0000-4000-8000-000000000999", { text: "x" }),
      await post("not-a-uuid", { text: "x" }),
      await post(id, { text: "x" }, otherKey),
      await list(id, "", otherKey),
      await list("not-a-uuid"),
    ]) {
      expect(res.status).toBe(404);
      expect(res.json.code).toBe("not_found");
    }
    expect((await list(id)).json.data).toEqual([]);
  });
});
