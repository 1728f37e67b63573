import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { and, eq, sql } from "drizzle-orm";
import { runtimeDocumentVersions, runtimeHistory } from "@/lib/db/schema";
import { startRun } from "@/lib/runtime/start-run";
import { sendEvent } from "@/lib/runtime/send-event";
import { call } from "@/tests/support/http";
import { getRuntime, runContext, seedDefinition, seedProject } from "@/tests/support/seed";
import { eventually } from "@/tests/support/vendor-stub";
import { eventsOf, setUpWebhookTest, type WebhookTest } from "@/tests/support/webhook-test";
import { POST as addDocument } from "./[workflowRuntimeId]/documents/route";
import { DELETE as deleteDocument, PUT as replaceDocument } from "./[workflowRuntimeId]/documents/[documentId]/route";
import { GET as listVersions } from "./[workflowRuntimeId]/documents/[documentId]/versions/route";

const P = "documents-api";
let w: WebhookTest;
let otherKey: string;

const DOCUMENTS_SCHEMA = {
  type: "object",
  required: ["category"],
  properties: { category: { type: "string", enum: ["registration_document", "proof_of_address"] }, issuer: { type: "object", properties: { country: { type: "string", minLength: 2, maxLength: 2 } } } },
};

beforeAll(async () => {
  w = await setUpWebhookTest({ projectId: P });
  otherKey = await seedProject(w.t.db, "documents-other");
  await seedDefinition(w.t.db, P);
  await seedDefinition(w.t.db, P, { id: "kyb_finish", edit: (d) => Object.assign(d.definition.states.idle, { on: { ...d.definition.states.idle.on, finish: "approve" } }) });
  await seedDefinition(w.t.db, P, { id: "kyb_documents_schema" });
  await w.t.db.execute(sql`update workflow_definitions set documents_schema = ${JSON.stringify(DOCUMENTS_SCHEMA)}::json where id = 'kyb_documents_schema'`);
});

afterAll(async () => w?.close());

const REGISTRATION = { category: "registration_document", type: "certificate_of_incorporation", issuer: { country: "GB" }, pages: [{ provider: "http", uri: "https://files.example/reg-1.pdf", type: "pdf", metadata: { side: "front", pageNumber: 1 } }] };

/** A runtime in `idle` (no plugin runs), with the given documents and config. */
async function idleRuntime(options: { workflowId?: string; documents?: Record<string, unknown>[]; config?: Record<string, unknown> } = {}) {
  const context = { ...runContext(w.vendor.origin, "1000"), documents: options.documents ?? [] };
  const run = await startRun(w.t.db, { projectId: P, workflowId: options.workflowId ?? "kyb_manual_review_example", context, config: options.config, actor: w.actor });
  return run.workflowRuntimeId;
}

const path = (runtimeId: string, documentId?: string) => ({ workflowRuntimeId: runtimeId, ...(documentId === undefined ? {} : { documentId }) });
const post = (runtimeId: string, body: unknown, headers: Record<string, string> = {}, key = w.apiKey) => call(addDocument, "POST", "/d", { key, body, headers, params: path(runtimeId) });
const put = (runtimeId: string, documentId: string, body: unknown, headers: Record<string, string> = {}) =>
  call(replaceDocument, "PUT", "/d", { key: w.apiKey, body, headers, params: path(runtimeId, documentId) });
const del = (runtimeId: string, documentId: string, headers: Record<string, string> = {}, key = w.apiKey) => call(deleteDocument, "DELETE", "/d", { key, headers, params: path(runtimeId, documentId) });
const versions = (runtimeId: string, documentId: string, key = w.apiKey) => call(listVersions, "GET", "/d", { key, params: path(runtimeId, documentId) });
const storedVersions = (runtimeId: string, documentId: string) =>
  w.t.db.select().from(runtimeDocumentVersions).where(and(eq(runtimeDocumentVersions.runtimeId, runtimeId), eq(runtimeDocumentVersions.documentId, documentId)));

describe(`documents API (${process.env.TEST_DB_KIND})`, () => {
  it("POST adds a document at version 1, pending review, with a generated id; the runtime's version moves, its state does not", async () => {
    const id = await idleRuntime();
    const res = await post(id, REGISTRATION);
    expect(res.status).toBe(201);
    expect(res.json).toMatchObject({ workflowRuntimeId: id, version: 2, document: { ...REGISTRATION, id: expect.stringMatching(/^[0-9a-f-]{36}$/), version: 1, decision: { status: "pending", revisionReason: null, rejectionReason: null } } });
    expect(res.headers.get("etag")).toBe('"2"');
    const runtime = await getRuntime(w.t.db, id);
    expect(runtime).toMatchObject({ state: "idle", version: 2 });
    expect(runtime.context.documents).toEqual([res.json.document]);
    const history = await w.t.db.select().from(runtimeHistory).where(and(eq(runtimeHistory.runtimeId, id), eq(runtimeHistory.kind, "context_update")));
    expect(history).toMatchObject([{ eventName: "document.added", payload: { documentId: res.json.document.id, version: 1, change: "added" }, actorType: "api_key" }]);
  });

  it("POST with a given id keeps it; the same id again is 409 document_exists and stores nothing", async () => {
    const id = await idleRuntime();
    const first = await post(id, { ...REGISTRATION, id: "reg-1", version: 1 });
    expect(first.status).toBe(201);
    expect(first.json.document).toMatchObject({ id: "reg-1", version: 1 });
    const again = await post(id, { ...REGISTRATION, id: "reg-1" });
    expect(again.status).toBe(409);
    expect(again.json).toMatchObject({
      code: "document_exists",
      detail: "The runtime's document 'reg-1' exists; replace it with PUT …/documents/reg-1; add the new document under another id (or leave the id out).",
      errors: [{ path: "/id", message: "already used by a document of this runtime" }],
    });
    expect((await getRuntime(w.t.db, id)).version).toBe(2);
  });

  it("PUT twice: versions 2 and 3, each decision back to pending, and every earlier version listed newest first", async () => {
    const id = await idleRuntime({ documents: [{ ...REGISTRATION, id: "reg", decision: { status: "revision", revisionReason: "blurred", rejectionReason: null } }] });
    const second = await put(id, "reg", { ...REGISTRATION, type: "certificate_v2" });
    expect(second.status).toBe(200);
    expect(second.json).toMatchObject({ version: 2, document: { id: "reg", version: 2, type: "certificate_v2", decision: { status: "pending", revisionReason: null } } });
    expect(second.headers.get("etag")).toBe('"2"');
    const third = await put(id, "reg", { ...REGISTRATION, id: "reg", version: 3, type: "certificate_v3" }, { "if-match": '"2"' });
    expect(third.status).toBe(200);
    expect(third.json.document).toMatchObject({ version: 3, type: "certificate_v3" });

    const listed = await versions(id, "reg");
    expect(listed.status).toBe(200);
    expect(listed.json.data.map((v: { version: number; current: boolean }) => [v.version, v.current])).toEqual([[3, true], [2, false], [1, false]]);
    expect(listed.json.data[1]).toMatchObject({ document: { type: "certificate_v2", decision: { status: "pending" } }, supersededBy: { type: "api_key" }, supersededAt: expect.any(String) });
    expect(listed.json.data[2].document).toMatchObject({ type: "certificate_of_incorporation", decision: { status: "revision", revisionReason: "blurred" } });
    expect((await getRuntime(w.t.db, id)).context.documents).toEqual([third.json.document]);
  });

  it("DELETE answers 204, removes the document from the context and keeps it in its versions; its id is not given out again", async () => {
    const id = await idleRuntime({ documents: [{ ...REGISTRATION, id: "gone" }, { category: "proof_of_address", id: "stays" }] });
    const res = await del(id, "gone");
    expect(res.status).toBe(204);
    expect(res.json).toBeNull();
    const runtime = await getRuntime(w.t.db, id);
    expect(runtime.context.documents).toEqual([{ category: "proof_of_address", id: "stays" }]);
    expect(runtime.version).toBe(2);
    const listed = await versions(id, "gone");
    expect(listed.json.data).toMatchObject([{ version: 1, current: false, document: { ...REGISTRATION, id: "gone" } }]);
    const history = await w.t.db.select().from(runtimeHistory).where(and(eq(runtimeHistory.runtimeId, id), eq(runtimeHistory.kind, "context_update")));
    expect(history).toMatchObject([{ eventName: "document.deleted", payload: { documentId: "gone", version: 1, change: "deleted" }, actorType: "api_key", actorId: expect.any(String) }]);
    // A document change is a context update, not a transition.
    expect(await w.t.db.select().from(runtimeHistory).where(and(eq(runtimeHistory.runtimeId, id), eq(runtimeHistory.kind, "transition")))).toEqual([]);
    expect((await del(id, "gone")).status).toBe(404);
    const readd = await post(id, { ...REGISTRATION, id: "gone" });
    expect(readd.status).toBe(409);
    expect(readd.json).toMatchObject({ code: "document_exists", detail: "The runtime's document 'gone' was deleted; its id stays with its history; add the new document under another id (or leave the id out)." });
  });

  it("concurrent replaces of one document are serialized: no version is lost", async () => {
    const id = await idleRuntime({ documents: [{ ...REGISTRATION, id: "busy" }] });
    const answers = await Promise.all(Array.from({ length: 6 }, (_, i) => put(id, "busy", { ...REGISTRATION, properties: { writer: i } })));
    expect(answers.map((a) => a.status)).toEqual([200, 200, 200, 200, 200, 200]);
    expect(answers.map((a) => a.json.document.version).sort((a, b) => a - b)).toEqual([2, 3, 4, 5, 6, 7]);
    const listed = await versions(id, "busy");
    expect(listed.json.data.map((v: { version: number }) => v.version)).toEqual([7, 6, 5, 4, 3, 2, 1]);
    expect((await storedVersions(id, "busy")).map((v) => v.version).sort((a, b) => a - b)).toEqual([1, 2, 3, 4, 5, 6]);
    expect((await getRuntime(w.t.db, id)).version).toBe(7);
  });

  it("a stale If-Match is 412 version_conflict and stores nothing", async () => {
    const id = await idleRuntime({ documents: [{ ...REGISTRATION, id: "reg" }] });
    for (const res of [await post(id, REGISTRATION, { "if-match": '"7"' }), await put(id, "reg", REGISTRATION, { "if-match": '"7"' }), await del(id, "reg", { "if-match": '"7"' })]) {
      expect(res.status).toBe(412);
      expect(res.json.code).toBe("version_conflict");
    }
    const runtime = await getRuntime(w.t.db, id);
    expect(runtime.version).toBe(1);
    expect(runtime.context.documents).toEqual([{ ...REGISTRATION, id: "reg" }]);
    expect(await storedVersions(id, "reg")).toEqual([]);
  });

  it("unknown runtimes and documents, and another project's runtime, are 404", async () => {
    const id = await idleRuntime({ documents: [{ ...REGISTRATION, id: "reg" }] });
    const unknown = "7d9f4a52-0000-4000-8000-000000000999";
    for (const res of [
      await post(unknown, REGISTRATION),
      await post("not-a-uuid", { ...REGISTRATION, id: "x" }),
      await post(id, REGISTRATION, {}, otherKey),
      await put(id, "nope", REGISTRATION),
      await del(id, "nope"),
      await del(id, "reg", {}, otherKey),
      await versions(id, "nope"),
      await versions(id, "reg", otherKey),
      await versions(unknown, "reg"),
    ]) {
      expect(res.status).toBe(404);
      expect(res.json.code).toBe("not_found");
    }
    expect((await getRuntime(w.t.db, id)).version).toBe(1);
  });

  it("a completed runtime refuses every document change with 409 runtime_not_active", async () => {
    const id = await idleRuntime({ workflowId: "kyb_finish", documents: [{ ...REGISTRATION, id: "reg" }] });
    await sendEvent(w.t.db, { projectId: P, runtimeId: id, name: "finish", origin: "api", actor: w.actor });
    const before = await getRuntime(w.t.db, id);
    expect(before.status).toBe("completed");
    for (const res of [await post(id, REGISTRATION), await put(id, "reg", REGISTRATION), await del(id, "reg")]) {
      expect(res.status).toBe(409);
      expect(res.json.code).toBe("runtime_not_active");
    }
    expect((await getRuntime(w.t.db, id)).version).toBe(before.version);
    expect((await versions(id, "reg")).json.data).toHaveLength(1);
  });

  it("refuses bad documents with 422 and pointers: the base shape, service-owned fields, the definition's documentsSchema", async () => {
    const id = await idleRuntime({ workflowId: "kyb_documents_schema", documents: [{ ...REGISTRATION, id: "reg" }] });
    const shape = await post(id, { category: "proof_of_address", pages: "one" });
    expect(shape.status).toBe(422);
    expect(shape.json.errors).toEqual([expect.objectContaining({ path: "/pages" })]);
    const owned = await put(id, "reg", { ...REGISTRATION, id: "other", version: 5 });
    expect(owned.status).toBe(422);
    expect(owned.json.errors.map((e: { path: string }) => e.path).sort()).toEqual(["/id", "/version"]);
    const decided = await post(id, { ...REGISTRATION, decision: { status: "approved" } });
    expect(decided.status).toBe(422);
    expect(decided.json.errors).toEqual([expect.objectContaining({ path: "/decision" })]);
    const schema = await post(id, { category: "passport", issuer: { country: "GBR" } });
    expect(schema.status).toBe(422);
    expect(schema.json.code).toBe("validation_failed");
    expect(schema.json.errors.map((e: { path: string }) => e.path).sort()).toEqual(["/category", "/issuer/country"]);
    const replaced = await put(id, "reg", { type: "no category" });
    expect(replaced.status).toBe(422);
    expect(replaced.json.errors).toEqual([expect.objectContaining({ path: "/category" })]);
    const runtime = await getRuntime(w.t.db, id);
    expect(runtime.version).toBe(1);
    expect(await storedVersions(id, "reg")).toEqual([]);
    expect((await post(id, { category: "proof_of_address", issuer: { country: "FR" } })).status).toBe(201);
  });

  it("each change emits workflow.context.document.updated with the document, its version and the kind of change (subscribed as such or as document.changed)", async () => {
    const config = {
      subscriptions: [
        { type: "webhook", url: `${w.receiver.origin}/documents`, events: ["workflow.context.document.changed"] },
        { type: "webhook", url: `${w.receiver.origin}/updates`, events: ["workflow.context.document.updated"] },
      ],
    };
    const id = await idleRuntime({ config, documents: [{ ...REGISTRATION, id: "reg" }] });
    const added = await post(id, { category: "proof_of_address", id: "poa" });
    await put(id, "reg", { ...REGISTRATION, type: "certificate_v2" });
    await del(id, "poa");
    const events = await eventually(async () => {
      const got = eventsOf(w.receiver.received, id, "/documents");
      return got.length >= 3 ? got : null;
    }, "three document events");
    expect(events.map((e) => [e.eventName, e.actions, e.documentChanges?.map((c) => [c.documentId, c.version, c.change])])).toEqual([
      ["workflow.context.document.updated", ["document_added"], [["poa", 1, "added"]]],
      ["workflow.context.document.updated", ["document_replaced"], [["reg", 2, "replaced"]]],
      ["workflow.context.document.updated", ["document_deleted"], [["poa", 1, "deleted"]]],
    ]);
    expect(events[0].documentChanges?.[0].document).toEqual(added.json.document);
    expect(events[1].documentChanges?.[0].document).toMatchObject({ type: "certificate_v2", decision: { status: "pending" } });
    expect(events[2].documentChanges?.[0].document).toEqual(added.json.document);
    expect(events[2].data.documents).toEqual([events[1].documentChanges?.[0].document]);
    const updates = await eventually(async () => {
      const got = eventsOf(w.receiver.received, id, "/updates");
      return got.length >= 3 ? got : null;
    }, "the same three events for the document.updated subscription");
    expect(updates.map((e) => e.id)).toEqual(events.map((e) => e.id));
  });
});
