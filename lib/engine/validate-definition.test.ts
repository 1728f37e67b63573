import { describe, expect, it } from "vitest";
import { exampleDefinition, expectReported, type BrokenDefinition, type EditableDefinition } from "../../tests/support/engine-fixtures";
import type { JsonObject } from "./types";
import { validateDefinition } from "./validate-definition";

type Def = EditableDefinition;
const S = "/definition/states";
const P = "/extensions/apiPlugins";

/** Each case breaks the worked example in one way and names the problem it must produce. */
const cases: BrokenDefinition[] = [
  { name: "missing id", mutate: (d) => ({ ...d, id: "" }), pointer: "/id", code: "id_missing", fix: /needs a non-empty string 'id'/ },
  { name: "wrong definitionType", mutate: (d) => ({ ...d, definitionType: "bpmn" }), pointer: "/definitionType", code: "definition_type_invalid", fix: /must be "statechart-json"/ },
  { name: "no states", mutate: (d) => ({ ...d, definition: { initial: "idle" } }), pointer: `/definition/states`, code: "states_missing", fix: /must be an object mapping each state name/ },
  { name: "missing initial", mutate: (d) => void delete (d.definition as Partial<Def["definition"]>).initial, pointer: "/definition/initial", code: "initial_missing", fix: /use one of: idle, check_business_details/ },
  { name: "unknown initial", mutate: (d) => void (d.definition.initial = "idel"), pointer: "/definition/initial", code: "initial_unknown", fix: /'idel' .* does not exist; use one of: idle,/ },
  { name: "unknown target (string)", mutate: (d) => void (d.definition.states.manual_review.on!.approve = "aproved"), pointer: `${S}/manual_review/on/approve`, code: "transition_target_unknown", fix: /target 'aproved' .* use one of: idle, check_business_details, manual_review, revision, auto_approve, approve/ },
  { name: "unknown target (candidate)", mutate: (d) => void ((d.definition.states.check_business_details.on!.API_CALL_SUCCESS as unknown as JsonObject[])[1].target = "manual"), pointer: `${S}/check_business_details/on/API_CALL_SUCCESS/1/target`, code: "transition_target_unknown", fix: /use one of: .*manual_review/ },
  { name: "unknown cond type", mutate: (d) => void (cond0(d).type = "javascript"), pointer: `${S}/check_business_details/on/API_CALL_SUCCESS/0/cond/type`, code: "cond_type_unknown", fix: /set "type": "json-logic"/ },
  { name: "unknown json-logic operator", mutate: (d) => void (cond0(d).rule = { or: [{ "==": [1, 1] }, { gte: [{ var: "context.x" }, 0.8] }] }), pointer: `${S}/check_business_details/on/API_CALL_SUCCESS/0/cond/rule/or/1/gte`, code: "json_logic_operator_unknown", fix: /'gte' is not a json-logic operator; use one of: .*>=/ },
  { name: "json-logic object with two operators", mutate: (d) => void (cond0(d).rule = { ">": [1, 0], "<": [0, 1] }), pointer: `${S}/check_business_details/on/API_CALL_SUCCESS/0/cond/rule`, code: "json_logic_invalid", fix: /combine conditions with \{"and"/ },
  { name: "cond without rule", mutate: (d) => void delete cond0(d).rule, pointer: `${S}/check_business_details/on/API_CALL_SUCCESS/0/cond/rule`, code: "cond_rule_missing", fix: /at 'cond.rule' or 'cond.options.rule'/ },
  { name: "final state with on", mutate: (d) => void (d.definition.states.approve.on = { reopen: "manual_review" }), pointer: `${S}/approve/on`, code: "final_state_has_transitions", fix: /remove 'on' or remove "type": "final"/ },
  { name: "invalid meta.outcome", mutate: (d) => void (d.definition.states.approve.meta = { outcome: "accepted" }), pointer: `${S}/approve/meta/outcome`, code: "meta_outcome_invalid", fix: /must be one of: approved, rejected, auto_approved, auto_rejected/ },
  { name: "unsupported entry action", mutate: (d) => void ((d.definition.states.idle as JsonObject).entry = "notify"), pointer: `${S}/idle/entry`, code: "unsupported_key", fix: /remove it/ },
  { name: "invalid Create Case schema", mutate: (d) => void ((d.definition.states.idle.meta!.inputSchema as JsonObject).dataSchema = { type: "objekt" }), pointer: `${S}/idle/meta/inputSchema/dataSchema`, code: "input_schema_invalid", fix: /not a valid JSON Schema .*fix it/ },
  { name: "plugin state unknown", mutate: (d) => void (plugin(d, 0).stateNames = ["check_business"]), pointer: `${P}/0/stateNames/0`, code: "plugin_state_unknown", fix: /use one of: idle, check_business_details/ },
  { name: "successAction unknown", mutate: (d) => void (plugin(d, 0).successAction = "API_SUCCESS"), pointer: `${P}/0/successAction`, code: "plugin_action_unknown", fix: /\(API_CALL_SUCCESS, API_CALL_ERROR\) nor a state name/ },
  { name: "invalid JMESPath", mutate: (d) => void (plugin(d, 0).request.transform.mapping = "{ business_name: entity.data.companyName"), pointer: `${P}/0/request/transform/mapping`, code: "jmespath_invalid", fix: /not valid JMESPath .*fix the expression/ },
  { name: "invalid response schema", mutate: (d) => void (plugin(d, 0).response!.schema!.schema = { type: "object", required: "registered_name" }), pointer: `${P}/0/response/schema/schema`, code: "schema_invalid", fix: /not a valid JSON Schema .*required.*fix it/ },
  { name: "plugin without url", mutate: (d) => void delete (plugin(d, 1) as Partial<JsonObject>).url, pointer: `${P}/1/url`, code: "plugin_url_missing", fix: /needs a 'url'/ },
  { name: "bad method", mutate: (d) => void (plugin(d, 0).method = "FETCH" as "GET"), pointer: `${P}/0/method`, code: "plugin_method_invalid", fix: /use one of: POST, PUT, PATCH, DELETE, GET/ },
  { name: "duplicate plugin name", mutate: (d) => void (plugin(d, 2).name = "finish_webhook"), pointer: `${P}/2/name`, code: "plugin_name_duplicate", fix: /already used at \/extensions\/apiPlugins\/1; give each plugin a unique name/ },
  { name: "plugin without mapping", mutate: (d) => void (plugin(d, 2).request = { transform: {} } as never), pointer: `${P}/2/request/transform/mapping`, code: "plugin_mapping_missing", fix: /needs 'transform.mapping'/ },
  { name: "plugin without stateNames", mutate: (d) => void (plugin(d, 1).stateNames = []), pointer: `${P}/1/stateNames`, code: "plugin_state_names_missing", fix: /non-empty array of the state names/ },
  { name: "invalid contextSchema", mutate: (d) => void (d.contextSchema = { type: 12 }), pointer: "/contextSchema", code: "schema_invalid", fix: /fix it or remove it/ },
  { name: "invalid documentsSchema", mutate: (d) => void (d.documentsSchema = { properties: "x" }), pointer: "/documentsSchema", code: "schema_invalid", fix: /fix it or remove it/ },
];

function cond0(d: Def): JsonObject {
  return (d.definition.states.check_business_details.on!.API_CALL_SUCCESS as unknown as Array<{ cond: JsonObject }>)[0].cond;
}
function plugin(d: Def, i: number) {
  return d.extensions!.apiPlugins![i];
}

describe("validateDefinition", () => {
  it("accepts the worked example with zero problems", () => {
    expect(validateDefinition(exampleDefinition())).toEqual([]);
  });

  it("rejects a value that is not an object", () => {
    expect(validateDefinition("statechart")).toEqual([{ pointer: "", code: "definition_not_object", message: expect.stringMatching(/must be a JSON object with id, definitionType and definition/) }]);
  });

  it.each(cases)("reports $name at $pointer with a fix", expectReported);

  it("allows a successAction/errorAction naming a state instead of an event", () => {
    const def = exampleDefinition();
    def.extensions!.apiPlugins![0].errorAction = "manual_review";
    expect(validateDefinition(def)).toEqual([]);
  });

  it("reports several problems at once", () => {
    const def = exampleDefinition() as Def;
    def.definition.initial = "nope";
    def.extensions!.apiPlugins![0].method = "FETCH" as "GET";
    expect(validateDefinition(def).map((p) => p.code)).toEqual(["initial_unknown", "plugin_method_invalid"]);
  });
});
