import { describe, expect, it } from "vitest";
import { Webhook, WebhookVerificationError } from "standardwebhooks";
import { generateWebhookSecret, secretFingerprint, signatureHeaders } from "./signing";
import { parseConfigSubscriptions } from "./config-subscriptions";
import { pickTargets } from "./resolve-subscriptions";
import type { WebhookSubscription } from "../db/schema";

describe("signatureHeaders", () => {
  const body = JSON.stringify({ id: "evt_1", eventName: "workflow.completed" });

  it("signs with every given secret, each verifiable on its own", () => {
    const [a, b] = [generateWebhookSecret(), generateWebhookSecret()];
    const headers = signatureHeaders("evt_1", new Date(), body, [a, b]);
    expect(headers["webhook-signature"].split(" ")).toHaveLength(2);
    expect(new Webhook(a).verify(body, headers)).toEqual(JSON.parse(body));
    expect(new Webhook(b).verify(body, headers)).toEqual(JSON.parse(body));
    expect(() => new Webhook(generateWebhookSecret()).verify(body, headers)).toThrow(WebhookVerificationError);
    expect(() => signatureHeaders("evt_1", new Date(), body, [])).toThrow();
  });

  it("makes 32-byte whsec_ secrets and short fingerprints that do not reveal them", () => {
    const secret = generateWebhookSecret();
    expect(Buffer.from(secret.slice(6), "base64")).toHaveLength(32);
    expect(secretFingerprint(secret)).toMatch(/^sha256:[0-9a-f]{16}$/);
    expect(secretFingerprint(secret)).not.toBe(secretFingerprint(generateWebhookSecret()));
  });
});

describe("config.subscriptions", () => {
  it("keeps valid entries (events sorted, unique) and points at each problem", () => {
    const { subscriptions, problems } = parseConfigSubscriptions({
      subscriptions: [
        { type: "webhook", url: "https://a.example/h", events: ["workflow.completed", "workflow.state.changed", "workflow.completed"] },
        { type: "webhook", url: "ftp://a.example/h", events: ["workflow.completed"] },
        { url: "https://b.example/h", events: ["workflow.done"] },
      ],
    });
    expect(subscriptions).toEqual([{ url: "https://a.example/h", events: ["workflow.completed", "workflow.state.changed"] }]);
    expect(problems.map((p) => p.path)).toEqual(["/config/subscriptions/1/url", "/config/subscriptions/2/events/0"]);
    expect(parseConfigSubscriptions({})).toEqual({ subscriptions: [], problems: [] });
    expect(parseConfigSubscriptions({ subscriptions: "x" }).problems).toHaveLength(1);
  });
});

describe("pickTargets", () => {
  const sub = (id: string, level: WebhookSubscription["level"], url: string, events: string[], active = true): WebhookSubscription => ({
    id, projectId: "p", level, url, events, active, workflowDefinitionId: null, runtimeId: null, disabledReason: null, createdAt: new Date(0),
  });

  it("one target per URL, the most specific level first; inactive and non-matching ones skipped; document events by their subscription name", () => {
    const subs = [
      sub("p1", "project", "https://x.example/h", ["workflow.completed"]),
      sub("r1", "runtime", "https://X.example/h", ["workflow.completed"]),
      sub("d1", "definition", "https://y.example/h", ["workflow.context.document.changed"]),
      sub("p2", "project", "https://z.example/h", ["workflow.completed"], false),
    ];
    expect(pickTargets(subs, "workflow.completed").map((s) => s.id)).toEqual(["r1"]);
    expect(pickTargets(subs, "workflow.context.document.completed").map((s) => s.id)).toEqual(["d1"]);
    expect(pickTargets(subs, "workflow.state.changed")).toEqual([]);
  });
});
