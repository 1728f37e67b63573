import { expect, type Page } from "@playwright/test";

/**
 * Sign in through the login page and wait for the backoffice shell. The sign-in (a deliberately slow scrypt, then
 * the shell's first render) outlasted the default 10 s on a starved machine (25–50 % steal seen), so it gets 30 s.
 */
export async function signIn(page: Page, email: string, password: string): Promise<void> {
  await page.goto("/login");
  await page.getByLabel("E-mail").fill(email);
  await page.getByLabel("Password").fill(password);
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page.getByText("Signed in as")).toBeVisible({ timeout: 30_000 });
}

/** Headers a same-origin fetch from the backoffice carries (the CSRF check reads Origin). */
export function sameOrigin(page: Page): Record<string, string> {
  return { Origin: new URL(page.url()).origin };
}

/** A full-page screenshot as a test artifact, taken from the top (the sticky sidebar then sits where it belongs). */
export async function snap(page: Page, testInfo: { outputPath: (name: string) => string }, name: string): Promise<void> {
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.screenshot({ path: testInfo.outputPath(name), fullPage: true });
}
