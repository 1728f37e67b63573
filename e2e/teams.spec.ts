import { expect, test, type Page } from "@playwright/test";
import { E2E_ADMIN } from "./fixtures";
import { sameOrigin, signIn, snap } from "./support/session";

/*
 * Settings › Teams: an admin adds a team, adds two members, renames it, is refused a name another team has (in any
 * case, on the form and on rename), and removes a member; a reviewer gets the 403 page.
 */
const suffix = Date.now().toString(36);
const person = (firstName: string) => ({ email: `${firstName.toLowerCase()}-${suffix}@example.com`, password: `${firstName}-password-123`, firstName, lastName: "Teamer", role: "reviewer" });
const tia = person("Tia");
const ned = person("Ned");
const senior = `Senior ${suffix}`;
const night = `Night shift ${suffix}`;
const renamed = `Weekend shift ${suffix}`;

/** The panel of the team named `name` (other specs' teams share the page). */
const panelOf = (page: Page, name: string) => page.getByTestId("team-panel").filter({ has: page.getByRole("heading", { name: new RegExp(`^${name} \\(`) }) });

async function addTeam(page: Page, name: string) {
  await page.getByLabel("Team name").fill(name);
  await page.getByRole("button", { name: "Add team" }).click();
  await expect(page.getByTestId("team-status")).toHaveText(`Team ${name} added.`);
  await expect(panelOf(page, name)).toBeVisible();
}

test("an admin adds a team, its members, renames it, is refused a taken name and removes a member", async ({ page }, testInfo) => {
  await signIn(page, E2E_ADMIN.email, E2E_ADMIN.password);
  for (const user of [tia, ned]) {
    const created = await page.request.post("/api/backoffice/users", { headers: sameOrigin(page), data: user });
    expect(created.status(), await created.text()).toBe(201);
  }
  const response = await page.goto("/settings/teams");
  expect(response?.status()).toBe(200);
  await expect(page.getByRole("heading", { name: "Add a team" })).toBeVisible();

  await addTeam(page, senior);
  await addTeam(page, night);

  // Two members for the night shift.
  const panel = panelOf(page, night);
  await expect(panel.getByText("No members yet.")).toBeVisible();
  await expect(panel.getByTestId("team-queues")).toHaveText("No queue is restricted to this team.");
  for (const user of [tia, ned]) {
    await panel.getByLabel(`User to add to ${night}`).selectOption({ label: `${user.firstName} Teamer (reviewer)` });
    await panel.getByRole("button", { name: "Add member" }).click();
    await expect(panel.getByTestId("team-member-table")).toContainText(user.email);
  }
  await expect(panel.getByRole("heading")).toHaveText(`${night} (2 members)`);
  // A member is not offered again.
  await expect(panel.getByLabel(`User to add to ${night}`).locator("option", { hasText: "Tia Teamer" })).toHaveCount(0);

  // Rename it.
  await panel.getByLabel(`New name of ${night}`).fill(renamed);
  await panel.getByRole("button", { name: "Rename" }).click();
  const team = panelOf(page, renamed);
  await expect(team).toBeVisible();
  await expect(team.getByRole("heading")).toHaveText(`${renamed} (2 members)`);
  await expect(team.getByRole("button", { name: "Rename" })).toBeDisabled();

  // Another team's name, in other letter case, is refused on rename: the message says why and what to do.
  const taken = senior.toUpperCase();
  await team.getByLabel(`New name of ${renamed}`).fill(taken);
  await team.getByRole("button", { name: "Rename" }).click();
  const problem = team.getByTestId("form-problem");
  await expect(problem).toHaveAttribute("data-code", "team_name_taken");
  await expect(problem).toContainText(`A team named '${taken}' already exists in this project (names are compared regardless of case); choose another name.`);
  // The input is the only field: the banner does not repeat the error as a "/name" line.
  await expect(problem).not.toContainText("/name");
  await expect(team.getByLabel(`New name of ${renamed}`)).toHaveAttribute("aria-invalid", "true");
  await expect(team.getByRole("heading")).toHaveText(`${renamed} (2 members)`);
  await snap(page, testInfo, "teams-rename-refused.png");

  // And on the Add a team form, beside the field.
  await page.getByLabel("Team name").fill(senior.toLowerCase());
  await page.getByRole("button", { name: "Add team" }).click();
  const form = page.getByRole("region", { name: "Add a team" });
  await expect(form.getByTestId("form-problem")).toContainText(`A team named '${senior.toLowerCase()}' already exists in this project`);
  await expect(page.getByLabel("Team name")).toHaveAttribute("aria-invalid", "true");
  await expect(form.getByText("already in use")).toBeVisible();

  // Editing the name clears the refusal.
  await team.getByLabel(`New name of ${renamed}`).fill(renamed);
  await expect(problem).toHaveCount(0);
  await expect(team.getByLabel(`New name of ${renamed}`)).not.toHaveAttribute("aria-invalid");

  // Remove a member: Tia goes, Ned stays, and Tia is offered again.
  await team.getByRole("button", { name: `Remove Tia Teamer from ${renamed}` }).click();
  await expect(team.getByTestId("team-member-table")).not.toContainText(tia.email);
  await expect(team.getByTestId("team-member-table")).toContainText(ned.email);
  await expect(team.getByRole("heading")).toHaveText(`${renamed} (1 member)`);
  await expect(team.getByLabel(`User to add to ${renamed}`).locator("option", { hasText: "Tia Teamer" })).toHaveCount(1);
  await snap(page, testInfo, "teams-admin.png");

  // What the API lists agrees with the page.
  const listed = await page.request.get("/api/backoffice/teams", { headers: sameOrigin(page) });
  expect(listed.status()).toBe(200);
  const { data } = (await listed.json()) as { data: { name: string; members: { email: string }[] }[] };
  expect(data.find((t) => t.name === renamed)?.members.map((m) => m.email)).toEqual([ned.email]);
});

test("a reviewer gets the 403 page for Settings › Teams", async ({ browser }, testInfo) => {
  const context = await browser.newContext();
  const page = await context.newPage();
  // A reviewer of this test's own, so it runs alone too.
  const admin = await (await browser.newContext()).newPage();
  await signIn(admin, E2E_ADMIN.email, E2E_ADMIN.password);
  const rex = person("Rex");
  const created = await admin.request.post("/api/backoffice/users", { headers: sameOrigin(admin), data: rex });
  expect(created.status(), await created.text()).toBe(201);
  await admin.context().close();

  await signIn(page, rex.email, rex.password);
  const response = await page.goto("/settings/teams");
  expect(response?.status()).toBe(403);
  await expect(page.getByTestId("forbidden")).toContainText("403 – not for your role");
  await expect(page.getByRole("heading", { name: "Add a team" })).toHaveCount(0);
  const refused = await page.request.post("/api/backoffice/teams", { headers: sameOrigin(page), data: { name: `Rogue ${suffix}` } });
  expect(refused.status()).toBe(403);
  await snap(page, testInfo, "teams-reviewer-403.png");
  await context.close();
});
