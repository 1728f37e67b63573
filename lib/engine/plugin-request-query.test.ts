import { describe, expect, it } from "vitest";
import { buildPluginRequest } from "./plugin-request";
import type { JsonObject, PluginConfig } from "./types";
import { apiPluginConfig } from "../../tests/support/engine-fixtures";

// GET/DELETE requests: the mapping's object becomes the query; other methods send it as the JSON body.

const plugin = (overrides: Partial<PluginConfig>): PluginConfig =>
  apiPluginConfig("lookup", "https://api.test/v1/companies", "GET", "s", "{ name: entity.name, reg: entity.reg }", overrides);
const context: JsonObject = { entity: { name: "Acme & Co", reg: "R 1" } };
const build = (overrides: Partial<PluginConfig>, ctx: JsonObject = context) => buildPluginRequest(plugin(overrides), ctx);

describe("buildPluginRequest: query of GET and DELETE", () => {
  it("appends the query with ?, &, or nothing as the URL needs, before any #fragment", () => {
    expect(build({}).url).toBe("https://api.test/v1/companies?name=Acme+%26+Co&reg=R+1");
    expect(build({ url: "https://api.test/v1/companies?v=2" }).url).toBe("https://api.test/v1/companies?v=2&name=Acme+%26+Co&reg=R+1");
    expect(build({ url: "https://api.test/v1/companies?" }).url).toBe("https://api.test/v1/companies?name=Acme+%26+Co&reg=R+1");
    expect(build({ url: "https://api.test/v1/companies?v=2&" }).url).toBe("https://api.test/v1/companies?v=2&name=Acme+%26+Co&reg=R+1");
    expect(build({ url: "https://api.test/v1/companies#top" }).url).toBe("https://api.test/v1/companies?name=Acme+%26+Co&reg=R+1#top");
  });

  it("treats DELETE like GET and a lower-case method like its upper-case name", () => {
    const del = build({ method: "delete" as PluginConfig["method"] });
    expect(del).toMatchObject({ method: "DELETE", url: "https://api.test/v1/companies?name=Acme+%26+Co&reg=R+1", query: { name: "Acme & Co", reg: "R 1" } });
    expect(del).not.toHaveProperty("body");
  });

  it("leaves the URL alone when the mapping gives nothing or only nulls", () => {
    expect(build({}, { entity: { name: null } })).toMatchObject({ url: "https://api.test/v1/companies", query: {} });
    expect(build({ request: { transform: { mapping: "missing" } } })).toMatchObject({ url: "https://api.test/v1/companies", query: {} });
  });

  it("refuses a mapping that gives something other than an object, saying how to wrap it", () => {
    expect(() => build({ request: { transform: { mapping: "entity.name" } } })).toThrow(/must produce an object .* wrap the value, e.g. "\{ id: entity.id \}"/);
    expect(() => build({ request: { transform: { mapping: "[entity.name]" } } })).toThrow(/must produce an object/);
  });

  it("sends the mapping as the body for POST, PUT and PATCH, without a query", () => {
    for (const method of ["POST", "PUT", "PATCH"] as const) {
      const request = build({ method });
      expect(request).toMatchObject({ method, url: "https://api.test/v1/companies", body: { name: "Acme & Co", reg: "R 1" } });
      expect(request).not.toHaveProperty("query");
    }
  });
});

describe("buildPluginRequest: what it refuses", () => {
  it("a URL that is not absolute http(s) once filled", () => {
    expect(() => build({ url: "{base}/x", method: "POST" }, { ...context, base: "ftp://files.test" })).toThrow(
      "plugin 'lookup': url 'ftp://files.test/x' is not an absolute http(s) URL after filling placeholders; fix 'url' or the context values it reads",
    );
    expect(() => build({ url: "{base}/x", method: "POST" }, { ...context, base: "relative" })).toThrow(/is not an absolute http\(s\) URL/);
    expect(build({ url: "{base}/x", method: "POST" }, { ...context, base: "http://plain.test" }).url).toBe("http://plain.test/x");
  });

  it("a mapping that fails to evaluate, pointing at the mapping", () => {
    expect(() => build({ request: { transform: { mapping: "abs(entity.name)" } } })).toThrow(/request mapping failed: .*; fix 'request.transform.mapping'/);
  });

  it("maps the whole context when the plugin has no request mapping", () => {
    expect(build({ method: "POST", request: undefined }).body).toEqual(context);
  });
});
