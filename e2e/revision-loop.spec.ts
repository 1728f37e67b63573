import { expect, test } from "@playwright/test";
import { apiPost, createQueue, createStubDefinition, startCase } from "./support/api";
import { E2E_ADMIN, E2E_API_KEY } from "./fixtures";
import { startVendorStub, startWebhookReceiver } from "./support/local-servers";
import { signIn, snap } from "./support/session";

/*
 * The revision loop, end to end: manual review → the reviewer sends one document back with a reason → the receiver
 * gets the move's webhook with that document's decision → the integrator replaces the document and sends
 * `data_updated` with a corrected registration number → the vendor is called with it → the case is back in review
 * with both versions side by side → approved.
 */
const suffix = Date.now().toString(36);
const workflowId = `e2e_revision_${suffix}`;
let vendor: Awaited<ReturnType<typeof startVendorStub>>;
let receiver: Awaited<ReturnType<typeof startWebhookReceiver>>;

const sample = (name: string) => `${test.info().project.use.baseURL}/api/sandbox/sample-pages/${name}`;
const auth = { Authorization: `Bearer ${E2E_API_KEY}` };

test.beforeAll(async ({ request }) => {
  vendor = await startVendorStub();
  receiver = await startWebhookReceiver();
  await createStubDefinition(request, workflowId, vendor.url, receiver.url, (d) => {
    d.config = { subscriptions: [{ type: "webhook", url: `${receiver.url}/hooks/${workflowId}`, events: ["workflow.state.changed", "workflow.completed"] }] };
  });
  await createQueue(request, `Revision ${suffix}`, workflowId);
});
test.afterAll(async () => {
  await vendor?.close();
  await receiver?.close();
});

test("a document sent back for revision comes back corrected, is re-checked with the new data, and the case is approved", async ({ page, request }, testInfo) => {
  const id = await startCase(request, workflowId, {
    entityId: `rl-${suffix}`,
    companyName: `Revision Loop ${suffix} Ltd`,
    registrationNumber: "20000002",
    documents: [
      { id: "poa", category: "proof_of_address", type: "utility_bill", version: 1, pages: [{ provider: "http", uri: sample("proof-of-address.jpg"), type: "jpg", metadata: { pageNumber: "1" } }] },
      { id: "coi", category: "registration", type: "certificate_of_incorporation", version: 1, pages: [{ provider: "http", uri: sample("certificate-of-incorporation.pdf"), type: "pdf", metadata: { pageNumber: "1" } }] },
    ],
  });
  expect(vendor.calls.filter((n) => n === "20000002").length).toBeGreaterThan(0);

  await signIn(page, E2E_ADMIN.email, E2E_ADMIN.password);
  await page.goto(`/cases/${id}`);
  await page.getByRole("button", { name: "Assign to me" }).click();
  await expect(page.getByTestId("assignee")).toContainText("Assigned to you");
  const panel = page.getByTestId("decision-panel");
  await panel.getByTestId("send-back").getByLabel("1. proof_of_address / utility_bill").check();
  await panel.getByLabel("What to correct in 1. proof_of_address / utility_bill").fill("The bill is older than three months");
  await panel.getByLabel("Reason").fill("Please send a recent proof of address and check the registration number");
  await panel.getByRole("button", { name: "Request revision" }).click();
  await expect(page.getByTestId("state-badge").first()).toHaveText("revision");
  await expect(page.getByTestId("timeline")).toContainText("Document 1 marked revision — The bill is older than three months");

  // The move's webhook carries each document's decision.
  type Doc = { id: string; decision?: { status: string; revisionReason: string | null } };
  const moved = () => receiver.received.find((w) => w.body.workflowRuntimeId === id && w.body.eventName === "workflow.state.changed" && w.body.state === "revision");
  await expect.poll(() => moved() !== undefined, { timeout: 20_000 }).toBe(true);
  const documents = (moved()!.body.data as { documents: Doc[] }).documents;
  expect(documents.find((d) => d.id === "poa")?.decision).toMatchObject({ status: "revision", revisionReason: "The bill is older than three months" });
  expect(documents.find((d) => d.id === "coi")?.decision?.status).not.toBe("revision");

  // The integrator replaces the document, then sends data_updated with the corrected registration number.
  const replaced = await request.put(`/api/v1/external/workflows/${id}/documents/poa`, {
    headers: auth,
    data: { category: "proof_of_address", type: "utility_bill", pages: [{ provider: "http", uri: sample("director-id.png"), type: "png", metadata: { pageNumber: "1" } }] },
  });
  expect(replaced.status(), await replaced.text()).toBe(200);
  expect((await replaced.json()).document.version).toBe(2);
  await apiPost(request, `/api/v1/external/workflows/${id}/send-event`, { name: "data_updated", contextPatch: { entity: { data: { registrationNumber: "20000007" } } } });
  await expect.poll(() => vendor.calls.includes("20000007"), { timeout: 20_000 }).toBe(true);

  // Back in review, with the new version beside the previous one.
  await expect.poll(async () => (await page.reload(), await page.getByTestId("state-badge").first().textContent()), { timeout: 20_000 }).toBe("manual_review");
  const versions = page.getByTestId("document").first().getByTestId("document-versions");
  await expect(versions).toContainText("Previous: version 1");
  await expect(versions).toContainText("Current: version 2");
  await expect(versions).toContainText("Was: revision — The bill is older than three months");
  await expect(versions.locator("canvas[data-kind=image]")).toHaveCount(2);
  await versions.scrollIntoViewIfNeeded();
  await versions.screenshot({ path: testInfo.outputPath("document-versions.png") });

  await panel.getByRole("button", { name: "Approve" }).click();
  await expect(page.getByTestId("outcome-banner")).toContainText("Case completed: approved");
  await expect
    .poll(() => receiver.received.find((w) => w.body.workflowRuntimeId === id && w.body.eventName === "workflow.completed")?.body.workflowFinalState, { timeout: 20_000 })
    .toBe("approved");
  await snap(page, testInfo, "revision-approved.png");
});
