import { expect, test } from "@playwright/test";
import { apiPost, createQueue, createStubDefinition, runCase } from "./support/api";
import { E2E_ADMIN } from "./fixtures";
import { signIn, snap } from "./support/session";

const suffix = Date.now().toString(36);
const workflowId = `e2e_time_${suffix}`;
const queueName = `Deadlines ${suffix}`;

test("a case with a 5-second deadline turns amber, then red, shows under Overdue and in the sidebar's count", async ({ page, request }, testInfo) => {
  // `start` goes straight to manual review, which is due 5 s after entry and warned 3 s before (no vendor call).
  await createStubDefinition(request, workflowId, "http://127.0.0.1:3291/registry", "http://127.0.0.1:3292", (d) => {
    Object.assign(d.definition.states.idle.on, { start: "manual_review" });
    Object.assign(d.definition.states.manual_review, { meta: { sla: { due: "PT5S", warnBefore: "PT3S" } } });
  });
  const filterId = await createQueue(request, queueName, workflowId);
  // A case without a deadline (it stays in idle), which the Overdue filter leaves out.
  await runCase(request, workflowId, { entityId: `t-${suffix}-0`, companyName: "Timeless Holdings", registrationNumber: "10000001" });

  // Relative and local times render the server's text first: hydrating them must not mismatch.
  const consoleErrors: string[] = [];
  page.on("console", (message) => {
    if (message.type() === "error") consoleErrors.push(message.text());
  });
  await signIn(page, E2E_ADMIN.email, E2E_ADMIN.password);
  const queueLink = page.getByRole("navigation", { name: "Backoffice" }).getByRole("link", { name: queueName });
  await expect(queueLink).toBeVisible();
  await expect(queueLink.getByTestId("overdue-count")).toHaveCount(0);

  const id = await runCase(request, workflowId, { entityId: `t-${suffix}-1`, companyName: "Deadline Trading Ltd", registrationNumber: "10000001" });
  await apiPost(request, `/api/v1/external/workflows/${id}/send-event`, { name: "start" });
  await page.goto(`/queues/${filterId}`);
  const table = page.getByTestId("case-table");
  await expect(table.getByRole("columnheader", { name: "Due", exact: true })).toBeVisible();
  const row = table.getByRole("row").filter({ has: page.getByRole("link", { name: "Deadline Trading Ltd" }) });
  const due = row.locator("time.due");
  const none = table.getByRole("row").filter({ has: page.getByRole("link", { name: "Timeless Holdings" }) });
  await expect(none.locator("time.due")).toHaveCount(0);

  // Amber from the warning (2 s after entry), red from the deadline (5 s), without reloading the page.
  await expect(due).toHaveAttribute("data-due", "warned", { timeout: 5_000 });
  await expect(due).toHaveText(/^in \d s/);
  await expect(due).toHaveCSS("background-color", "rgb(255, 247, 230)");
  await snap(page, testInfo, "queue-due-warned.png");
  await expect(due).toHaveAttribute("data-due", "breached", { timeout: 6_000 });
  await expect(due).toHaveText(/^\d+ s overdue/);
  // The page's server data reloads once the deadline has passed: the sidebar counts the case overdue.
  await expect(queueLink.getByTestId("overdue-count")).toHaveText("1");
  await expect(due).toHaveCSS("background-color", "rgb(180, 35, 24)");
  // The UTC instant on hover.
  await expect(due).toHaveAttribute("title", /^Due \d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2} UTC, warning from /);
  await snap(page, testInfo, "queue-due-breached.png");

  // The Overdue quick filter lists it alone; sorting by due date puts it first.
  await page.getByRole("combobox", { name: "Deadline" }).selectOption("overdue");
  await expect(page).toHaveURL(/due=overdue/);
  await expect(table.getByRole("link")).toHaveCount(1);
  await expect(table.getByRole("link", { name: "Deadline Trading Ltd" })).toBeVisible();
  await page.goto(`/queues/${filterId}?sort=due`);
  await expect(table.getByRole("link").first()).toHaveText("Deadline Trading Ltd");

  // The sidebar counts it as overdue once the page is loaded again.
  await expect(queueLink.getByTestId("overdue-count")).toHaveText("1");
  await snap(page, testInfo, "queue-overdue-sidebar.png");

  // The case page shows the deadline; its timeline shows the warning and the breach once their timers fired.
  await row.getByRole("link", { name: "Deadline Trading Ltd" }).click();
  await expect(page.getByTestId("case-deadline")).toContainText("overdue");
  await expect(async () => {
    await page.reload();
    const timeline = page.getByTestId("timeline");
    await expect(timeline).toContainText("Review deadline near in “manual_review”: due ", { timeout: 1_000 });
    await expect(timeline).toContainText("Review deadline passed in “manual_review”", { timeout: 1_000 });
  }).toPass({ timeout: 20_000 });
  await snap(page, testInfo, "case-deadline.png");
  expect(consoleErrors.filter((e) => /hydrat|did not match|#418|#423|#425/i.test(e))).toEqual([]);
});

test("times are shown in the browser's time zone, with the UTC instant on hover", async ({ browser }, testInfo) => {
  const context = await browser.newContext({ timezoneId: "Asia/Tokyo" });
  const page = await context.newPage();
  await signIn(page, E2E_ADMIN.email, E2E_ADMIN.password);
  await page.getByRole("navigation", { name: "Backoffice" }).getByRole("link", { name: queueName }).click();
  const first = page.getByTestId("case-table").locator("time").filter({ hasText: /GMT\+9|JST/ }).first();
  await expect(first).toBeVisible();
  // The queue refreshes, re-sorts and drops cases as timers fire: read the instant, its text and its title from one
  // element at one moment, not from a locator that may point at another element (or none) by the next read.
  const shown = await first.evaluate((el) => ({ iso: el.getAttribute("datetime") ?? "", text: el.textContent ?? "", title: el.getAttribute("title") }));
  const tokyo = new Date(Date.parse(shown.iso) + 9 * 3_600_000).toISOString();
  expect(shown.text).toMatch(new RegExp(`^${tokyo.slice(0, 10)} ${tokyo.slice(11, 16)} (GMT\\+9|JST)$`));
  expect(shown.title).toBe(`${shown.iso.slice(0, 10)} ${shown.iso.slice(11, 19)} UTC`);
  // The case page in Tokyo time: created, updated and the deadline's instant.
  await page.getByRole("link", { name: "Deadline Trading Ltd" }).click();
  await expect(page.getByTestId("case-deadline").locator("time").last()).toHaveText(/ (GMT\+9|JST)$/);
  await snap(page, testInfo, "case-tokyo.png");
  await context.close();
});
