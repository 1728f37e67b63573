import { describe, expect, it } from "vitest";
import { transformPluginResponse } from "./plugin-response";
import { exampleDefinition } from "../../tests/support/engine-fixtures";
import type { PluginConfig } from "./types";

const registryPlugin = exampleDefinition().extensions!.apiPlugins![0];

describe("transformPluginResponse", () => {
  it("maps the vendor body with the response mapping and validates it", () => {
    const body = { business_details: { registered_name: "Acme GmbH", registration_number: "R1", address: "x" }, name_fuzziness_score: 0.7, raw: true };
    expect(transformPluginResponse(registryPlugin, body)).toEqual({ ok: true, data: { registered_name: "Acme GmbH", registration_number: "R1", name_fuzziness_score: 0.7 } });
  });

  it("reports a schema failure with field errors (score out of range)", () => {
    const body = { business_details: { registered_name: "Acme GmbH", registration_number: "R1" }, name_fuzziness_score: 7 };
    const result = transformPluginResponse(registryPlugin, body);
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.errors).toEqual([{ path: "/name_fuzziness_score", message: "must be <= 1" }]);
    expect(result.error).toBe("response does not match response.schema: /name_fuzziness_score must be <= 1");
  });

  it("passes the body through when the plugin has no response block", () => {
    const bare = { ...registryPlugin, response: undefined } as PluginConfig;
    expect(transformPluginResponse(bare, { any: 1 })).toEqual({ ok: true, data: { any: 1 } });
  });

  it("reports a mapping that fails at evaluation instead of throwing", () => {
    const bad = { ...registryPlugin, response: { transform: { mapping: "abs(name)" } } } as PluginConfig;
    const result = transformPluginResponse(bad, { name: "text" });
    expect(result).toMatchObject({ ok: false });
    expect(!result.ok && result.error).toMatch(/^response mapping failed: .*abs/);
  });
});
