import { expect, test, type Page } from "@playwright/test";
import { E2E_ADMIN } from "./fixtures";
import { startCase } from "./support/api";
import { startWebhookReceiver } from "./support/local-servers";
import { sameOrigin, signIn } from "./support/session";

/* Settings (admins): API keys shown once and revoked, write-only secrets, webhooks, users; reviewers get a 403 page. */
const suffix = Date.now().toString(36);
const reviewer = { firstName: "Sam", lastName: `Settings ${suffix}`, email: `sam-${suffix}@example.com`, password: "sam-reviewer-password" };

/** Long names and URLs are cut with an ellipsis: neither the page nor a table scrolls sideways. */
async function expectNoSidewaysScroll(page: Page) {
  const wide = await page.evaluate(() =>
    [document.documentElement, ...Array.from(document.querySelectorAll(".table-wrap"))].filter((el) => el.scrollWidth > el.clientWidth + 1).map((el) => el.className || el.tagName),
  );
  expect(wide, "elements wider than their box").toEqual([]);
}

async function asAdmin(page: Page, path: string) {
  await signIn(page, E2E_ADMIN.email, E2E_ADMIN.password);
  await page.goto(path);
}

test("API keys: a new key is shown once, works against the API, and stops working when revoked", async ({ page, request }, testInfo) => {
  await asAdmin(page, "/settings");
  await expect(page).toHaveURL(/\/settings\/api-keys$/);
  const name = `E2E key ${suffix} for a partner integration with a long descriptive name that must not break the layout`.slice(0, 100);
  await page.getByLabel("Name", { exact: true }).fill(name);
  await page.getByRole("button", { name: "Create key" }).click();
  const once = page.getByTestId("shown-once");
  await expect(once).toContainText("shown only this once");
  const key = (await page.getByTestId("shown-once-value").textContent())!.trim();
  expect(key).toMatch(/^kyc_/);
  await expect(once.getByRole("button", { name: "Copy" })).toBeVisible();
  await page.screenshot({ path: testInfo.outputPath("api-key-shown-once.png"), fullPage: true });

  const bearer = { Authorization: `Bearer ${key}` };
  expect((await request.get("/api/v1/external/filters", { headers: bearer })).status()).toBe(200);

  await once.getByRole("button", { name: "I have stored it" }).click();
  await expectNoSidewaysScroll(page);
  await expect(page.getByTestId("shown-once")).toHaveCount(0);
  await page.reload();
  await expect(page.locator("body")).not.toContainText(key);
  const row = page.getByTestId("api-key-row").filter({ hasText: name });
  await expect(row).toContainText(key.slice(0, 8));
  await expect(row).not.toContainText("never"); // the API call above was recorded as its last use
  await row.getByRole("button", { name: `Revoke ${name}` }).click();
  await row.getByRole("button", { name: "Yes, revoke" }).click();
  await expect(row.getByText("revoked")).toBeVisible();
  expect((await request.get("/api/v1/external/filters", { headers: bearer })).status()).toBe(401);
  await page.screenshot({ path: testInfo.outputPath("api-key-revoked.png"), fullPage: true });
});

test("secrets: a saved value never appears on the page; the secret can be deleted", async ({ page }, testInfo) => {
  await asAdmin(page, "/settings/secrets");
  const name = `E2E_SECRET_${suffix.toUpperCase()}`;
  const value = `value-${suffix}-do-not-show`;
  await page.getByLabel("Name", { exact: true }).fill(name);
  await expect(page.getByLabel("Value")).toHaveAttribute("type", "password");
  await page.getByLabel("Value").fill(value);
  await page.getByRole("button", { name: "Save secret" }).click();
  await expect(page.getByTestId("secret-status")).toHaveText(`Secret ${name} saved.`);
  await expect(page.getByLabel("Value")).toHaveValue("");
  const row = page.getByTestId("secret-row").filter({ hasText: name });
  await expect(row).toBeVisible();
  expect(await page.content()).not.toContain(value);
  await page.reload();
  await expect(row).toBeVisible();
  expect(await page.content()).not.toContain(value);
  await page.screenshot({ path: testInfo.outputPath("secret-saved.png"), fullPage: true });

  await row.getByRole("button", { name: `Delete ${name}` }).click();
  await row.getByRole("button", { name: "Yes, delete" }).click();
  await expect(page.getByTestId("secret-row").filter({ hasText: name })).toHaveCount(0);
});

test("webhooks: subscribe, see and redeliver deliveries, pause, enable, delete; rotate the signing secret (shown once)", async ({ page, request }, testInfo) => {
  const receiver = await startWebhookReceiver();
  try {
    await asAdmin(page, "/settings/webhooks");
    const url = `${receiver.url}/hooks/settings-${suffix}`;
    await page.getByLabel("Receiver URL").fill(url);
    await page.getByRole("checkbox", { name: /workflow\.state\.changed/ }).check();
    await page.getByRole("button", { name: "Add subscription" }).click();
    const row = page.getByTestId("subscription-row").filter({ hasText: url });
    await expect(row).toContainText("workflow.completed, workflow.state.changed");
    await expect(row).toContainText("active");

    // A case of the seeded example (12345678: an exact registry match) produces deliveries to the receiver.
    const runtimeId = await startCase(request, "kyb_manual_review_example", { entityId: `wh-${suffix}`, companyName: `Webhook Co ${suffix}`, registrationNumber: "12345678" }, "auto_approve");
    const mine = () => receiver.received.filter((w) => w.path === `/hooks/settings-${suffix}` && w.body.eventName === "workflow.completed" && w.body.workflowRuntimeId === runtimeId);
    await expect.poll(() => mine().length, { timeout: 20_000 }).toBe(1);
    await page.reload();
    const delivery = page.getByTestId("delivery-row").filter({ hasText: "workflow.completed" }).filter({ hasText: url }).first();
    await expect(delivery).toContainText("succeeded");
    await expect(delivery).toContainText("204");
    await expectNoSidewaysScroll(page);
    await delivery.getByRole("button", { name: `Redeliver workflow.completed to ${url}` }).click();
    await expect(page.getByText("Redelivery queued")).toBeVisible();
    await expect.poll(() => mine().length, { timeout: 20_000 }).toBe(2);
    expect(mine()[1].headers["webhook-id"]).toBe(mine()[0].headers["webhook-id"]);

    await row.getByRole("button", { name: `Pause ${url}` }).click();
    await expect(row).toContainText("paused");
    await row.getByRole("button", { name: `Enable ${url}` }).click();
    await expect(row).toContainText("active");

    const fingerprint = await page.getByTestId("secret-fingerprint").textContent();
    await page.getByRole("button", { name: "Rotate secret" }).click();
    await page.getByRole("button", { name: "Yes, rotate" }).click();
    await expect(page.getByTestId("shown-once-value")).toHaveText(/^whsec_/);
    await expect(page.getByTestId("secret-fingerprint")).not.toHaveText(fingerprint!);
    await page.screenshot({ path: testInfo.outputPath("webhooks.png"), fullPage: true });
    await page.getByRole("button", { name: "I have stored it" }).click();

    await row.getByRole("button", { name: `Delete ${url}` }).click();
    await row.getByRole("button", { name: "Yes, delete" }).click();
    await expect(page.getByTestId("subscription-row").filter({ hasText: url })).toHaveCount(0);
  } finally {
    await receiver.close();
  }
});

test("users: add a reviewer, change the role, deactivate; an admin cannot lock themself out; reviewers get 403", async ({ page, browser }, testInfo) => {
  await asAdmin(page, "/settings/users");
  await page.getByLabel("First name").fill(reviewer.firstName);
  await page.getByLabel("Last name").fill(reviewer.lastName);
  await page.getByLabel("E-mail").fill(reviewer.email);
  await page.getByLabel("Initial password").fill("short");
  await page.getByRole("button", { name: "Add user" }).click();
  await expect(page.getByText("use at least 12 characters", { exact: true })).toBeVisible();
  await expect(page.getByLabel("Initial password")).toHaveAttribute("aria-invalid", "true");
  await page.getByLabel("Initial password").fill(reviewer.password);
  await page.getByRole("button", { name: "Add user" }).click();
  const name = `${reviewer.firstName} ${reviewer.lastName}`;
  const row = page.getByTestId("user-row").filter({ hasText: reviewer.email });
  await expect(row).toContainText("active");

  await row.getByLabel(`Role of ${name}`).selectOption("admin");
  await row.getByRole("button", { name: "Save role" }).click();
  await expect(row.getByRole("button", { name: "Save role" })).toHaveCount(0);
  await expect(row.getByLabel(`Role of ${name}`)).toHaveValue("admin");
  await row.getByLabel(`Role of ${name}`).selectOption("reviewer");
  await row.getByRole("button", { name: "Save role" }).click();
  await expect(row.getByRole("button", { name: "Save role" })).toHaveCount(0);

  // The signed-in admin's own row offers no role change or deactivation, and the API refuses it too.
  const own = page.getByTestId("user-row").filter({ hasText: "(you)" });
  await expect(own.getByRole("combobox")).toHaveCount(0);
  await expect(own.getByRole("button")).toHaveCount(0);
  const me = await page.request.get("/api/backoffice/users");
  const selfId = ((await me.json()).data as { id: string; email: string }[]).find((u) => u.email === E2E_ADMIN.email)!.id;
  const lockout = await page.request.patch(`/api/backoffice/users/${selfId}`, { headers: sameOrigin(page), data: { active: false } });
  expect(lockout.status()).toBe(409);
  expect((await lockout.json()).code).toBe("self_lockout");
  await page.screenshot({ path: testInfo.outputPath("users.png"), fullPage: true });

  // The reviewer: Definitions yes, Settings and editing no.
  const context = await browser.newContext();
  const rev = await context.newPage();
  await signIn(rev, reviewer.email, reviewer.password);
  await expect(rev.getByRole("link", { name: "Settings" })).toHaveCount(0);
  await rev.goto("/settings/api-keys");
  await expect(rev.getByTestId("forbidden")).toContainText("403");
  await rev.screenshot({ path: testInfo.outputPath("reviewer-403.png"), fullPage: true });
  const refused = await rev.request.post("/api/backoffice/api-keys", { headers: sameOrigin(rev), data: { name: "sneaky" } });
  expect(refused.status()).toBe(403);
  await rev.goto("/workflows/kyb_manual_review_example");
  await expect(rev.getByTestId("statechart")).toBeVisible();
  await expect(rev.getByRole("link", { name: "Edit as JSON" })).toHaveCount(0);
  await rev.goto("/workflows/kyb_manual_review_example/edit");
  await expect(rev.getByTestId("forbidden")).toBeVisible();
  await context.close();

  // Deactivated, the reviewer can no longer sign in.
  await row.getByRole("button", { name: `Deactivate ${name}` }).click();
  await row.getByRole("button", { name: "Yes, deactivate" }).click();
  await expect(row).toContainText("deactivated");
  await row.getByRole("button", { name: `Reactivate ${name}` }).click();
  await expect(row).toContainText("active");
  await row.getByRole("button", { name: `Deactivate ${name}` }).click();
  await row.getByRole("button", { name: "Yes, deactivate" }).click();
  await expect(row).toContainText("deactivated");
  const login = await browser.newPage();
  await login.goto("/login");
  await login.getByLabel("E-mail").fill(reviewer.email);
  await login.getByLabel("Password").fill(reviewer.password);
  await login.getByRole("button", { name: "Sign in" }).click();
  await expect(login.locator("#login-error")).toContainText("Wrong e-mail or password");
  await login.close();
});
