/** Test fixtures for the engine's unit tests (not used by production code). */
import exampleJson from "@/lib/seed/kyb-manual-review.definition.json";
import { applyEvent } from "../../lib/engine/apply-event";
import { compileWorkflow } from "../../lib/engine/compile-workflow";
import type { CompiledWorkflow } from "../../lib/engine/compiled-workflow";
import { startWorkflow } from "../../lib/engine/start-workflow";
import { validateDefinition } from "../../lib/engine/validate-definition";
import { expect } from "vitest";
import type { HttpMethod, JsonObject, PluginConfig, RuntimeSnapshot, StateJson, WorkflowDefinitionInput } from "../../lib/engine/types";

/** A fresh deep copy of the worked example definition (tests may modify it). */
export function exampleDefinition(): WorkflowDefinitionInput {
  return structuredClone(exampleJson) as unknown as WorkflowDefinitionInput;
}

export const COMPANY = "Acme Ltd";

/** A run context like the one the Create Case form produces. */
export function runContext(): JsonObject {
  return {
    entity: {
      id: "entity-1",
      type: "business",
      data: {
        companyName: COMPANY,
        registrationNumber: "HRB 1234",
        country: "DE",
        additionalInfo: { mainRepresentative: { firstName: "Ada", lastName: "Lovelace", email: "ada@example.com" } },
      },
    },
    documents: [],
  };
}

/** The transformed vendor response of the example API plugin. */
export function vendor(score: number, registeredName = "Acme Holding GmbH"): JsonObject {
  return { registered_name: registeredName, registration_number: "HRB 1234", name_fuzziness_score: score };
}

/** Compiles the example and moves a new run to `check_business_details`. */
export function exampleInCheck(): { compiled: CompiledWorkflow; snapshot: RuntimeSnapshot } {
  const compiled = compileWorkflow(exampleDefinition());
  const started = startWorkflow(compiled, runContext()).snapshot;
  return { compiled, snapshot: applyEvent(compiled, started, { type: "start", origin: "api" }).snapshot };
}

/** A small definition around the given states (initial = first key unless given). */
export function tinyDefinition(states: Record<string, StateJson>, extra: Partial<WorkflowDefinitionInput> & { initial?: string } = {}): WorkflowDefinitionInput {
  const { initial, ...rest } = extra;
  return {
    id: "tiny",
    version: 1,
    definitionType: "statechart-json",
    definition: { id: "tiny_v1", initial: initial ?? Object.keys(states)[0], states },
    ...rest,
  };
}

/** An API plugin config for tests: its name, URL, method, the one state it runs in and its request mapping; `extra` adds or overrides fields. */
export function apiPluginConfig(name: string, url: string, method: HttpMethod, state: string, mapping: string, extra: Partial<PluginConfig> = {}): PluginConfig {
  return { name, url, method, stateNames: [state], request: { transform: { mapping } }, ...extra };
}

/** A definition as the validator's tests handle it: the input type, open to any edit. */
export type EditableDefinition = WorkflowDefinitionInput & JsonObject;

/** One way to break the worked example, and the problem `validateDefinition` must report for it. */
export interface BrokenDefinition {
  name: string;
  /** Edits the copy in place, or returns a replacement. */
  mutate: (d: EditableDefinition) => unknown;
  pointer: string;
  code: string;
  fix: RegExp;
}

/** Break a fresh copy of the worked example as `broken` says and check its problem is reported at its pointer with its fix. */
export function expectReported(broken: BrokenDefinition): void {
  const def = exampleDefinition() as EditableDefinition;
  const replaced = broken.mutate(def);
  const problems = validateDefinition(replaced ?? def);
  const problem = problems.find((p) => p.pointer === broken.pointer && p.code === broken.code);
  expect(problem, JSON.stringify(problems, null, 2)).toBeDefined();
  expect(problem!.message).toMatch(broken.fix);
}
