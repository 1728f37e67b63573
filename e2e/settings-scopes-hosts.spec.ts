import { expect, test, type Page } from "@playwright/test";
import { E2E_ADMIN } from "./fixtures";
import { sameOrigin, signIn, snap } from "./support/session";

/* Settings: an API key's scopes and expiry (chosen, listed, enforced by the API); secrets bound to hosts (the page names the unbound ones, a row binds them). */
const suffix = Date.now().toString(36);

async function asAdmin(page: Page, path: string) {
  await signIn(page, E2E_ADMIN.email, E2E_ADMIN.password);
  await page.goto(path);
}

test("API keys: scopes default to running cases, an expiry must be in the future, the list shows both, the API enforces them", async ({ page, request }, testInfo) => {
  await asAdmin(page, "/settings/api-keys");
  const name = `Scoped ${suffix}`;
  await page.getByLabel("Name", { exact: true }).fill(name);
  await expect(page.getByRole("checkbox", { name: /runtimes:read/ })).toBeChecked();
  await expect(page.getByRole("checkbox", { name: /runtimes:write/ })).toBeChecked();
  await expect(page.getByRole("checkbox", { name: /secrets:write/ })).not.toBeChecked();
  await page.getByRole("checkbox", { name: /runtimes:write/ }).uncheck();
  await page.getByRole("checkbox", { name: /webhooks:admin/ }).check();

  await page.getByLabel("Expires after (optional)").fill("2020-01-31");
  await page.getByRole("button", { name: "Create key" }).click();
  await expect(page.locator(".field-error").filter({ hasText: "must be in the future" })).toBeVisible();
  await expect(page.getByLabel("Expires after (optional)")).toHaveAttribute("aria-invalid", "true");
  await snap(page, testInfo, "api-key-expiry-refused.png");

  const nextYear = new Date().getFullYear() + 1;
  await page.getByLabel("Expires after (optional)").fill(`${nextYear}-06-30`);
  await page.getByRole("button", { name: "Create key" }).click();
  const key = (await page.getByTestId("shown-once-value").textContent())!.trim();
  expect(key).toMatch(/^kyc_/);

  const bearer = { Authorization: `Bearer ${key}` };
  expect((await request.get("/api/v1/external/workflows", { headers: bearer })).status()).toBe(200);
  expect((await request.get("/api/v1/external/webhook-secret", { headers: bearer })).status()).toBe(200);
  const refused = await request.put("/api/v1/external/secrets/SCOPE_PROBE", { headers: bearer, data: { value: "x" } });
  expect(refused.status()).toBe(403);
  expect(await refused.json()).toMatchObject({ code: "insufficient_scope", scope: "secrets:write" });

  await page.getByRole("button", { name: "I have stored it" }).click();
  const row = page.getByTestId("api-key-row").filter({ hasText: name });
  await expect(row).toContainText("runtimes:read");
  await expect(row).toContainText("webhooks:admin");
  await expect(row).not.toContainText("runtimes:write");
  await expect(row).toContainText(String(nextYear));
  await expect(page.getByTestId("api-key-row").filter({ hasText: "all scopes" }).first()).toBeVisible(); // the seeded key, from before scopes
  await snap(page, testInfo, "api-key-scopes.png");
});

test("secrets: the unbound ones are named, a row binds one to hosts (a bad host is refused with its message), and the API shows the binding", async ({ page }, testInfo) => {
  await asAdmin(page, "/settings/secrets");
  const name = `HOSTS_${suffix.toUpperCase()}`;
  await page.getByLabel("Name", { exact: true }).fill(name);
  await page.getByLabel("Value", { exact: true }).fill(`value-${suffix}`);
  await page.getByRole("button", { name: "Save secret" }).click();
  await expect(page.getByTestId("secret-status")).toHaveText(`Secret ${name} saved.`);
  const banner = page.getByTestId("unbound-secrets");
  await expect(banner).toContainText(name);
  const row = page.getByTestId("secret-row").filter({ hasText: name });
  await expect(row).toContainText("any host");
  await snap(page, testInfo, "secrets-unbound.png");

  await row.getByRole("button", { name: `Bind to hosts ${name}` }).click();
  await row.getByLabel(`Hosts of ${name}`).fill("https://api.vendor.example/v1");
  await row.getByRole("button", { name: "Save hosts" }).click();
  await expect(row.getByText("without a scheme, path or user")).toBeVisible();
  await row.getByLabel(`Hosts of ${name}`).fill("API.vendor.example, *.vendor.example:8443");
  await row.getByRole("button", { name: "Save hosts" }).click();
  await expect(row).toContainText("api.vendor.example, *.vendor.example:8443");
  await expect(page.getByTestId("unbound-secrets")).not.toContainText(name);
  const listed = await page.request.get("/api/backoffice/secrets");
  expect(((await listed.json()).data as { name: string; allowedHosts: string[] | null }[]).find((s) => s.name === name)?.allowedHosts).toEqual(["api.vendor.example", "*.vendor.example:8443"]);
  await snap(page, testInfo, "secrets-bound.png");

  // An empty list unbinds it again.
  await row.getByRole("button", { name: `Edit hosts of ${name}` }).click();
  await row.getByLabel(`Hosts of ${name}`).fill("");
  await row.getByRole("button", { name: "Save hosts" }).click();
  await expect(row).toContainText("any host");
  await page.request.delete(`/api/backoffice/secrets/${name}`, { headers: sameOrigin(page) });
});
