import { expect, test } from "@playwright/test";
import { E2E_ADMIN } from "./fixtures";

test("the login page renders its form", async ({ page }, testInfo) => {
  await page.goto("/login");
  await expect(page.getByRole("heading", { name: "Case management" })).toBeVisible();
  await expect(page.getByLabel("E-mail")).toBeVisible();
  await expect(page.getByLabel("Password")).toBeVisible();
  await page.screenshot({ path: testInfo.outputPath("login.png"), fullPage: true });
});

test("a wrong password is refused and the right one signs in", async ({ page }, testInfo) => {
  await page.goto("/login");
  await page.getByLabel("E-mail").fill(E2E_ADMIN.email);
  await page.getByLabel("Password").fill("not-the-password");
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page.locator("#login-error")).toContainText("Wrong e-mail or password");
  // With JavaScript the form posts by fetch: the page stays and the e-mail stays typed.
  await expect(page.getByLabel("E-mail")).toHaveValue(E2E_ADMIN.email);
  await page.getByLabel("Password").fill(E2E_ADMIN.password);
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page.getByText(`Signed in as`)).toBeVisible();
  await page.screenshot({ path: testInfo.outputPath("signed-in.png"), fullPage: true });
});

test("pages behind sign-in redirect to the login page", async ({ page }) => {
  await page.goto("/");
  await expect(page).toHaveURL(/\/login/);
});
