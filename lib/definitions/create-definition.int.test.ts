import { describe, expect, it } from "vitest";
import { and, count, eq } from "drizzle-orm";
import type { CreateDefinitionRequest } from "../api/schemas/definitions";
import { testProject } from "../../tests/support/test-project";
import { workflowDefinitions, workflowRuntimes } from "../db/schema";
import { EXAMPLE, runContext, seedDefinition } from "../../tests/support/seed";
import { startRun } from "../runtime/start-run";
import { createDefinition } from "./create-definition";

const P = "hostile-definitions";
const t = testProject(P);
const actor = { type: "api_key" as const, id: "test" };

type Example = typeof EXAMPLE;
/** The worked example as a create request under `id`, changed by `edit`. */
function request(id: string, edit: (def: Example & Partial<CreateDefinitionRequest>) => void = () => {}): CreateDefinitionRequest {
  const def = structuredClone(EXAMPLE) as Example & Partial<CreateDefinitionRequest>;
  edit(def);
  return { ...def, id } as unknown as CreateDefinitionRequest;
}

const stored = async (id: string) =>
  (await t.db.select({ n: count() }).from(workflowDefinitions).where(and(eq(workflowDefinitions.projectId, P), eq(workflowDefinitions.id, id))))[0].n;
const runsOf = async (id: string) =>
  (await t.db.select({ n: count() }).from(workflowRuntimes).where(and(eq(workflowRuntimes.projectId, P), eq(workflowRuntimes.workflowDefinitionId, id))))[0].n;
const REDOS_VALUE = `${"a".repeat(70)}!`;

describe("createDefinition refuses what the runtime could not run (422 definition_invalid with pointers), storing nothing", () => {
  it.each([
    ["a recursive contextSchema", (d: Example & Partial<CreateDefinitionRequest>) => void (d.contextSchema = { anyOf: [{ $ref: "#" }, { type: "object" }] }), "/contextSchema/anyOf/0/$ref", /recursive/],
    ["a state that is not an object", (d: Example) => void ((d.definition.states as Record<string, unknown>).received = " "), "/definition/states/received", /must be an object/],
    ["a JMESPath literal with \\u0000", (d: Example) => void (d.extensions.apiPlugins[0].request.transform.mapping = '{ name: `"\\u0000"` }'), "/extensions/apiPlugins/0/request/transform/mapping", /NUL character/],
    ["a pattern with a backreference", (d: Example & Partial<CreateDefinitionRequest>) => void (d.contextSchema = { properties: { x: { type: "string", pattern: "(a)\\1" } } }), "/contextSchema/properties/x/pattern", /linear-time regex engine/],
    ["an enum of 50,000 entries", (d: Example & Partial<CreateDefinitionRequest>) => void (d.contextSchema = { enum: Array.from({ length: 50_000 }, (_, i) => ({ k: i })) }), "/contextSchema", /schemaChars|enumItems/],
  ])("%s", async (name, edit, path, message) => {
    const id = `refused-${name.replace(/[^a-z]+/gi, "-").toLowerCase()}`;
    const started = performance.now();
    await expect(createDefinition(t.db, P, request(id, edit))).rejects.toMatchObject({
      code: "definition_invalid",
      status: 422,
      errors: [{ path, message: expect.stringMatching(message) }],
    });
    expect(performance.now() - started).toBeLessThan(2_000);
    expect(await stored(id)).toBe(0);
  });
});

describe("a definition with the issue's ReDoS pattern", () => {
  it("is accepted, and a run with the 71-character value is a quick 422 that stores nothing", async () => {
    const id = "redos-context";
    const contextSchema = { type: "object", properties: { x: { type: "string", pattern: "^(\\w+\\s?)*$" } } };
    await createDefinition(t.db, P, request(id, (d) => void (d.contextSchema = contextSchema)));
    const started = performance.now();
    await expect(startRun(t.db, { projectId: P, workflowId: id, context: { ...runContext("http://127.0.0.1:9", "1"), x: REDOS_VALUE }, actor })).rejects.toMatchObject({
      code: "validation_failed",
      errors: [{ path: "/context/x", message: 'must match pattern "^(\\w+\\s?)*$"' }],
    });
    expect(performance.now() - started).toBeLessThan(2_000);
    expect(await runsOf(id)).toBe(0);
    const run = await startRun(t.db, { projectId: P, workflowId: id, context: { ...runContext("http://127.0.0.1:9", "2"), x: "plain words" }, actor });
    expect(run.runtime.state).toBe("idle");
  });
});

describe("rows stored before these checks existed", () => {
  it.each([
    ["recursive-schema", (d: Example & Record<string, unknown>) => void (d.contextSchema = { anyOf: [{ $ref: "#" }, { type: "object" }] })],
    ["blank-state", (d: Example) => void ((d.definition.states as Record<string, unknown>).received = " ")],
    ["nul-mapping", (d: Example) => void (d.extensions.apiPlugins[0].request.transform.mapping = '{ name: `"\\u0000"` }')],
  ])("%s: a run is a 422 definition_invalid, never a 500, and stores nothing", async (id, edit) => {
    await seedDefinition(t.db, P, { id, edit: edit as (def: Example) => void });
    if (id === "recursive-schema") {
      // seedDefinition does not write contextSchema; store it as an old row would have it.
      await t.db.update(workflowDefinitions).set({ contextSchema: { anyOf: [{ $ref: "#" }, { type: "object" }] } }).where(and(eq(workflowDefinitions.projectId, P), eq(workflowDefinitions.id, id)));
    }
    await expect(startRun(t.db, { projectId: P, workflowId: id, context: runContext("http://127.0.0.1:9", "3"), actor })).rejects.toMatchObject({ code: "definition_invalid", status: 422 });
    expect(await runsOf(id)).toBe(0);
  });
});
