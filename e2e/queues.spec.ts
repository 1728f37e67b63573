import { expect, test } from "@playwright/test";
import { createQueue, createStubDefinition, runCase } from "./support/api";
import { E2E_ADMIN } from "./fixtures";
import { signIn, snap } from "./support/session";

const suffix = Date.now().toString(36);
const workflowId = `e2e_queue_${suffix}`;
const queueName = `Queue spec ${suffix}`;

test("a queue created through the filters API appears in the sidebar and lists its cases", async ({ page, request }, testInfo) => {
  // No vendor is called here (cases stay in `idle`), so the stub URLs only need to be well-formed.
  await createStubDefinition(request, workflowId, "http://127.0.0.1:3291/registry", "http://127.0.0.1:3292");
  const filterId = await createQueue(request, queueName, workflowId);
  const names = ["Alpha Trading Ltd", "Beta Logistics GmbH", `Gamma ${"Very ".repeat(20)}Long Name Holdings`];
  for (const [i, companyName] of names.entries()) {
    await runCase(request, workflowId, { entityId: `q-${suffix}-${i}`, companyName, registrationNumber: `1000000${i}` });
  }

  await signIn(page, E2E_ADMIN.email, E2E_ADMIN.password);
  const link = page.getByRole("navigation", { name: "Backoffice" }).getByRole("link", { name: queueName });
  await expect(link).toBeVisible();
  await link.click();
  await expect(page).toHaveURL(new RegExp(`/queues/${filterId}`));
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(queueName);
  const table = page.getByTestId("case-table");
  for (const name of names) await expect(table.getByRole("link", { name })).toBeVisible();
  // Columns follow the filter's select.
  for (const header of ["State", "Status", "Assignee", "Created", "Registration number", "Country of incorporation"]) {
    await expect(table.getByRole("columnheader", { name: header, exact: true })).toBeVisible();
  }
  await snap(page, testInfo, "queue.png");

  // Search narrows the list (company name), quick filters keep working together with it.
  await page.getByLabel("Search").fill("Beta");
  await page.getByRole("button", { name: "Search" }).click();
  await expect(table.getByRole("link")).toHaveCount(1);
  await expect(table.getByRole("link", { name: names[1] })).toBeVisible();
  await page.getByLabel("Search").fill(`q-${suffix}-2`);
  await page.getByRole("button", { name: "Search" }).click();
  await expect(table.getByRole("link", { name: names[2] })).toBeVisible();
  await expect(table.getByRole("link")).toHaveCount(1);
  await page.goto(`/queues/${filterId}?assignee=me`);
  await expect(page.getByText("No cases match")).toBeVisible();
  await page.goto(`/queues/${filterId}?sort=name&assignee=unassigned`);
  await expect(table.getByRole("link").first()).toHaveText(names[0]);
  await snap(page, testInfo, "queue-sorted.png");
});
