import { expect, test } from "@playwright/test";
import { createQueue, createStubDefinition, runCase } from "./support/api";
import { E2E_ADMIN, E2E_RECEIVER_PORT, E2E_VENDOR_PORT } from "./fixtures";
import { sameOrigin, signIn, snap } from "./support/session";

/*
 * Bulk actions on a queue (components/queues/bulk): an admin selects the page's 50 cases, then all 55 matching the
 * queue (a second page's too), assigns them to a reviewer, confirms, and follows the progress bar to 100%; every
 * case is then the reviewer's, on the page and through the API.
 */
const suffix = Date.now().toString(36);
const workflowId = `e2e_bulk_${suffix}`;
const queueName = `Bulk ${suffix}`;
const CASES = 55;
const amy = { email: `amy-${suffix}@example.com`, password: "Amy-password-123", firstName: "Amy", lastName: "Bulk", role: "reviewer" };

test("an admin assigns all N matching cases of a queue to a reviewer and follows the progress to 100%", async ({ page, request }, testInfo) => {
  // The cases stay in the initial state (no `start`, no vendor call): assignment needs no more.
  await createStubDefinition(request, workflowId, `http://127.0.0.1:${E2E_VENDOR_PORT}/registry`, `http://127.0.0.1:${E2E_RECEIVER_PORT}`);
  const filterId = await createQueue(request, queueName, workflowId);
  // A few at a time: run-batch would do it in one request, but the cases are not what this spec is about.
  for (let i = 0; i < CASES; i += 5) {
    await Promise.all(
      Array.from({ length: Math.min(5, CASES - i) }, (_, j) =>
        runCase(request, workflowId, { entityId: `b-${suffix}-${i + j}`, companyName: `Bulk Trading ${String(i + j).padStart(2, "0")} ${suffix}`, registrationNumber: "10000001" }),
      ),
    );
  }

  await signIn(page, E2E_ADMIN.email, E2E_ADMIN.password);
  const created = await page.request.post("/api/backoffice/users", { headers: sameOrigin(page), data: amy });
  expect(created.status(), await created.text()).toBe(201);
  const amyId = ((await created.json()) as { id: string }).id;

  await page.goto(`/queues/${filterId}`);
  const table = page.getByTestId("case-table");
  await expect(table.getByTestId("select-case")).toHaveCount(50);
  await expect(page.getByTestId("bulk-bar")).toHaveCount(0);

  // One case, then the page, then every matching case.
  await table.getByTestId("select-case").first().check();
  const bar = page.getByRole("region", { name: "Bulk actions" });
  await expect(bar.getByTestId("bulk-selected")).toHaveText("1 case selected");
  await table.getByTestId("select-page").check();
  await expect(bar.getByTestId("bulk-selected")).toHaveText("50 cases selected");
  await bar.getByTestId("select-all-matching").click();
  await expect(bar.getByTestId("bulk-selected")).toHaveText(`All ${CASES} cases matching this view selected`);
  await expect(table.getByTestId("select-case").first()).toBeChecked();

  await expect(bar.getByTestId("bulk-action")).toHaveValue("assign");
  await expect(bar.getByTestId("bulk-apply")).toBeDisabled();
  await bar.getByLabel("Assignee").selectOption({ label: "Amy Bulk" });
  await bar.getByTestId("bulk-apply").click();
  const confirm = bar.getByRole("alertdialog");
  await expect(confirm).toContainText(`Assign ${CASES} cases to Amy Bulk?`);
  await snap(page, testInfo, "bulk-confirm.png");

  await bar.getByTestId("bulk-confirm").click();
  const progress = page.getByTestId("bulk-progress");
  await expect(progress.getByRole("heading")).toHaveText(`Assign to Amy Bulk: ${CASES} cases`);
  await expect(progress).toHaveAttribute("data-status", "completed", { timeout: 30_000 });
  await expect(progress.getByRole("progressbar", { name: "Cases done" })).toHaveAttribute("aria-valuenow", "100");
  await expect(progress.getByTestId("bulk-figures")).toHaveText(`100% · ${CASES} succeeded · 0 failed · done`);
  await expect(progress.getByTestId("bulk-failures")).toHaveCount(0);
  // The cases behind the results show what it did, while the results stay open.
  const headers = await table.getByRole("columnheader").allTextContents();
  const column = headers.findIndex((h) => h.trim() === "Assignee");
  expect(column).toBeGreaterThan(0);
  const assignees = table.locator("tbody tr").locator(`xpath=./*[${column + 1}]`);
  await expect(assignees).toHaveText(Array(50).fill("Amy Bulk"));
  await snap(page, testInfo, "bulk-done.png");

  // Done: the results close, every case still Amy's, and the selection gone.
  await progress.getByTestId("bulk-close").click();
  await expect(progress).toHaveCount(0);
  await expect(assignees).toHaveText(Array(50).fill("Amy Bulk"));
  await expect(table.getByTestId("select-case").first()).not.toBeChecked();
  await expect(page.getByTestId("bulk-bar")).toHaveCount(0);

  // The API agrees: the queue shows 55 cases held by Amy and none held by anybody else.
  const count = async (query: string) => ((await (await page.request.get(`/api/backoffice/queues/${filterId}/count?${query}`, { headers: sameOrigin(page) })).json()) as { count: number }).count;
  expect(await count(`assignee=${amyId}`)).toBe(CASES);
  expect(await count("assignee=unassigned")).toBe(0);
  const workload = (await (await page.request.get("/api/backoffice/workload", { headers: sameOrigin(page) })).json()) as { people: { email: string; open: number }[] };
  expect(workload.people.find((p) => p.email === amy.email)?.open).toBe(CASES);
});
