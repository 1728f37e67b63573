import { describe, expect, it } from "vitest";
import { PluginRequestInvalidError, SecretMissingError } from "./errors";
import { buildPluginRequest } from "./plugin-request";
import { resolveSecrets, resolveUrlSecrets } from "./resolve-secrets";
import { exampleDefinition, runContext, vendor, apiPluginConfig } from "../../tests/support/engine-fixtures";
import type { JsonObject, PluginConfig } from "./types";

const example = exampleDefinition();
const [registryPlugin, finishWebhook, failWebhook] = example.extensions!.apiPlugins!;
const context: JsonObject = { ...runContext(), ...structuredClone(example.definition.context), pluginsOutput: { external_request_example: vendor(0.7) } };

const plugin = (overrides: Partial<PluginConfig>): PluginConfig => apiPluginConfig("p", "https://api.test/v1", "POST", "s", "@", overrides);

function requestError(fn: () => unknown): PluginRequestInvalidError {
  try {
    fn();
  } catch (error) {
    if (error instanceof PluginRequestInvalidError) return error;
    throw error;
  }
  throw new Error("expected PluginRequestInvalidError");
}

describe("buildPluginRequest", () => {
  it("builds the example GET: path placeholders, query from the jmespath mapping, secret refs kept", () => {
    const request = buildPluginRequest(registryPlugin, context);
    expect(request.method).toBe("GET");
    expect(request.url).toBe("http://localhost:3000/api/sandbox/registry/HRB%201234?business_name=Acme+Ltd&registration_number=HRB+1234");
    expect(request.query).toEqual({ business_name: "Acme Ltd", registration_number: "HRB 1234" });
    expect(request.body).toBeUndefined();
    expect(request.headers).toEqual({ "Content-Type": "application/json", special_header: "sandbox", Authorization: "Bearer {secret.REGISTRY_API_KEY}" });
    expect(request.secretRefs).toEqual(["REGISTRY_API_KEY"]);
  });

  it("POSTs the mapping result as JSON body, reading pluginsOutput", () => {
    const request = buildPluginRequest(finishWebhook, context);
    expect(request.url).toBe("http://localhost:3000/api/sandbox/webhook-sink/finish");
    expect(request.body).toEqual({ success_result: vendor(0.7), entity_id: "entity-1" });
    expect(request.query).toBeUndefined();
  });

  it("`@` maps the whole context", () => {
    expect(buildPluginRequest(failWebhook, context).body).toEqual({ failing_result: context });
  });

  it("appends GET parameters to a URL that already has a query, JSON-encoding objects and skipping nulls", () => {
    const request = buildPluginRequest(
      plugin({ method: "GET", url: "https://api.test/search?a=1#top", request: { transform: { mapping: "{ q: entity.data.companyName, rep: entity.data.additionalInfo, none: missing }" } } }),
      context,
    );
    expect(request.url).toBe(`https://api.test/search?a=1&q=Acme+Ltd&rep=${encodeURIComponent(JSON.stringify({ mainRepresentative: { firstName: "Ada", lastName: "Lovelace", email: "ada@example.com" } })).replace(/%20/g, "+")}#top`);
    expect(new URL(request.url).searchParams.get("a")).toBe("1");
    expect(JSON.parse(new URL(request.url).searchParams.get("rep")!)).toHaveProperty("mainRepresentative.firstName", "Ada");
    expect(request.query).not.toHaveProperty("none");
  });

  it("substitutes {path} in a host and in headers; keeps a given Content-Type", () => {
    const request = buildPluginRequest(
      plugin({ url: "https://{api_config.special_header}.example.test/e/{entity.id}", headers: { "content-type": "application/vnd.x+json", "X-Entity": "id={entity.id}", "X-Key": "secret.KEY" } }),
      context,
    );
    expect(request.url).toBe("https://sandbox.example.test/e/entity-1");
    expect(request.headers).toEqual({ "content-type": "application/vnd.x+json", "X-Entity": "id=entity-1", "X-Key": "{secret.KEY}" });
    expect(request.secretRefs).toEqual(["KEY"]);
  });

  it("fails with a fix when a placeholder has no value, or a context value smuggles in a secret ref", () => {
    expect(requestError(() => buildPluginRequest(plugin({ url: "https://x.test/{entity.nope}" }), context)).message).toMatch(
      /placeholder \{entity.nope\} has no value.*add 'entity.nope' to the run context/,
    );
    const sneaky = { ...context, entity: { id: "{secret.REGISTRY_API_KEY}" } };
    expect(requestError(() => buildPluginRequest(plugin({ headers: { "X-Id": "{entity.id}" } }), sneaky)).message).toMatch(/secret reference/);
  });

  it("rejects a request that fails request.schema, with Ajv errors as { path, message }", () => {
    const noName = { ...context, entity: { id: "e", data: { registrationNumber: "R1" } } };
    const error = requestError(() => buildPluginRequest(registryPlugin, noName));
    expect(error.code).toBe("plugin_request_invalid");
    expect(error.status).toBe(422);
    // JMESPath multiselect yields null for a missing field, so the schema's type check catches it.
    expect(error.errors).toEqual([{ path: "/business_name", message: "must be string" }]);
    expect(error.message).toContain("fix the run context or the request mapping");
  });

  it("validates draft-07 and 2020-12 schemas (dialect chosen by $schema)", () => {
    const schema2020 = { $schema: "https://json-schema.org/draft/2020-12/schema", type: "object", prefixItems: [{ type: "string" }], properties: { tags: { type: "array", prefixItems: [{ type: "number" }] } } };
    const p2020 = plugin({ request: { transform: { mapping: "{ tags: tags }" }, schema: { schema: schema2020 } } });
    expect(buildPluginRequest(p2020, { tags: [1, "x"] }).body).toEqual({ tags: [1, "x"] });
    expect(requestError(() => buildPluginRequest(p2020, { tags: ["x"] })).errors).toEqual([{ path: "/tags/0", message: "must be number" }]);

    const draft07 = { $schema: "http://json-schema.org/draft-07/schema#", type: "object", properties: { email: { type: "string", format: "email" } } };
    const p07 = plugin({ request: { transform: { mapping: "{ email: email }" }, schema: { validator: "json-schema", schema: draft07 } } });
    expect(requestError(() => buildPluginRequest(p07, { email: "not-an-email" })).errors).toEqual([{ path: "/email", message: 'must match format "email"' }]);
    expect(buildPluginRequest(p07, { email: "a@b.test" }).body).toEqual({ email: "a@b.test" });
  });
});

describe("resolveSecrets", () => {
  const lookup = (name: string) => ({ TOKEN: "t0k3n", KEY: "a&b" })[name];

  it("resolves whole-value and embedded secret references", () => {
    expect(resolveSecrets({ Authorization: "Bearer {secret.TOKEN}", "X-Key": "secret.KEY", Plain: "x" }, lookup)).toEqual({ Authorization: "Bearer t0k3n", "X-Key": "a&b", Plain: "x" });
    expect(resolveUrlSecrets("https://x.test/?key={secret.KEY}", lookup)).toBe("https://x.test/?key=a%26b");
  });

  it("throws secret_missing naming the secret", () => {
    let caught: unknown;
    try {
      resolveSecrets({ Authorization: "Bearer {secret.REGISTRY_API_KEY}" }, lookup);
    } catch (error) {
      caught = error;
    }
    expect(caught).toBeInstanceOf(SecretMissingError);
    expect(caught).toMatchObject({ code: "secret_missing", status: 422, secretName: "REGISTRY_API_KEY" });
    expect((caught as Error).message).toContain("store a secret named 'REGISTRY_API_KEY'");
  });
});
