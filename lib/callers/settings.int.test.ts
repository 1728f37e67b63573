import { describe, expect, it } from "vitest";
import { authenticateApiKey, createApiKeyFor, listApiKeysFor, revokeApiKeyFor } from "../api-keys";
import { webhookDeliveries, webhookSubscriptions } from "../db/schema";
import { deleteSecretFor, listSecretsFor, loadSecretLookup, putSecretFor } from "../secrets";
import { listUsersFor } from "../users/list-users";
import { updateUserFor } from "../users/update-user";
import { listRecentDeliveriesFor, redeliverFor } from "../webhooks/deliveries";
import { getWebhookSecretStatusFor, rotateWebhookSecretFor } from "../webhooks/rotate-secret";
import { secretFingerprint } from "../webhooks/signing";
import { createSubscriptionFor, deleteSubscriptionFor, listSubscriptionsFor, setSubscriptionActiveFor } from "../webhooks/subscriptions";
import { testProject } from "../../tests/support/test-project";
import { insertUser, testAuthorizationCast } from "../../tests/support/users";
import { apiKeyCaller } from "./caller";

// The settings functions of every domain, called as users of two projects and as an API key: who may do what, and the effects.
const P = "settings";
const OTHER = "settings_other";
const t = testProject(P);
const { admin, reviewer, outsider } = testAuthorizationCast(t, P, OTHER);

const user = (projectId: string, email: string, role: "admin" | "reviewer") => insertUser(t.db, projectId, email, role);

describe(`settings authorization (${process.env.TEST_DB_KIND})`, () => {
  it("refuses every settings operation to a reviewer with 403 forbidden", async () => {
    const id = "00000000-0000-4000-8000-000000000000";
    const calls: Array<() => Promise<unknown>> = [
      () => listApiKeysFor(t.db, reviewer),
      () => createApiKeyFor(t.db, reviewer, { name: "x" }),
      () => revokeApiKeyFor(t.db, reviewer, id),
      () => listSecretsFor(t.db, reviewer),
      () => putSecretFor(t.db, reviewer, "X", "v"),
      () => deleteSecretFor(t.db, reviewer, "X"),
      () => listSubscriptionsFor(t.db, reviewer),
      () => createSubscriptionFor(t.db, reviewer, { url: "https://r.example/h", events: ["workflow.completed"] }),
      () => setSubscriptionActiveFor(t.db, reviewer, id, false),
      () => deleteSubscriptionFor(t.db, reviewer, id),
      () => getWebhookSecretStatusFor(t.db, reviewer),
      () => rotateWebhookSecretFor(t.db, reviewer),
      () => listRecentDeliveriesFor(t.db, reviewer),
      () => redeliverFor(t.db, reviewer, id),
      () => listUsersFor(t.db, reviewer),
      () => updateUserFor(t.db, reviewer, admin.id, { role: "reviewer" }),
    ];
    for (const call of calls) await expect(call()).rejects.toMatchObject({ status: 403, code: "forbidden" });
  });

  it("refuses an admin session whose user was demoted or deactivated since signing in", async () => {
    const stale = await user(P, "stale@settings.test", "admin");
    await expect(listSecretsFor(t.db, stale)).resolves.toEqual(expect.any(Array));
    await updateUserFor(t.db, admin, stale.id, { role: "reviewer" });
    await expect(listSecretsFor(t.db, stale)).rejects.toMatchObject({ status: 403, message: expect.stringContaining("no longer an active admin") });
    await updateUserFor(t.db, admin, stale.id, { role: "admin", active: false });
    await expect(createApiKeyFor(t.db, stale, { name: "x" })).rejects.toMatchObject({ status: 403 });
    await expect(listSecretsFor(t.db, { ...admin, projectId: OTHER })).rejects.toMatchObject({ status: 403 });
  });

  it("lets an API key do what an admin may, in its own project only", async () => {
    const key = apiKeyCaller({ apiKeyId: "00000000-0000-4000-8000-000000000001", projectId: OTHER });
    await putSecretFor(t.db, key, "PARTNER_TOKEN", "v");
    expect((await listSecretsFor(t.db, key)).map((s) => s.name)).toEqual(["PARTNER_TOKEN"]);
    expect((await listSecretsFor(t.db, admin)).map((s) => s.name)).not.toContain("PARTNER_TOKEN");
    await expect(updateUserFor(t.db, key, outsider.id, { role: "admin" })).resolves.toMatchObject({ id: outsider.id, role: "admin" });
    await deleteSecretFor(t.db, key, "PARTNER_TOKEN");
  });
});

describe("API keys", () => {
  it("creates a key shown once that authenticates, lists it without the key, and revokes it", async () => {
    const created = await createApiKeyFor(t.db, admin, { name: "CI pipeline" });
    expect(created.key).toMatch(/^kyc_/);
    await expect(authenticateApiKey(t, `Bearer ${created.key}`)).resolves.toMatchObject({ projectId: P });
    const listed = (await listApiKeysFor(t.db, admin)).find((k) => k.id === created.id)!;
    expect(listed).toMatchObject({ name: "CI pipeline", prefix: created.prefix, revokedAt: null });
    expect(JSON.stringify(listed)).not.toContain(created.key);
    await expect(revokeApiKeyFor(t.db, outsider, created.id)).rejects.toMatchObject({ status: 404 });
    await revokeApiKeyFor(t.db, admin, created.id);
    await expect(authenticateApiKey(t, `Bearer ${created.key}`)).rejects.toMatchObject({ status: 401 });
    await expect(revokeApiKeyFor(t.db, admin, created.id)).rejects.toMatchObject({ status: 404 });
    expect((await listApiKeysFor(t.db, admin)).find((k) => k.id === created.id)?.revokedAt).toEqual(expect.any(String));
  });

  it("creates keys with the default scopes (running cases) or chosen ones and an expiry; lists both, and marks an expired key", async () => {
    const plain = await createApiKeyFor(t.db, admin, { name: "integration" });
    expect(plain).toMatchObject({ scopes: ["runtimes:read", "runtimes:write"], expiresAt: null });
    const until = new Date(Date.now() + 86_400_000).toISOString();
    const chosen = await createApiKeyFor(t.db, admin, { name: "deploys", scopes: ["definitions:write", "runtimes:read"], expiresAt: until });
    await expect(authenticateApiKey(t, `Bearer ${chosen.key}`)).resolves.toMatchObject({ scopes: ["definitions:write", "runtimes:read"] });
    const shortLived = await createApiKeyFor(t.db, admin, { name: "short-lived", expiresAt: new Date(Date.now() + 50).toISOString() });
    await new Promise((resolve) => setTimeout(resolve, 80));
    const listed = await listApiKeysFor(t.db, admin);
    expect(listed.find((k) => k.id === plain.id)).toMatchObject({ scopes: ["runtimes:read", "runtimes:write"], expiresAt: null, expired: false });
    expect(listed.find((k) => k.id === chosen.id)).toMatchObject({ scopes: ["definitions:write", "runtimes:read"], expiresAt: until, expired: false });
    expect(listed.find((k) => k.id === shortLived.id)).toMatchObject({ expired: true });
    await expect(authenticateApiKey(t, `Bearer ${shortLived.key}`)).rejects.toMatchObject({ status: 401 });
  });
});

describe("secrets", () => {
  it("sets a secret that plugins can read, lists its name only, and deletes it", async () => {
    const info = await putSecretFor(t.db, admin, "REGISTRY_TOKEN", "s3cr3t-value");
    expect(info).toEqual({ name: "REGISTRY_TOKEN", allowedHosts: null, createdAt: expect.any(String), updatedAt: expect.any(String) });
    expect((await loadSecretLookup(t.db, P))("REGISTRY_TOKEN")).toBe("s3cr3t-value");
    const listed = await listSecretsFor(t.db, admin);
    expect(listed.map((s) => s.name)).toContain("REGISTRY_TOKEN");
    expect(JSON.stringify(listed)).not.toContain("s3cr3t-value");
    expect(await listSecretsFor(t.db, outsider)).toEqual([]);
    await expect(putSecretFor(t.db, admin, "lower-case", "v")).rejects.toMatchObject({ status: 422, errors: [expect.objectContaining({ path: "/name" })] });
    await expect(deleteSecretFor(t.db, outsider, "REGISTRY_TOKEN")).rejects.toMatchObject({ status: 404 });
    await deleteSecretFor(t.db, admin, "REGISTRY_TOKEN");
    await expect(deleteSecretFor(t.db, admin, "REGISTRY_TOKEN")).rejects.toMatchObject({ status: 404 });
  });
});

describe("users and roles", () => {
  it("refuses an admin demoting or deactivating themself (409 self_lockout)", async () => {
    await expect(updateUserFor(t.db, admin, admin.id, { role: "reviewer" })).rejects.toMatchObject({ status: 409, code: "self_lockout" });
    await expect(updateUserFor(t.db, admin, admin.id, { role: "auditor" })).rejects.toMatchObject({ status: 409, code: "self_lockout" });
    await expect(updateUserFor(t.db, admin, admin.id, { active: false })).rejects.toMatchObject({ status: 409, code: "self_lockout" });
    await expect(updateUserFor(t.db, admin, admin.id, { role: "admin", active: true })).resolves.toMatchObject({ role: "admin", active: true });
  });

  it("changes another user's role and active flag, but not in another project", async () => {
    const sam = await user(P, "sam@settings.test", "reviewer");
    expect(await updateUserFor(t.db, admin, sam.id, { role: "admin" })).toMatchObject({ id: sam.id, role: "admin", active: true });
    expect(await updateUserFor(t.db, admin, sam.id, { active: false })).toMatchObject({ role: "admin", active: false });
    expect((await listUsersFor(t.db, admin)).find((u) => u.id === sam.id)).toMatchObject({ active: false, name: "sam" });
    expect(await updateUserFor(t.db, admin, sam.id, { active: true, role: "reviewer" })).toMatchObject({ role: "reviewer", active: true });
    await expect(updateUserFor(t.db, outsider, sam.id, { active: false })).rejects.toMatchObject({ status: 404 });
    await expect(updateUserFor(t.db, admin, "not-a-uuid", { active: false })).rejects.toMatchObject({ status: 404 });
    expect((await listUsersFor(t.db, admin)).some((u) => u.email === outsider.email)).toBe(false);
  });
});

describe("webhooks", () => {
  it("creates, pauses, enables and deletes a project-level subscription", async () => {
    const sub = await createSubscriptionFor(t.db, admin, { url: "https://receiver.example/hooks", events: ["workflow.completed", "workflow.state.changed"] });
    expect(sub).toMatchObject({ level: "project", active: true });
    expect((await listSubscriptionsFor(t.db, admin)).map((s) => s.id)).toContain(sub.id);
    expect(await listSubscriptionsFor(t.db, outsider)).toEqual([]);
    expect(await setSubscriptionActiveFor(t.db, admin, sub.id, false)).toMatchObject({ active: false });
    expect(await setSubscriptionActiveFor(t.db, admin, sub.id, true)).toMatchObject({ active: true, disabledReason: null });
    await expect(deleteSubscriptionFor(t.db, outsider, sub.id)).rejects.toMatchObject({ status: 404 });
    await deleteSubscriptionFor(t.db, admin, sub.id);
    expect((await listSubscriptionsFor(t.db, admin)).map((s) => s.id)).not.toContain(sub.id);
  });

  it("rotates the signing secret, showing it once and its fingerprint afterwards", async () => {
    const rotated = await rotateWebhookSecretFor(t.db, admin);
    expect(rotated.secret).toMatch(/^whsec_/);
    const status = await getWebhookSecretStatusFor(t.db, admin);
    expect(status).toMatchObject({ configured: true, fingerprint: secretFingerprint(rotated.secret) });
    expect(JSON.stringify(status)).not.toContain(rotated.secret);
  });

  it("lists the project's recent deliveries newest first and redelivers a failed one", async () => {
    const [sub] = await t.db.insert(webhookSubscriptions).values({ projectId: P, level: "project", url: "https://r.example/h", events: ["workflow.completed"] }).returning();
    const row = (n: number, projectId = P) => ({
      projectId,
      subscriptionId: projectId === P ? sub.id : null,
      eventId: `evt_${projectId}_${n}`,
      eventName: "workflow.completed",
      url: "https://r.example/h",
      payload: { sequence: n },
      status: "failed" as const,
      attempts: 8,
      lastResponseCode: 500,
      createdAt: new Date(Date.UTC(2026, 0, 1, 0, n)),
    });
    await t.db.insert(webhookDeliveries).values([row(1), row(2), row(3, OTHER)]);
    const listed = await listRecentDeliveriesFor(t.db, admin);
    expect(listed.map((d) => d.eventId)).toEqual([`evt_${P}_2`, `evt_${P}_1`]);
    await expect(redeliverFor(t.db, outsider, listed[0].id)).rejects.toMatchObject({ status: 404 });
    expect(await redeliverFor(t.db, admin, listed[0].id)).toMatchObject({ status: "pending", eventId: `evt_${P}_2` });
  });
});
