import { describe, expect, it } from "vitest";
import { resolveRequestSecrets, type PluginSecrets } from "./secret-binding";

const VALUES: Record<string, string> = { TOKEN: "t0k3n", QUERY_KEY: "q&k", FREE: "free-value" };
const BINDINGS: Record<string, string[] | null> = { TOKEN: ["api.vendor.example", "*.vendor.example:8443"], QUERY_KEY: ["api.vendor.example:443"], FREE: null };
const secrets: PluginSecrets = { value: (name) => VALUES[name], allowedHosts: (name) => BINDINGS[name] ?? null };

const request = (url: string, headers: Record<string, string> = { Authorization: "Bearer {secret.TOKEN}" }) => ({ method: "POST", url, headers });

describe("resolveRequestSecrets", () => {
  it("substitutes secrets bound to the destination's host, on any port unless the pattern names one", () => {
    expect(resolveRequestSecrets(request("https://api.vendor.example/v1"), secrets)).toEqual({ method: "POST", url: "https://api.vendor.example/v1", headers: { Authorization: "Bearer t0k3n" } });
    expect(resolveRequestSecrets(request("http://API.vendor.example:8080/v1"), secrets).headers.Authorization).toBe("Bearer t0k3n");
    expect(resolveRequestSecrets(request("https://eu.vendor.example:8443/"), secrets).headers.Authorization).toBe("Bearer t0k3n");
    expect(resolveRequestSecrets(request("https://api.vendor.example/?key={secret.QUERY_KEY}", {}), secrets).url).toBe("https://api.vendor.example/?key=q%26k");
  });

  it("refuses a bound secret in a header or the URL bound for another host, naming the secret, its hosts and the destination", () => {
    expect(() => resolveRequestSecrets(request("https://evil.example/steal"), secrets)).toThrow(
      expect.objectContaining({
        code: "secret_host_not_allowed",
        message: expect.stringContaining("secret 'TOKEN' may only be sent to api.vendor.example, *.vendor.example:8443, and this request goes to evil.example:443"),
      }),
    );
    expect(() => resolveRequestSecrets(request("https://eu.vendor.example/"), secrets)).toThrow(expect.objectContaining({ code: "secret_host_not_allowed" }));
    expect(() => resolveRequestSecrets(request("http://api.vendor.example/?key={secret.QUERY_KEY}", {}), secrets)).toThrow(
      expect.objectContaining({ message: expect.stringContaining("goes to api.vendor.example:80") }),
    );
    expect(() => resolveRequestSecrets(request("https://api.vendor.example.evil.test/", { "X-Api-Key": "secret.TOKEN" }), secrets)).toThrow(
      expect.objectContaining({ secretName: "TOKEN" }),
    );
  });

  it("lets unbound secrets go wherever the plugin calls, and still reports a missing secret as secret_missing", () => {
    expect(resolveRequestSecrets(request("https://anywhere.example/", { Authorization: "Bearer {secret.FREE}" }), secrets).headers.Authorization).toBe("Bearer free-value");
    expect(() => resolveRequestSecrets(request("https://anywhere.example/", { Authorization: "{secret.NOPE}" }), secrets)).toThrow(expect.objectContaining({ code: "secret_missing" }));
  });
});
