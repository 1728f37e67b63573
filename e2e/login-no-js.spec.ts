import { expect, test, type Page } from "@playwright/test";
import { createQueue, createStubDefinition } from "./support/api";
import { E2E_ADMIN } from "./fixtures";
import { snap } from "./support/session";

// The login form is rendered on the server and posts to /api/auth/login: all of this runs with JavaScript off.
test.use({ javaScriptEnabled: false });

const suffix = Date.now().toString(36);

async function submit(page: Page, email: string, password: string) {
  await page.getByLabel("E-mail").fill(email);
  await page.getByLabel("Password").fill(password);
  await page.getByRole("button", { name: "Sign in" }).click();
}

test("without JavaScript: a wrong password shows the error, the right one lands on the queues, sign-out revokes the copied cookie", async ({ page, request, browser }, testInfo) => {
  const workflowId = `e2e_nojs_${suffix}`;
  await createStubDefinition(request, workflowId, "http://127.0.0.1:3291/registry", "http://127.0.0.1:3292");
  const filterId = await createQueue(request, `No-JS queue ${suffix}`, workflowId);

  await page.goto("/login");
  await expect(page.getByRole("heading", { name: "Case management" })).toBeVisible();
  await snap(page, testInfo, "login-no-js.png");

  await submit(page, E2E_ADMIN.email, "not-the-password");
  await expect(page).toHaveURL(/\/login\?error=invalid/);
  await expect(page.locator("#login-error")).toHaveText("Wrong e-mail or password.");
  await snap(page, testInfo, "login-no-js-wrong-password.png");

  await submit(page, E2E_ADMIN.email, E2E_ADMIN.password);
  await expect(page).toHaveURL(/\/queues\//);
  await expect(page.getByText("Signed in as")).toBeVisible();
  await snap(page, testInfo, "login-no-js-signed-in.png");
  expect(filterId).toBeTruthy();

  // Keep a copy of the session cookie, sign out with the (plain form) button, then replay the copy.
  const copied = await page.context().cookies();
  expect(copied.some((c) => c.name.endsWith("next-auth.session-token") && c.httpOnly)).toBe(true);
  await page.getByRole("button", { name: "Sign out" }).click();
  await expect(page).toHaveURL(/\/login$/);

  const replay = await browser.newContext({ javaScriptEnabled: false, baseURL: testInfo.project.use.baseURL });
  await replay.addCookies(copied);
  const api = await replay.request.get("/api/backoffice/users");
  expect(api.status()).toBe(401);
  expect((await api.json()).code).toBe("unauthenticated");
  const stale = await replay.newPage();
  await stale.goto(`/queues/${filterId}`);
  await expect(stale).toHaveURL(/\/login/);
  await expect(stale.getByRole("button", { name: "Sign in" })).toBeVisible();
  await replay.close();
});

test("without JavaScript: after repeated failures the form says when to try again, for any e-mail", async ({ page }, testInfo) => {
  await page.goto("/login");
  const ghost = `nobody-${suffix}@example.com`;
  for (let i = 0; i < 5; i++) await submit(page, ghost, `guess ${i}`);
  await submit(page, ghost, "one more");
  await expect(page.locator("#login-error")).toHaveText(/^Too many attempts\. Try again in \d+ seconds?\.$/);
  await snap(page, testInfo, "login-no-js-locked.png");
});
