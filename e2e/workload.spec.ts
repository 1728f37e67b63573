import { expect, test, type Page } from "@playwright/test";
import { apiPost, createStubDefinition, runCase } from "./support/api";
import { E2E_ADMIN, E2E_RECEIVER_PORT, E2E_VENDOR_PORT } from "./fixtures";
import { sameOrigin, signIn, snap } from "./support/session";

/*
 * The Workload page (/workload, GET /api/backoffice/workload): Wes holds three open cases, two of them past their
 * 2-second review deadline, and is in a team; Ida holds none and is listed all the same. The admin sees both,
 * opens Wes's list (?user=), and the API agrees; Wes, a reviewer, opens his own list but not Ida's (403).
 */
const suffix = Date.now().toString(36);
const workflowId = `e2e_workload_${suffix}`;
const person = (firstName: string) => ({ email: `${firstName.toLowerCase()}-${suffix}@example.com`, password: `${firstName}-password-123`, firstName, lastName: "Loader", role: "reviewer" });
const wes = person("Wes");
const ida = person("Ida");
const team = `Workload ${suffix}`;

interface WorkloadRow {
  userId: string;
  email: string;
  teams: string[];
  open: number;
  overdue: number;
  oldestAssignedAt: string | null;
}

const rowOf = (page: Page, email: string) => page.getByTestId("workload-row").and(page.locator(`[data-user="${email}"]`));

/** Assign a case as the signed-in admin, at the version the case has now. */
async function assign(page: Page, runtimeId: string, assigneeId: string) {
  const { version } = await (await page.request.get(`/api/backoffice/cases/${runtimeId}`, { headers: sameOrigin(page) })).json();
  const res = await page.request.post(`/api/backoffice/cases/${runtimeId}/assignment`, { headers: sameOrigin(page), data: { assigneeId, version } });
  expect(res.status(), await res.text()).toBe(200);
}

test("open and overdue cases per person, idle reviewers, one person's list; a reviewer sees their own", async ({ page, browser, request }, testInfo) => {
  // `start` goes straight to manual review, due 2 s after entry (no vendor call); a case not started has no deadline.
  await createStubDefinition(request, workflowId, `http://127.0.0.1:${E2E_VENDOR_PORT}/registry`, `http://127.0.0.1:${E2E_RECEIVER_PORT}`, (d) => {
    Object.assign(d.definition.states.idle.on, { start: "manual_review" });
    Object.assign(d.definition.states.manual_review, { meta: { sla: { due: "PT2S" } } });
  });
  await signIn(page, E2E_ADMIN.email, E2E_ADMIN.password);
  const ids: Record<string, string> = {};
  for (const user of [wes, ida]) {
    const created = await page.request.post("/api/backoffice/users", { headers: sameOrigin(page), data: user });
    expect(created.status(), await created.text()).toBe(201);
    ids[user.email] = ((await created.json()) as { id: string }).id;
  }
  const madeTeam = await page.request.post("/api/backoffice/teams", { headers: sameOrigin(page), data: { name: team, memberIds: [ids[wes.email]] } });
  expect(madeTeam.status(), await madeTeam.text()).toBe(201);

  const companies = ["Late Lumber Ltd", "Later Logistics Ltd", "Calm Harbour Ltd"].map((c) => `${c} ${suffix}`);
  const cases: string[] = [];
  for (const [i, companyName] of companies.entries()) {
    const id = await runCase(request, workflowId, { entityId: `w-${suffix}-${i}`, companyName, registrationNumber: "10000001" });
    // The first two enter manual review (and get their deadline); the third stays idle, with none.
    if (i < 2) await apiPost(request, `/api/v1/external/workflows/${id}/send-event`, { name: "start" });
    await assign(page, id, ids[wes.email]);
    cases.push(id);
  }
  // An unassigned case of the same workflow, counted apart.
  await runCase(request, workflowId, { entityId: `w-${suffix}-free`, companyName: `Nobody's Ltd ${suffix}`, registrationNumber: "10000001" });

  // The API: Wes 3 open, 2 overdue once the deadline passed; Ida listed with none.
  await expect
    .poll(
      async () => {
        const res = await page.request.get("/api/backoffice/workload", { headers: sameOrigin(page) });
        expect(res.status()).toBe(200);
        const { people } = (await res.json()) as { people: WorkloadRow[] };
        return people.find((p) => p.email === wes.email)?.overdue;
      },
      { timeout: 10_000 },
    )
    .toBe(2);
  const res = await page.request.get("/api/backoffice/workload", { headers: sameOrigin(page) });
  const body = (await res.json()) as { people: WorkloadRow[]; unassigned: { open: number; overdue: number } };
  expect(body.people.find((p) => p.email === wes.email)).toMatchObject({ userId: ids[wes.email], teams: [team], open: 3, overdue: 2 });
  expect(body.people.find((p) => p.email === ida.email)).toMatchObject({ userId: ids[ida.email], teams: [], open: 0, overdue: 0, oldestAssignedAt: null });
  expect(body.unassigned.open).toBeGreaterThanOrEqual(1);

  // The page, reached from the sidebar.
  await page.getByRole("navigation", { name: "Backoffice" }).getByRole("link", { name: "Workload" }).click();
  await expect(page).toHaveURL(/\/workload$/);
  await expect(page.getByRole("heading", { name: "Workload", level: 1 })).toBeVisible();
  // The list's styles load with the page itself (not only after visiting Settings or Definitions).
  await expect(page.getByTestId("workload-table").getByRole("columnheader", { name: "Person" })).toHaveCSS("text-align", "left");
  await expect(page.getByTestId("workload-unassigned")).toContainText(/\d+ open cases? (is|are) unassigned/);
  const wesRow = rowOf(page, wes.email);
  await expect(wesRow.getByRole("rowheader")).toContainText("Wes Loader");
  await expect(wesRow.getByRole("cell").nth(0)).toHaveText("reviewer");
  await expect(wesRow.getByRole("cell").nth(1)).toHaveText(team);
  await expect(wesRow.getByTestId("workload-open")).toHaveText("3");
  await expect(wesRow.getByTestId("workload-overdue")).toHaveText("2");
  await expect(wesRow.getByTestId("workload-overdue").locator(".badge-danger")).toBeVisible();
  await expect(wesRow.locator("time")).toHaveCount(1);
  // The idle reviewer: listed, nothing to open.
  const idaRow = rowOf(page, ida.email);
  await expect(idaRow.getByTestId("workload-open")).toHaveText("0");
  await expect(idaRow.getByTestId("workload-open").getByRole("link")).toHaveCount(0);
  await expect(idaRow.getByTestId("workload-overdue")).toHaveText("0");
  await expect(idaRow.getByRole("cell").nth(1)).toHaveText("–");
  await snap(page, testInfo, "workload-admin.png");

  // Wes's own list: soonest deadline first (the two overdue ones), the idle case last.
  await wesRow.getByTestId("workload-open").getByRole("link", { name: "3" }).click();
  await expect(page).toHaveURL(new RegExp(`/workload\\?user=${ids[wes.email]}$`));
  await expect(rowOf(page, wes.email)).toHaveAttribute("aria-current", "true");
  const held = page.getByTestId("held-cases");
  await expect(held.getByRole("heading")).toHaveText("Open cases of Wes Loader");
  const links = held.getByRole("link");
  await expect(links).toHaveText(companies);
  await expect(held.getByRole("row").filter({ hasText: companies[0] }).locator("time.due")).toHaveAttribute("data-due", "breached");
  await expect(held.getByRole("row").filter({ hasText: companies[2] }).locator("time.due")).toHaveCount(0);
  await expect(held.getByRole("row").filter({ hasText: companies[2] })).toContainText("idle");
  await expect(links.first()).toHaveAttribute("href", `/cases/${cases[0]}`);
  await snap(page, testInfo, "workload-person.png");

  // An idle person's list says so.
  await page.goto(`/workload?user=${ids[ida.email]}`);
  await expect(page.getByTestId("held-cases")).toContainText("No open cases.");

  // Wes, a reviewer: the table, his own list, not Ida's.
  const context = await browser.newContext();
  const wesPage = await context.newPage();
  await signIn(wesPage, wes.email, wes.password);
  await wesPage.goto("/workload");
  const own = rowOf(wesPage, wes.email);
  await expect(own.getByTestId("workload-open")).toHaveText("3");
  await own.getByTestId("workload-open").getByRole("link").click();
  await expect(wesPage.getByTestId("held-cases").getByRole("link")).toHaveText(companies);
  // Nobody else's count is a link for him.
  await expect(rowOf(wesPage, E2E_ADMIN.email).getByTestId("workload-open").getByRole("link")).toHaveCount(0);
  await snap(wesPage, testInfo, "workload-reviewer-own.png");
  const refused = await wesPage.goto(`/workload?user=${ids[ida.email]}`);
  expect(refused?.status()).toBe(403);
  await expect(wesPage.getByTestId("forbidden")).toBeVisible();
  await context.close();
});
