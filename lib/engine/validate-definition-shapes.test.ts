import { describe, expect, it } from "vitest";
import { exampleDefinition, expectReported, type BrokenDefinition, type EditableDefinition } from "../../tests/support/engine-fixtures";
import type { JsonObject } from "./types";
import { validateDefinition } from "./validate-definition";

// Definitions are integrators' data: every malformed shape is reported at its pointer with a fix, never thrown.
// Each case breaks the worked example in one way (see validate-definition.test.ts for the semantic checks).

type Def = EditableDefinition;
const S = "/definition/states";
const P = "/extensions/apiPlugins";
const states = (d: Def) => d.definition.states as unknown as Record<string, JsonObject>;
const plugin = (d: Def, i: number) => d.extensions!.apiPlugins![i] as unknown as unknown as JsonObject;
const cond0 = (d: Def) => (d.definition.states.check_business_details.on!.API_CALL_SUCCESS as unknown as Array<{ cond: JsonObject }>)[0].cond;

const cases: BrokenDefinition[] = [
  // the statechart
  { name: "a statechart that is not an object", mutate: (d) => ({ ...d, definition: "idle -> done" }), pointer: "/definition", code: "statechart_missing", fix: /must be the statechart object/ },
  { name: "context defaults that are not an object", mutate: (d) => void ((d.definition as unknown as JsonObject).context = []), pointer: "/definition/context", code: "context_invalid", fix: /must be an object of default context values/ },
  { name: "transitions on the root", mutate: (d) => void ((d.definition as unknown as JsonObject).on = { start: "idle" }), pointer: "/definition/on", code: "unsupported_key", fix: /move transitions into a state/ },
  { name: "a state name with a dot", mutate: (d) => void (states(d)["in.review"] = {}), pointer: `${S}/in.review`, code: "state_name_invalid", fix: /without '\.' or a leading '#' \(e\.g\. 'in_review'\)/ },
  { name: "a state name starting with #", mutate: (d) => void (states(d)["#review"] = {}), pointer: `${S}/#review`, code: "state_name_invalid", fix: /e\.g\. '_review'/ },
  { name: "a parallel state", mutate: (d) => void (states(d).idle.type = "parallel"), pointer: `${S}/idle/type`, code: "state_type_invalid", fix: /use 'final', or remove 'type'/ },
  { name: "child states that are not an object", mutate: (d) => void (states(d).idle.states = ["a"]), pointer: `${S}/idle/states`, code: "states_invalid", fix: /must be an object of child states/ },
  { name: "a compound state without initial", mutate: (d) => void (states(d).idle.states = { a: {}, b: {} }), pointer: `${S}/idle/initial`, code: "initial_missing", fix: /use one of: a, b/ },
  { name: "a compound state with an unknown initial", mutate: (d) => void Object.assign(states(d).idle, { states: { a: {} }, initial: "z" }), pointer: `${S}/idle/initial`, code: "initial_unknown", fix: /use one of: a/ },
  { name: "tags that are not strings", mutate: (d) => void (states(d).manual_review.tags = ["manual_review", 7]), pointer: `${S}/manual_review/tags`, code: "tags_invalid", fix: /must be an array of strings/ },
  { name: "a final state with children", mutate: (d) => void Object.assign(states(d).approve, { initial: "x", states: { x: {} } }), pointer: `${S}/approve/states`, code: "final_state_has_children", fix: /cannot have child states/ },
  { name: "'on' that is not an object", mutate: (d) => void (states(d).idle.on = "check_business_details"), pointer: `${S}/idle/on`, code: "transitions_invalid", fix: /must map event names to targets/ },
  { name: "'meta' that is not an object", mutate: (d) => void (states(d).manual_review.meta = "review"), pointer: `${S}/manual_review/meta`, code: "meta_invalid", fix: /must be an object/ },
  { name: "meta.outcome on a state that is not final", mutate: (d) => void (states(d).manual_review.meta = { outcome: "approved" }), pointer: `${S}/manual_review/meta/outcome`, code: "meta_outcome_invalid", fix: /only applies to final states; add "type": "final"/ },
  { name: "the engine's reserved event prefix", mutate: (d) => void (states(d).idle.on = { "@@engine/goto:approve": "approve" }), pointer: `${S}/idle/on/@@engine~1goto:approve`, code: "event_name_invalid", fix: /reserved or a wildcard; rename the event/ },
  { name: "a wildcard event", mutate: (d) => void (states(d).idle.on = { "*": "approve" }), pointer: `${S}/idle/on/*`, code: "event_name_invalid", fix: /reserved or a wildcard/ },
  { name: "a namespace wildcard event", mutate: (d) => void (states(d).idle.on = { "review.*": "approve" }), pointer: `${S}/idle/on/review.*`, code: "event_name_invalid", fix: /reserved or a wildcard/ },
  { name: "a transition that is a number", mutate: (d) => void (states(d).idle.on = { start: 5 }), pointer: `${S}/idle/on/start`, code: "transition_invalid", fix: /must be a target state name, \{ "target", "cond" \}, or an array/ },
  { name: "a transition without target", mutate: (d) => void (states(d).idle.on = { start: [{ target: "" }] }), pointer: `${S}/idle/on/start/0/target`, code: "transition_target_missing", fix: /needs a 'target' state/ },
  { name: "a cond that is not an object", mutate: (d) => void (states(d).idle.on = { start: { target: "approve", cond: "score > 1" } }), pointer: `${S}/idle/on/start/cond`, code: "cond_invalid", fix: /must be an object like \{ "type": "json-logic"/ },
  { name: "onFailed without a text reason", mutate: (d) => void ((cond0(d).options as unknown as JsonObject).onFailed = { manualReviewReason: 5 }), pointer: `${S}/check_business_details/on/API_CALL_SUCCESS/0/cond/options/onFailed`, code: "on_failed_invalid", fix: /"manualReviewReason": "<text shown to the reviewer>"/ },
  { name: "onFailed on the cond that is not an object", mutate: (d) => void (cond0(d).onFailed = "check the name"), pointer: `${S}/check_business_details/on/API_CALL_SUCCESS/0/cond/onFailed`, code: "on_failed_invalid", fix: /manualReviewReason/ },
  { name: "an inputSchema that is not an object", mutate: (d) => void (states(d).idle.meta = { inputSchema: "form" }), pointer: `${S}/idle/meta/inputSchema`, code: "input_schema_invalid", fix: /must be \{ dataSchema, uiSchema \}/ },
  // the definition
  { name: "a version that is not an integer", mutate: (d) => ({ ...d, version: 1.5 }), pointer: "/version", code: "version_invalid", fix: /must be an integer such as 1/ },
  { name: "a config that is not an object", mutate: (d) => ({ ...d, config: ["subscriptions"] }), pointer: "/config", code: "config_invalid", fix: /must be an object, e\.g\. \{ "subscriptions": \[\] \}/ },
  // the plugins
  { name: "extensions that are not an object", mutate: (d) => ({ ...d, extensions: [] }), pointer: "/extensions", code: "extensions_invalid", fix: /must be an object like \{ "apiPlugins": \[ \.\.\. \] \}/ },
  { name: "apiPlugins that is not an array", mutate: (d) => ({ ...d, extensions: { apiPlugins: {} } }), pointer: "/extensions/apiPlugins", code: "plugins_invalid", fix: /'extensions\.apiPlugins' must be an/ },
  { name: "webhookPlugins that is not an array", mutate: (d) => ({ ...d, extensions: { ...d.extensions, webhookPlugins: "finish" } }), pointer: "/extensions/webhookPlugins", code: "plugins_invalid", fix: /'extensions\.webhookPlugins' must be an/ },
  { name: "a plugin that is not an object", mutate: (d) => void (d.extensions!.apiPlugins![2] = "fail_webhook" as never), pointer: `${P}/2`, code: "plugin_invalid", fix: /must be an object with name, url, method, stateNames and request/ },
  { name: "a plugin without a name", mutate: (d) => void (plugin(d, 2).name = ""), pointer: `${P}/2/name`, code: "plugin_name_missing", fix: /needs a non-empty 'name'/ },
  { name: "headers that are not strings", mutate: (d) => void (plugin(d, 0).headers = { "X-Retry": 3 }), pointer: `${P}/0/headers`, code: "plugin_headers_invalid", fix: /'headers' of plugin 'external_request_example' must be an object of string values/ },
  { name: "a request that is not an object", mutate: (d) => void (plugin(d, 2).request = "@"), pointer: `${P}/2/request`, code: "plugin_mapping_missing", fix: /plugin 'fail_webhook' request needs \{ "transform": \{ "transformer": "jmespath", "mapping": "@" \} \}/ },
  { name: "another transformer", mutate: (d) => void ((plugin(d, 0).request as { transform: JsonObject }).transform.transformer = "jsonata"), pointer: `${P}/0/request/transform/transformer`, code: "plugin_transformer_unknown", fix: /transformer 'jsonata' is not supported/ },
  { name: "a schema block that is not an object", mutate: (d) => void ((plugin(d, 0).request as unknown as JsonObject).schema = "json-schema"), pointer: `${P}/0/request/schema`, code: "schema_invalid", fix: /'schema' must be \{ "validator": "json-schema", "schema": \{ \.\.\. \}/ },
  { name: "another validator", mutate: (d) => void (((plugin(d, 0).request as unknown as JsonObject).schema as unknown as JsonObject).validator = "zod"), pointer: `${P}/0/request/schema/validator`, code: "plugin_validator_unknown", fix: /validator 'zod' is not supported/ },
  { name: "an API plugin without errorAction", mutate: (d) => void delete plugin(d, 0).errorAction, pointer: `${P}/0/errorAction`, code: "plugin_action_missing", fix: /API plugin 'external_request_example' needs 'errorAction': an event its states handle or a state name/ },
  { name: "an empty response mapping", mutate: (d) => void ((plugin(d, 0).response as { transform: JsonObject }).transform.mapping = "  "), pointer: `${P}/0/response/transform/mapping`, code: "plugin_mapping_missing", fix: /needs 'transform\.mapping'/ },
];

describe("validateDefinition: malformed shapes", () => {
  it.each(cases)("reports $name at $pointer with a fix", expectReported);

  it("accepts the shapes these cases break when they are written correctly", () => {
    const def = exampleDefinition() as Def;
    Object.assign(states(def).manual_review, { tags: ["manual_review", "sla"], meta: { note: "a reviewer decides" } });
    Object.assign(def, { version: 2, config: { subscriptions: [] } });
    (cond0(def).options as unknown as JsonObject).onFailed = { manualReviewReason: "names differ" };
    plugin(def, 0).headers = { "X-Tenant": "acme", Authorization: "Bearer {secret.REGISTRY_API_KEY}" };
    expect(validateDefinition(def)).toEqual([]);
  });
});
