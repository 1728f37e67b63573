import { describe, expect, it } from "vitest";
import type { ErrorObject } from "ajv";
import { checkSchema, describeFieldErrors, mapAjvErrors, validateAgainstSchema } from "./schema-validator";

describe("checkSchema", () => {
  it("refuses a schema that is not an object, at the root", () => {
    for (const schema of [[], "object", null, 3]) {
      const checked = checkSchema(schema);
      expect(checked.problems).toEqual([{ pointer: "", code: "schema_invalid", message: "a JSON Schema must be an object" }]);
      expect(checked.validate).toBeUndefined();
    }
  });

  it("reads draft-07 by default, and the dialect $schema names (with or without the trailing #)", () => {
    const tuple = { prefixItems: [{ type: "integer" }], items: false };
    const draft07 = checkSchema({ type: "array", items: { type: "string" } });
    expect([draft07.problems, draft07.validate!(["a"]), draft07.validate!([1])]).toEqual([[], true, false]);
    for (const uri of ["https://json-schema.org/draft/2020-12/schema", "https://json-schema.org/draft/2020-12/schema#"]) {
      const checked = checkSchema({ $schema: uri, type: "array", ...tuple });
      expect(checked.problems).toEqual([]);
      expect([checked.validate!([1]), checked.validate!([1, 2])]).toEqual([true, false]);
    }
    const v2019 = checkSchema({ $schema: "https://json-schema.org/draft/2019-09/schema#", type: "object", dependentRequired: { a: ["b"] } });
    expect([v2019.problems, v2019.validate!({ a: 1 }), v2019.validate!({ a: 1, b: 2 })]).toEqual([[], false, true]);
    const explicit07 = checkSchema({ $schema: "http://json-schema.org/draft-07/schema#", type: "string" });
    expect([explicit07.problems, explicit07.validate!("x")]).toEqual([[], true]);
  });

  it("refuses an unknown $schema, naming the supported ones", () => {
    const checked = checkSchema({ $schema: "http://json-schema.org/draft-04/schema#", type: "string" });
    expect(checked.problems).toEqual([
      {
        pointer: "",
        code: "schema_invalid",
        message:
          "'$schema' \"http://json-schema.org/draft-04/schema#\" is not supported; use one of: http://json-schema.org/draft-07/schema, https://json-schema.org/draft/2019-09/schema, https://json-schema.org/draft/2020-12/schema (or omit it for draft-07)",
      },
    ]);
    expect(checked.validate).toBeUndefined();
  });

  it("refuses a schema its meta-schema refuses", () => {
    const checked = checkSchema({ type: "strng" });
    expect(checked.problems).toEqual([{ pointer: "", code: "schema_invalid", message: expect.stringMatching(/^schema is invalid: /) }]);
    expect(checked.validate).toBeUndefined();
  });
});

describe("validateAgainstSchema", () => {
  it("points each error into the value: a missing property at its own pointer, the root as /", () => {
    const schema = { type: "object", required: ["id"], properties: { entity: { type: "object", required: ["name"] }, score: { type: "integer" } } };
    expect(validateAgainstSchema(schema, { id: 1 })).toEqual([]);
    expect(validateAgainstSchema(schema, { entity: {}, score: "x" })).toEqual([
      { path: "/id", message: "must have required property 'id'" },
      { path: "/entity/name", message: "must have required property 'name'" },
      { path: "/score", message: "must be integer" },
    ]);
    expect(validateAgainstSchema(schema, [])).toEqual([{ path: "/", message: "must be object" }]);
  });

  it("answers one error at / for a schema the checks refuse, every time it is asked", () => {
    const broken = { type: "object", properties: { a: { type: "strng" } } };
    for (let i = 0; i < 2; i++) {
      expect(validateAgainstSchema(broken, {})).toEqual([
        { path: "/", message: expect.stringMatching(/^cannot be validated: the schema is not usable \(\/: schema is invalid: .+\); fix the workflow definition$/) },
      ]);
    }
  });
});

describe("field errors", () => {
  const error = (e: Partial<ErrorObject>): ErrorObject => ({ keyword: "type", instancePath: "", schemaPath: "#", params: {}, ...e });

  it("mapAjvErrors: required errors at the missing property, others at their instance path or /, a message even when Ajv has none", () => {
    expect(
      mapAjvErrors([
        error({ keyword: "required", instancePath: "/a", params: { missingProperty: "b" }, message: "must have required property 'b'" }),
        error({ keyword: "required", instancePath: "", params: { missingProperty: "id" }, message: "needed" }),
        error({ keyword: "minimum", instancePath: "/score", params: { missingProperty: "not used" }, message: "must be >= 0" }),
        error({ keyword: "type", instancePath: "", message: "must be object" }),
        error({ keyword: "format", instancePath: "/email" }),
      ]),
    ).toEqual([
      { path: "/a/b", message: "must have required property 'b'" },
      { path: "/id", message: "needed" },
      { path: "/score", message: "must be >= 0" },
      { path: "/", message: "must be object" },
      { path: "/email", message: "fails 'format'" },
    ]);
  });

  it("describeFieldErrors: one line, each error as pointer and message", () => {
    expect(describeFieldErrors([{ path: "/a", message: "must be string" }, { path: "/b", message: "must be >= 0" }])).toBe("/a must be string; /b must be >= 0");
    expect(describeFieldErrors([])).toBe("");
  });
});
