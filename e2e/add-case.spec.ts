import { expect, test } from "@playwright/test";
import { createQueue, createStubDefinition } from "./support/api";
import { E2E_ADMIN } from "./fixtures";
import { startVendorStub, startWebhookReceiver } from "./support/local-servers";
import { signIn, snap } from "./support/session";

/*
 * Add Case only has entity fields, so the vendor is chosen by the definition: a copy of the worked example whose
 * `definition.context.api_config.url` points at the local vendor stub (POST /workflow-definitions).
 */
const suffix = Date.now().toString(36);
const workflowId = `e2e_add_${suffix}`;
let vendor: Awaited<ReturnType<typeof startVendorStub>>;
let receiver: Awaited<ReturnType<typeof startWebhookReceiver>>;

test.beforeAll(async () => {
  vendor = await startVendorStub();
  receiver = await startWebhookReceiver();
});
test.afterAll(async () => {
  await vendor?.close();
  await receiver?.close();
});

test("Add Case: the empty form shows the schema's errors; a valid case reaches manual review through the vendor stub", async ({ page, request }, testInfo) => {
  await createStubDefinition(request, workflowId, vendor.url, receiver.url);
  const filterId = await createQueue(request, `Add case ${suffix}`, workflowId);
  await signIn(page, E2E_ADMIN.email, E2E_ADMIN.password);
  await page.goto(`/queues/${filterId}`);
  await expect(page.getByText("No cases in this queue yet")).toBeVisible();
  await page.getByRole("link", { name: "Add Case Manually" }).click();
  await expect(page.getByRole("heading", { name: "Add case manually" })).toBeVisible();

  // Empty submit: the browser validates with the same schema and lists every missing required field.
  await page.getByRole("button", { name: "Add case and start" }).click();
  const errors = page.getByTestId("form-errors");
  await expect(errors).toBeVisible();
  for (const field of ["Company name", "First name", "Last name", "E-mail"]) await expect(errors).toContainText(`${field} is required`);
  await expect(page.getByLabel("Company name")).toBeFocused();
  await snap(page, testInfo, "add-case-errors.png");

  const company = `Nearmatch Trading ${suffix}`;
  await page.getByLabel("Company name").fill(company);
  await page.getByLabel("Registration number").fill("20000002");
  await page.getByLabel("Country").fill("GB");
  await page.getByLabel("First name").fill("Ada");
  await page.getByLabel("Last name").fill("Lovelace");
  await page.getByLabel("E-mail").fill("not-an-email");
  await page.getByRole("button", { name: "Add case and start" }).click();
  await expect(errors).toContainText("E-mail must be an e-mail address");
  await page.getByLabel("E-mail").fill("ada@nearmatch.example");
  await page.getByRole("button", { name: "Add case and start" }).click();

  // The new case opens, `start` was sent, the stub answered 0.7, and the page shows why it needs review.
  await expect(page).toHaveURL(/\/cases\/[0-9a-f-]{36}$/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(company);
  const reason = page.getByTestId("review-reason");
  await expect(reason).toContainText("The company name differs from the registered name", { timeout: 20_000 });
  await expect(page.getByTestId("state-badge").first()).toHaveText("manual_review");
  expect(vendor.calls).toContain("20000002");
  await expect(page.getByTestId("vendor-external_request_example")).toContainText("0.7");
  await expect(page.getByTestId("statechart").locator('[data-current="true"]')).toHaveAttribute("data-state", "manual_review");
  await snap(page, testInfo, "added-case.png");

  // And it is listed in the queue, with its review indicator.
  await page.goto(`/queues/${filterId}`);
  const row = page.getByTestId("case-table").getByRole("row", { name: new RegExp(company) });
  await expect(row).toBeVisible();
  await expect(row.getByTestId("state-badge")).toHaveText("manual_review");
  await expect(row.getByRole("img", { name: "Has a manual review reason" })).toBeVisible();
  await snap(page, testInfo, "queue-with-added-case.png");
});
