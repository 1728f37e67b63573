import { describe, expect, it } from "vitest";
import example from "../seed/kyb-manual-review.definition.json";
import { findInputSchema, initialFormData, toRjsfUiSchema } from "./input-schema";
import { queueWorkflowIds } from "../queues/queue-workflow-ids";

describe("the Add Case form schema", () => {
  const form = findInputSchema(example.definition)!;

  it("is the initial state's meta.inputSchema", () => {
    expect(form.dataSchema.required).toEqual(["id", "type", "data"]);
    expect(findInputSchema({ initial: "x", states: { x: {} } })).toBeNull();
  });

  it("translates `hidden` to RJSF's hidden widget and keeps ui:title, ui:label and ui:order", () => {
    const ui = toRjsfUiSchema(form.uiSchema) as Record<string, Record<string, unknown>>;
    expect(ui.id).toEqual({ "ui:widget": "hidden" });
    expect(ui.type).toEqual({ "ui:widget": "hidden" });
    expect(ui.data["ui:label"]).toBe(false);
    expect(ui.data["ui:order"]).toEqual(["companyName", "registrationNumber", "country", "additionalInfo", "*"]);
    expect((ui.data.companyName as Record<string, unknown>)["ui:title"]).toBe("Company name");
  });

  it("gives the hidden, required id a value so the form can submit", () => {
    expect(initialFormData(form, "generated")).toEqual({ id: "generated" });
  });
});

describe("queueWorkflowIds", () => {
  it("reads where.workflowDefinitionId as a value, equals or in", () => {
    expect(queueWorkflowIds({ where: { workflowDefinitionId: "a" } })).toEqual(["a"]);
    expect(queueWorkflowIds({ where: { workflowDefinitionId: { equals: "b" } } })).toEqual(["b"]);
    expect(queueWorkflowIds({ where: { workflowDefinitionId: { in: ["c", "d"] } } })).toEqual(["c", "d"]);
    expect(queueWorkflowIds({ where: {} })).toEqual([]);
  });
});
