import { expect, test, type Browser, type Page } from "@playwright/test";
import { createQueue, createStubDefinition, startCase } from "./support/api";
import { E2E_ADMIN } from "./fixtures";
import { startVendorStub, startWebhookReceiver } from "./support/local-servers";
import { sameOrigin, signIn, snap } from "./support/session";

/*
 * Manual review against the local vendor stub (registration number 20000002 → score 0.7 → manual review) and the
 * local webhook receiver (definition-level subscription to workflow.completed). Cases are started through the API.
 */
const suffix = Date.now().toString(36);
const workflowId = `e2e_review_${suffix}`;
const reviewer = { email: `reviewer-${suffix}@example.com`, password: "reviewer-password-123", firstName: "Rita", lastName: "Reviewer" };
let vendor: Awaited<ReturnType<typeof startVendorStub>>;
let receiver: Awaited<ReturnType<typeof startWebhookReceiver>>;
let n = 0;

const document = {
  category: "proof_of_address",
  type: "utility_bill",
  issuer: { country: "GB" },
  pages: [
    { provider: "http", uri: "http://127.0.0.1:3292/files/bill-p1.pdf", type: "pdf", metadata: { side: "front", pageNumber: "1" } },
    { provider: "http", uri: "javascript:alert(1)", type: "jpg", metadata: { pageNumber: "2" } },
  ],
  properties: {},
  version: "1",
  issuingVersion: 1,
};

/** A new case in manual review (through the vendor stub); returns its runtime id. */
async function reviewCase(request: Parameters<typeof startCase>[0], name: string, documents: unknown[] = []): Promise<string> {
  n += 1;
  return startCase(request, workflowId, { entityId: `rv-${suffix}-${n}`, companyName: `${name} ${suffix}`, registrationNumber: "20000002", documents });
}

async function openAsAdmin(page: Page, runtimeId: string) {
  await signIn(page, E2E_ADMIN.email, E2E_ADMIN.password);
  await page.goto(`/cases/${runtimeId}`);
  await expect(page.getByTestId("review-reason")).toBeVisible();
}

async function reviewerPage(browser: Browser): Promise<Page> {
  const context = await browser.newContext();
  const page = await context.newPage();
  await signIn(page, reviewer.email, reviewer.password);
  return page;
}

test.beforeAll(async ({ request }) => {
  vendor = await startVendorStub();
  receiver = await startWebhookReceiver();
  await createStubDefinition(request, workflowId, vendor.url, receiver.url);
  await createQueue(request, `Review ${suffix}`, workflowId);
});
test.afterAll(async () => {
  await vendor?.close();
  await receiver?.close();
});

test("approve: the case ends in approve and the receiver gets workflow.completed (approved)", async ({ page, request }, testInfo) => {
  const id = await reviewCase(request, "Approve Me Ltd");
  await openAsAdmin(page, id);
  const panel = page.getByTestId("decision-panel");
  await expect(panel.getByRole("button")).toHaveText(["Approve", "Reject", "Request revision"]);
  await page.getByRole("button", { name: "Assign to me" }).click();
  await expect(page.getByTestId("assignee")).toContainText("Assigned to you");
  await panel.getByRole("button", { name: "Approve" }).click();
  await expect(page.getByTestId("outcome-banner")).toContainText("Case completed: approved");
  await expect(page.getByTestId("state-badge").first()).toHaveText("approve");
  await expect(page.getByTestId("timeline")).toContainText("Decision “approve”: manual_review → approve");
  await expect
    .poll(() => receiver.received.find((w) => w.body.workflowRuntimeId === id && w.body.eventName === "workflow.completed")?.body.workflowFinalState, { timeout: 20_000 })
    .toBe("approved");
  await page.reload();
  await expect(page.getByTestId("timeline")).toContainText("Webhook workflow.completed");
  await snap(page, testInfo, "approved.png");
});

test("reject needs a reason, which is recorded", async ({ page, request }, testInfo) => {
  const id = await reviewCase(request, "Reject Me Ltd");
  await openAsAdmin(page, id);
  const panel = page.getByTestId("decision-panel");
  await panel.getByRole("button", { name: "Reject" }).click();
  await expect(panel.getByRole("alert")).toContainText("Write a reason to reject this case.");
  await expect(panel.getByLabel("Reason")).toBeFocused();
  await panel.getByLabel("Reason").fill("Registry extract does not match the company");
  await panel.getByRole("button", { name: "Reject" }).click();
  await expect(page.getByTestId("outcome-banner")).toContainText("Case completed: rejected");
  await expect(page.getByTestId("outcome-banner")).toContainText("Registry extract does not match the company");
  await expect(page.getByTestId("timeline")).toContainText("“Registry extract does not match the company”");
  await snap(page, testInfo, "rejected.png");
});

test("a document decision is stored on the document", async ({ page, request }, testInfo) => {
  const id = await reviewCase(request, "Document Co", [document]);
  await openAsAdmin(page, id);
  const doc = page.getByTestId("document").first();
  await expect(doc.getByRole("link", { name: "Open PDF" })).toHaveAttribute("href", document.pages[0].uri);
  await expect(doc).toContainText("no viewable address");
  await doc.getByLabel("Document decision").selectOption("rejected");
  await doc.getByRole("button", { name: "Save document decision" }).click();
  await expect(doc.getByRole("alert")).toContainText("Write a reason");
  await doc.getByLabel("Document reason").fill("The bill is older than three months");
  await doc.getByRole("button", { name: "Save document decision" }).click();
  await expect(doc.getByTestId("document-decision")).toHaveText("rejected");
  await expect(doc).toContainText("Reason: The bill is older than three months");
  await expect(page.getByTestId("timeline")).toContainText("marked rejected — The bill is older than three months");
  await snap(page, testInfo, "document-decision.png");
});

test("assignment: a non-assignee is refused; once assigned, the reviewer requests a revision", async ({ page, request, browser }, testInfo) => {
  // The users API (admins only) creates the second reviewer.
  await signIn(page, E2E_ADMIN.email, E2E_ADMIN.password);
  const created = await page.request.post("/api/backoffice/users", { headers: sameOrigin(page), data: { ...reviewer, role: "reviewer" } });
  expect(created.status(), await created.text()).toBe(201);
  const refusedCsrf = await page.request.post("/api/backoffice/users", { headers: { Origin: "http://evil.example" }, data: { ...reviewer, role: "reviewer" } });
  expect(refusedCsrf.status()).toBe(403);

  const id = await reviewCase(request, "Assignment Co");
  await page.goto(`/cases/${id}`);
  await page.getByRole("button", { name: "Assign to me" }).click();
  await expect(page.getByTestId("assignee")).toContainText("Assigned to you");

  const rita = await reviewerPage(browser);
  await rita.goto(`/cases/${id}`);
  await expect(rita.getByTestId("assignee")).toContainText("Assigned to Admin");
  await expect(rita.getByTestId("decision-blocked")).toContainText("only the assignee or an admin can decide");
  await expect(rita.getByTestId("decision-panel").getByRole("button", { name: "Approve" })).toBeDisabled();
  await expect(rita.getByRole("button", { name: "Assign to me" })).toHaveCount(0);
  const version = Number(await rita.getByTestId("case-version").textContent());
  const refused = await rita.request.post(`/api/backoffice/cases/${id}/decision`, { headers: sameOrigin(rita), data: { event: "approve", version } });
  expect(refused.status()).toBe(403);
  expect((await refused.json()).code).toBe("not_assignee");
  await snap(rita, testInfo, "non-assignee.png");

  // The admin hands the case to Rita (a reassignment: with a reason), who can now decide.
  await page.reload();
  await page.getByLabel("Reassign to").selectOption({ label: `${reviewer.firstName} ${reviewer.lastName} (reviewer)` });
  await page.getByLabel("Reason for reassigning").fill("Rita handles this client");
  await page.getByRole("button", { name: "Reassign", exact: true }).click();
  await expect(page.getByTestId("assignee")).toContainText(`Assigned to ${reviewer.firstName} ${reviewer.lastName}`);
  await rita.reload();
  await expect(rita.getByTestId("assignee")).toContainText("Assigned to you");
  const panel = rita.getByTestId("decision-panel");
  await panel.getByLabel("Reason").fill("Please upload a current register extract");
  await panel.getByRole("button", { name: "Request revision" }).click();
  await expect(rita.getByTestId("state-badge").first()).toHaveText("revision");
  await expect(rita.getByTestId("timeline")).toContainText("Decision “revision”: manual_review → revision — “Please upload a current register extract”");
  await snap(rita, testInfo, "revision.png");
  await rita.context().close();
});

test("a stale decision (the case moved on in another tab) is refused with a message", async ({ page, request, context }, testInfo) => {
  const id = await reviewCase(request, "Stale Page Co");
  await openAsAdmin(page, id);
  const other = await context.newPage();
  await other.goto(`/cases/${id}`);
  await other.getByTestId("decision-panel").getByRole("button", { name: "Approve" }).click();
  await expect(other.getByTestId("outcome-banner")).toContainText("approved");

  const panel = page.getByTestId("decision-panel");
  await panel.getByLabel("Reason").fill("Changed my mind");
  await panel.getByRole("button", { name: "Reject" }).click();
  const problem = panel.getByTestId("action-problem");
  await expect(problem).toContainText("This case changed since you opened it");
  await expect(problem).toContainText("Reload the page");
  await expect(problem).toHaveAttribute("data-code", "version_conflict");
  await snap(page, testInfo, "stale.png");
  await problem.getByRole("button", { name: "Reload the case" }).click();
  await expect(page.getByTestId("outcome-banner")).toContainText("approved");
});
