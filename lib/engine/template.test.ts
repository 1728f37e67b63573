import { describe, expect, it } from "vitest";
import { resolveSecrets, resolveUrlSecrets } from "./resolve-secrets";
import { fillHeader, fillUrl } from "./template";

describe("fillUrl", () => {
  const context = { base: "https://registry.test/api", host: "vendor.test", id: "a b/c", n: 42, ok: true, obj: { k: "v" } };

  it("inserts a base URL or host as written and URL-encodes placeholders in the path and query", () => {
    expect(fillUrl("p", "{base}/companies/{id}", context).text).toBe("https://registry.test/api/companies/a%20b%2Fc");
    expect(fillUrl("p", "https://{host}/companies/{id}", context).text).toBe("https://vendor.test/companies/a%20b%2Fc");
    expect(fillUrl("p", "https://vendor.test?q={id}", context).text).toBe("https://vendor.test?q=a%20b%2Fc");
  });

  it("writes numbers and booleans as text and objects as JSON", () => {
    expect(fillUrl("p", "https://x.test/{n}/{ok}/{obj}", context).text).toBe(`https://x.test/42/true/${encodeURIComponent('{"k":"v"}')}`);
  });

  it("keeps secret references in place and lists each secret once", () => {
    const filled = fillUrl("p", "https://x.test/{id}?key={secret.KEY}&again={secret.KEY}&other={secret.OTHER}", context);
    expect(filled.text).toBe("https://x.test/a%20b%2Fc?key={secret.KEY}&again={secret.KEY}&other={secret.OTHER}");
    expect(filled.secretRefs).toEqual(["KEY", "OTHER"]);
  });

  it("refuses a placeholder with no value (missing or null), naming it and the plugin", () => {
    expect(() => fillUrl("registry", "https://x.test/{entity.id}", {})).toThrow(
      "plugin 'registry': url placeholder {entity.id} has no value in the workflow context; add 'entity.id' to the run context or fix the placeholder",
    );
    expect(() => fillUrl("registry", "https://x.test/{gone}", { gone: null })).toThrow(/placeholder \{gone\} has no value/);
  });

  it("refuses a context value that carries a secret reference, whether a string or inside an object", () => {
    expect(() => fillUrl("p", "https://x.test/{evil}", { evil: "{secret.KEY}" })).toThrow(/resolved to a value containing a secret reference/);
    expect(() => fillUrl("p", "https://x.test/{evil}", { evil: { a: "{secret.KEY}" } })).toThrow(/secret reference/);
  });
});

describe("fillHeader", () => {
  it("treats a whole value `secret.NAME` (spaces around allowed) as a secret reference, and nothing else", () => {
    expect(fillHeader("p", "  secret.API_KEY ", {})).toEqual({ text: "{secret.API_KEY}", secretRefs: ["API_KEY"] });
    expect(fillHeader("p", "Bearer secret.API_KEY", {})).toEqual({ text: "Bearer secret.API_KEY", secretRefs: [] });
    expect(fillHeader("p", "secret.API_KEY trailing", {})).toEqual({ text: "secret.API_KEY trailing", secretRefs: [] });
  });

  it("fills context placeholders and keeps `{secret.NAME}` references, listing each once", () => {
    const filled = fillHeader("p", "{scheme} {secret.TOKEN}:{secret.TOKEN} for {user.id}", { scheme: "Basic", user: { id: 7 } });
    expect(filled).toEqual({ text: "Basic {secret.TOKEN}:{secret.TOKEN} for 7", secretRefs: ["TOKEN"] });
  });

  it("refuses a missing header placeholder and a smuggled secret reference", () => {
    expect(() => fillHeader("p", "{missing}", {})).toThrow(/header placeholder \{missing\} has no value/);
    expect(() => fillHeader("p", "{x}", { x: "a {secret.T} b" })).toThrow(/secret reference/);
  });
});

describe("resolving secrets at send time", () => {
  const secrets: Record<string, string> = { API_KEY: "k3y", "dotted.name": "d", AMP: "a&b=c" };
  const lookup = (name: string) => secrets[name];

  it("replaces whole-value and embedded references in headers, leaving other text alone", () => {
    expect(resolveSecrets({ a: "secret.API_KEY", b: " secret.dotted.name ", c: "Bearer {secret.API_KEY}", d: "plain secret.API_KEY", e: "secret.API_KEY and more" }, lookup)).toEqual({
      a: "k3y",
      b: "d",
      c: "Bearer k3y",
      d: "plain secret.API_KEY",
      e: "secret.API_KEY and more",
    });
  });

  it("names the first missing secret, whole or embedded", () => {
    expect(() => resolveSecrets({ a: "secret.NOPE" }, lookup)).toThrow(expect.objectContaining({ code: "secret_missing", secretName: "NOPE" }));
    expect(() => resolveSecrets({ a: "x {secret.ALSO_NOPE}" }, lookup)).toThrow(/secret 'ALSO_NOPE' is referenced by a plugin but is not configured/);
  });

  it("URL-encodes secrets put into a URL", () => {
    expect(resolveUrlSecrets("https://x.test/?key={secret.AMP}", lookup)).toBe("https://x.test/?key=a%26b%3Dc");
    expect(() => resolveUrlSecrets("https://x.test/?key={secret.NOPE}", lookup)).toThrow(expect.objectContaining({ code: "secret_missing" }));
  });
});
