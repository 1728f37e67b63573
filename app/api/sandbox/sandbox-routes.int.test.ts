import { afterEach, describe, expect, it } from "vitest";
import { resetEnvCache } from "@/lib/config/env";
import { GET as registry } from "./registry/[registrationNumber]/route";
import { GET as sinkGet, POST as sinkPost } from "./webhook-sink/[name]/route";

afterEach(() => {
  delete process.env.APP_ENVIRONMENT;
  resetEnvCache();
});

const ctx = <T extends Record<string, string>>(params: T) => ({ params: Promise.resolve(params) });

describe("sandbox routes", () => {
  it("the registry answers the near match for the documented number, echoing the company name", async () => {
    const res = await registry(new Request("http://localhost/api/sandbox/registry/20000002?business_name=Acme%20Ltd"), ctx({ registrationNumber: "20000002" }));
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ business_details: { registered_name: "Acme Ltd Holdings" }, name_fuzziness_score: 0.7 });
  });

  it("the webhook sink records what it receives, without credentials", async () => {
    const name = `sink-${Date.now()}`;
    const post = await sinkPost(
      new Request(`http://localhost/api/sandbox/webhook-sink/${name}`, { method: "POST", headers: { "content-type": "application/json", authorization: "Bearer t" }, body: '{"a":1}' }),
      ctx({ name }),
    );
    expect(post.status).toBe(202);
    const got = await (await sinkGet(new Request(`http://localhost/api/sandbox/webhook-sink/${name}`), ctx({ name }))).json();
    expect(got.data).toEqual([{ at: expect.any(String), name, headers: { "content-type": "application/json" }, body: { a: 1 } }]);
  });

  it("is not available outside the sandbox environment", async () => {
    process.env.APP_ENVIRONMENT = "production";
    resetEnvCache();
    const res = await registry(new Request("http://localhost/api/sandbox/registry/1"), ctx({ registrationNumber: "1" }));
    expect(res.status).toBe(404);
    expect(res.headers.get("content-type")).toBe("application/problem+json");
  });
});
