import { createHmac } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { Webhook, WebhookVerificationError } from "standardwebhooks";
import { projects } from "../db/schema";
import { startRun } from "../runtime/start-run";
import { eventually } from "../../tests/support/vendor-stub";
import { runContext, seedDefinition } from "../../tests/support/seed";
import { getWebhookSecretStatus, rotateWebhookSecret } from "./rotate-secret";
import { secretFingerprint } from "./signing";
import { setUpWebhookTest, type WebhookTest } from "../../tests/support/webhook-test";
import type { ReceivedWebhook } from "../../tests/support/webhook-receiver";

const P = "wh-signatures";
let w: WebhookTest;

beforeAll(async () => {
  w = await setUpWebhookTest({ projectId: P });
  await seedDefinition(w.t.db, P);
});

afterAll(async () => w?.close());

/** Start a run subscribed at runtime level to its creation event and return what the receiver got. */
async function oneDelivery(): Promise<ReceivedWebhook> {
  const config = { subscriptions: [{ type: "webhook", url: `${w.receiver.origin}/signed`, events: ["workflow.state.changed"] }] };
  const run = await startRun(w.t.db, { projectId: P, workflowId: "kyb_manual_review_example", context: runContext(w.vendor.origin, "1000"), config, actor: w.actor });
  return eventually(async () => w.receiver.forRuntime(run.workflowRuntimeId)[0], "the creation event");
}

const verify = (secret: string, body: string, headers: Record<string, string>) => new Webhook(secret).verify(body, headers);

describe(`Standard Webhooks signatures (${process.env.TEST_DB_KIND})`, () => {
  it("carries webhook-id (the event id), webhook-timestamp and a v1 HMAC-SHA256 signature that standardwebhooks verifies", async () => {
    const req = await oneDelivery();
    const { headers, rawBody } = req;
    expect(headers["content-type"]).toBe("application/json");
    expect(headers["webhook-id"]).toBe(req.body.id);
    expect(Math.abs(Number(headers["webhook-timestamp"]) - Date.now() / 1000)).toBeLessThan(10);
    expect(headers["webhook-signature"]).toMatch(/^v1,[A-Za-z0-9+/]+=*$/);
    expect(verify(w.secret, rawBody, headers)).toEqual(req.body);

    const key = Buffer.from(w.secret.slice("whsec_".length), "base64");
    const expected = createHmac("sha256", key).update(`${headers["webhook-id"]}.${headers["webhook-timestamp"]}.${rawBody}`).digest("base64");
    expect(headers["webhook-signature"]).toBe(`v1,${expected}`);
  });

  it("a changed body, id or timestamp, or another secret, fails verification", async () => {
    const { headers, rawBody } = await oneDelivery();
    const tampered = rawBody.replace('"apiVersion":1', '"apiVersion":2');
    expect(tampered).not.toBe(rawBody);
    expect(() => verify(w.secret, tampered, headers)).toThrow(WebhookVerificationError);
    expect(() => verify(w.secret, rawBody, { ...headers, "webhook-id": `${headers["webhook-id"]}x` })).toThrow(WebhookVerificationError);
    expect(() => verify(w.secret, rawBody, { ...headers, "webhook-timestamp": String(Number(headers["webhook-timestamp"]) - 1) })).toThrow(WebhookVerificationError);
    expect(() => verify(`whsec_${Buffer.alloc(32, 7).toString("base64")}`, rawBody, headers)).toThrow(WebhookVerificationError);
  });

  it("rotation: both secrets sign during the overlap, only the new one after it; the status shows fingerprints only", async () => {
    const old = w.secret;
    const rotated = await rotateWebhookSecret(w.t.db, P);
    expect(rotated.secret).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/);
    expect(rotated.previousValidUntil!.getTime() - Date.now()).toBeGreaterThan(23.9 * 3600_000);

    const during = await oneDelivery();
    const signatures = during.headers["webhook-signature"].split(" ");
    expect(signatures).toHaveLength(2);
    expect(verify(rotated.secret, during.rawBody, during.headers)).toEqual(during.body);
    expect(verify(old, during.rawBody, during.headers)).toEqual(during.body);
    expect(() => verify(old, during.rawBody, { ...during.headers, "webhook-signature": signatures[0] })).toThrow(WebhookVerificationError);

    const status = await getWebhookSecretStatus(w.t.db, P);
    expect(status).toEqual({ configured: true, fingerprint: secretFingerprint(rotated.secret), previous: { fingerprint: secretFingerprint(old), validUntil: rotated.previousValidUntil } });
    expect(JSON.stringify(status)).not.toContain(rotated.secret.slice(6, 20));

    await w.t.db.update(projects).set({ webhookSecretPreviousUntil: new Date(Date.now() - 1000) }).where(eq(projects.id, P));
    const after = await oneDelivery();
    expect(after.headers["webhook-signature"].split(" ")).toHaveLength(1);
    expect(verify(rotated.secret, after.rawBody, after.headers)).toEqual(after.body);
    expect(() => verify(old, after.rawBody, after.headers)).toThrow(WebhookVerificationError);
    expect((await getWebhookSecretStatus(w.t.db, P)).previous).toBeNull();
    w.secret = rotated.secret;
  });

  it("rotating with no overlap drops the old secret at once; the stored secrets are encrypted", async () => {
    const rotated = await rotateWebhookSecret(w.t.db, P, 0);
    expect(rotated.previousValidUntil).toBeNull();
    const req = await oneDelivery();
    expect(req.headers["webhook-signature"].split(" ")).toHaveLength(1);
    expect(verify(rotated.secret, req.rawBody, req.headers)).toEqual(req.body);
    const [row] = await w.t.db.select().from(projects).where(eq(projects.id, P));
    expect(JSON.stringify(row)).not.toContain(rotated.secret.slice(6));
    w.secret = rotated.secret;
  });
});
