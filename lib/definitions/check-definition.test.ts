import { describe, expect, it } from "vitest";
import example from "../seed/kyb-manual-review.definition.json";
import { checkDefinitionDocument } from "./check-definition";

const ID = example.id;
type Doc = Omit<typeof example, "version" | "name"> & { version?: number; name?: string };
const doc = (): Doc => {
  const d = JSON.parse(JSON.stringify(example)) as Doc;
  delete d.version;
  return d;
};

describe("checkDefinitionDocument", () => {
  it("accepts the worked example without its version", () => {
    expect(checkDefinitionDocument(doc(), ID)).toEqual([]);
  });

  it("points at an unknown target state with the engine's message", () => {
    const d = doc();
    d.definition.states.idle.on.start = "check_busines_details";
    const problems = checkDefinitionDocument(d, ID);
    expect(problems).toHaveLength(1);
    expect(problems[0]).toMatchObject({ path: "/definition/states/idle/on/start" });
    expect(problems[0].message).toContain("check_business_details");
  });

  it("refuses a changed id, a version field, unknown fields and a non-object", () => {
    const d = { ...doc(), id: "other", version: 3, projectId: "default" };
    const paths = checkDefinitionDocument(d, ID).map((p) => p.path);
    expect(paths).toEqual(expect.arrayContaining(["/id", "/version", "/projectId"]));
    expect(checkDefinitionDocument([], ID)).toEqual([expect.objectContaining({ path: "", code: "definition_not_object" })]);
  });

  it("reports a missing name once, from the request shape", () => {
    const d = doc();
    delete d.name;
    expect(checkDefinitionDocument(d, ID)).toEqual([expect.objectContaining({ path: "/name", code: "field_invalid" })]);
  });

  it("keeps the engine's message where both flag the same pointer", () => {
    const problems = checkDefinitionDocument({ ...doc(), definitionType: "bpmn" }, ID).filter((p) => p.path === "/definitionType");
    expect(problems).toEqual([expect.objectContaining({ code: "definition_type_invalid" })]);
  });
});
