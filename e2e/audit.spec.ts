import { readFile } from "node:fs/promises";
import { expect, test } from "@playwright/test";
import { createQueue, createStubDefinition, startCase } from "./support/api";
import { E2E_ADMIN } from "./fixtures";
import { startVendorStub, startWebhookReceiver } from "./support/local-servers";
import { sameOrigin, signIn, snap } from "./support/session";

/*
 * The audit trail and the read-only auditor: an admin decides a case (a case.decision row), an auditor sees the case
 * without any decision control, the Audit page with that row, downloads the CSV export, and gets HTTP 403 from
 * Settings; a reviewer gets HTTP 403 from the Audit page.
 */
const suffix = Date.now().toString(36);
const workflowId = `e2e_audit_${suffix}`;
const auditor = { email: `auditor-${suffix}@example.com`, password: "auditor-password-123", firstName: "Audrey", lastName: "Auditor", role: "auditor" };
const reviewer = { email: `rev-audit-${suffix}@example.com`, password: "reviewer-password-123", firstName: "Rex", lastName: "Reviewer", role: "reviewer" };
let vendor: Awaited<ReturnType<typeof startVendorStub>>;
let receiver: Awaited<ReturnType<typeof startWebhookReceiver>>;

test.beforeAll(async ({ request }) => {
  vendor = await startVendorStub();
  receiver = await startWebhookReceiver();
  await createStubDefinition(request, workflowId, vendor.url, receiver.url);
  await createQueue(request, `Audited cases ${suffix}`, workflowId);
});
test.afterAll(async () => {
  await vendor?.close();
  await receiver?.close();
});

test("an auditor sees cases without decision buttons, the Audit page with the decision, and exports it as CSV", async ({ page, browser, request }, testInfo) => {
  await signIn(page, E2E_ADMIN.email, E2E_ADMIN.password);
  for (const user of [auditor, reviewer]) {
    const created = await page.request.post("/api/backoffice/users", { headers: sameOrigin(page), data: user });
    expect(created.status(), await created.text()).toBe(201);
  }
  const id = await startCase(request, workflowId, { entityId: `au-${suffix}`, companyName: `Audited ${suffix}`, registrationNumber: "20000002" });
  await page.goto(`/cases/${id}`);
  await page.getByRole("button", { name: "Assign to me" }).click();
  await expect(page.getByTestId("assignee")).toContainText("Assigned to you");
  await page.getByTestId("decision-panel").getByRole("button", { name: "Approve" }).click();
  await expect(page.getByTestId("outcome-banner")).toContainText("Case completed: approved");

  const context = await browser.newContext({ acceptDownloads: true });
  const aud = await context.newPage();
  await signIn(aud, auditor.email, auditor.password);
  const other = await startCase(request, workflowId, { entityId: `au2-${suffix}`, companyName: `Open ${suffix}`, registrationNumber: "20000002" });
  await aud.goto(`/cases/${other}`);
  await expect(aud.getByTestId("state-badge").first()).toHaveText("manual_review");
  await expect(aud.getByText("Auditors see cases read-only.")).toBeVisible();
  await expect(aud.getByTestId("decision-panel")).toHaveCount(0);
  await expect(aud.getByRole("button", { name: /Approve|Reject|Assign to me|Add note/ })).toHaveCount(0);
  await snap(aud, testInfo, "auditor-case.png");

  await aud.getByRole("link", { name: "Audit", exact: true }).click();
  await expect(aud.getByRole("heading", { name: "Audit" })).toBeVisible();
  const table = aud.getByTestId("audit-table");
  await expect(table).toContainText("case.decision");
  await expect(table).toContainText("auth.signed_in");
  await aud.getByLabel("Action (or prefix, e.g. case.)").fill("case.");
  await aud.getByRole("button", { name: "Filter" }).click();
  await expect(aud).toHaveURL(/action=case\./);
  await expect(table).not.toContainText("auth.signed_in");
  await expect(table).toContainText("case.assignment");
  await snap(aud, testInfo, "audit-page.png");

  const [download] = await Promise.all([aud.waitForEvent("download"), aud.getByRole("link", { name: "Export CSV" }).click()]);
  expect(download.suggestedFilename()).toMatch(/^audit-.*\.csv$/);
  const csv = await readFile((await download.path())!, "utf8");
  const lines = csv.trim().split("\r\n");
  expect(lines[0]).toBe("id,at,actor_type,actor_id,actor_name,action,target_type,target_id,request_id,summary,prev_hash,hash");
  expect(lines.filter((l) => l.includes(`,case.decision,runtime,${id},`))).toHaveLength(1);
  expect(lines.slice(1).every((l) => /,case\.[a-z_]+,/.test(l))).toBe(true);

  const settings = await aud.goto("/settings/api-keys");
  expect(settings?.status()).toBe(403);
  await expect(aud.getByTestId("forbidden")).toContainText("403");
  const refused = await aud.request.post(`/api/backoffice/cases/${other}/assignment`, { headers: sameOrigin(aud), data: { assigneeId: null, version: 1 } });
  expect(refused.status()).toBe(403);
  await context.close();

  const revContext = await browser.newContext();
  const rev = await revContext.newPage();
  await signIn(rev, reviewer.email, reviewer.password);
  await expect(rev.getByRole("link", { name: "Audit", exact: true })).toHaveCount(0);
  const audit = await rev.goto("/audit");
  expect(audit?.status()).toBe(403);
  await expect(rev.getByTestId("forbidden")).toBeVisible();
  await snap(rev, testInfo, "reviewer-audit-403.png");
  await revContext.close();
});
