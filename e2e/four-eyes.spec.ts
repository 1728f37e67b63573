import { expect, test, type Browser, type Page } from "@playwright/test";
import { createQueue, createStubDefinition } from "./support/api";
import { E2E_ADMIN } from "./fixtures";
import { startVendorStub, startWebhookReceiver } from "./support/local-servers";
import { sameOrigin, signIn, snap } from "./support/session";

/*
 * Four-eyes decisions (docs/four-eyes.md): the review state of a copy of the worked example needs two approvals.
 * A reviewer adds a case and cannot approve it; two other reviewers, each in a browser context of their own, approve
 * it: the first sees "Waiting for a second approval", the queue "1 of 2 approvals", the second completes it, and
 * workflow.completed lists both approvers.
 */
const suffix = Date.now().toString(36);
const workflowId = `e2e_four_eyes_${suffix}`;
const person = (firstName: string) => ({ email: `${firstName.toLowerCase()}-${suffix}@example.com`, password: `${firstName}-password-123`, firstName, lastName: "Checker", role: "reviewer" });
const maker = person("Mia");
const ana = person("Ana");
const bo = person("Bo");
let vendor: Awaited<ReturnType<typeof startVendorStub>>;
let receiver: Awaited<ReturnType<typeof startWebhookReceiver>>;
let filterId: string;

test.beforeAll(async ({ request }) => {
  vendor = await startVendorStub();
  receiver = await startWebhookReceiver();
  await createStubDefinition(request, workflowId, vendor.url, receiver.url, (d) => {
    (d.definition.states.manual_review as Record<string, unknown>).meta = { review: { approvals: 2 } };
  });
  filterId = await createQueue(request, `Four eyes ${suffix}`, workflowId);
});
test.afterAll(async () => {
  await vendor?.close();
  await receiver?.close();
});

/** A signed-in page in a browser context of its own (its own session cookie). */
async function contextFor(browser: Browser, user: { email: string; password: string }): Promise<Page> {
  const page = await (await browser.newContext()).newPage();
  await signIn(page, user.email, user.password);
  return page;
}

test("two reviewers approve a four-eyes case in separate browsers; its creator cannot approve it", async ({ page, browser }, testInfo) => {
  await signIn(page, E2E_ADMIN.email, E2E_ADMIN.password);
  for (const user of [maker, ana, bo]) {
    const created = await page.request.post("/api/backoffice/users", { headers: sameOrigin(page), data: user });
    expect(created.status(), await created.text()).toBe(201);
  }

  // The maker adds the case (Add Case), which the vendor stub sends to manual review.
  const mia = await contextFor(browser, maker);
  await mia.goto(`/queues/${filterId}/new`);
  const company = `Four Eyes Trading ${suffix}`;
  await mia.getByLabel("Company name").fill(company);
  await mia.getByLabel("Registration number").fill("20000002");
  await mia.getByLabel("First name").fill("Ada");
  await mia.getByLabel("Last name").fill("Lovelace");
  await mia.getByLabel("E-mail").fill("ada@four-eyes.example");
  await mia.getByRole("button", { name: "Add case and start" }).click();
  await expect(mia).toHaveURL(/\/cases\/[0-9a-f-]{36}$/);
  const caseUrl = new URL(mia.url()).pathname;
  const id = caseUrl.split("/").pop()!;
  await expect(mia.getByTestId("review-reason")).toBeVisible({ timeout: 20_000 });
  const miaPanel = mia.getByTestId("four-eyes");
  await expect(miaPanel.getByTestId("approval-count")).toHaveText("0 of 2 approvals");
  await expect(miaPanel.getByTestId("your-vote")).toContainText("You created this case, so your approval cannot count");
  await expect(mia.getByTestId("decision-panel").getByRole("button", { name: "Approve" })).toBeDisabled();
  // The server refuses it too, whatever the page shows.
  const { version } = await (await mia.request.get(`/api/backoffice/cases/${id}`, { headers: sameOrigin(mia) })).json();
  const own = await mia.request.post(`/api/backoffice/cases/${id}/decision`, { headers: sameOrigin(mia), data: { event: "approve", reason: null, version } });
  expect(own.status()).toBe(403);
  expect(await own.json()).toMatchObject({ code: "four_eyes_required", detail: expect.stringContaining("allowSelfApproval is false") });
  await snap(mia, testInfo, "four-eyes-creator.png");

  // The first approver: their approval counts, the case waits for a second one.
  const anaPage = await contextFor(browser, ana);
  await anaPage.goto(caseUrl);
  await expect(anaPage.getByTestId("your-vote")).toHaveText("Your approval counts towards this case; another reviewer's completes it.");
  await anaPage.getByTestId("decision-panel").getByRole("button", { name: "Approve" }).click();
  const anaPanel = anaPage.getByTestId("four-eyes");
  await expect(anaPanel.getByRole("status")).toHaveText("Waiting for a second approval.");
  await expect(anaPanel.getByTestId("approval-count")).toHaveText("1 of 2 approvals");
  await expect(anaPanel.getByRole("list", { name: "Votes so far" })).toContainText("Approved by Ana Checker");
  await expect(anaPanel.getByTestId("your-vote")).toContainText("You already approved this case");
  await expect(anaPage.getByTestId("decision-panel").getByRole("button", { name: "Approve" })).toBeDisabled();
  await expect(anaPage.getByTestId("state-badge").first()).toHaveText("manual_review");
  await snap(anaPage, testInfo, "four-eyes-first-approval.png");

  await anaPage.goto(`/queues/${filterId}`);
  const row = anaPage.getByTestId("case-table").getByRole("row", { name: new RegExp(company) });
  await expect(row.getByTestId("approval-progress")).toHaveText("1 of 2 approvals");
  await snap(anaPage, testInfo, "four-eyes-queue.png");

  // The second approver completes it.
  const boPage = await contextFor(browser, bo);
  await boPage.goto(caseUrl);
  await expect(boPage.getByTestId("four-eyes").getByRole("status")).toHaveText("Waiting for a second approval.");
  await expect(boPage.getByTestId("your-vote")).toHaveText("Your approval decides this case.");
  await boPage.getByTestId("decision-panel").getByRole("button", { name: "Approve" }).click();
  await expect(boPage.getByTestId("outcome-banner")).toContainText("Case completed: approved");
  await expect(boPage.getByTestId("outcome-banner")).toContainText("by Ana Checker and Bo Checker");
  await expect(boPage.getByText("Vote “approve” (approval 1 of 2)")).toBeVisible();
  await snap(boPage, testInfo, "four-eyes-completed.png");

  await expect
    .poll(() => receiver.received.find((w) => w.body.workflowRuntimeId === id && w.body.eventName === "workflow.completed")?.body.approvers, { timeout: 20_000 })
    .toEqual([expect.objectContaining({ name: "Ana Checker" }), expect.objectContaining({ name: "Bo Checker" })]);
  for (const p of [mia, anaPage, boPage]) await p.context().close();
});
