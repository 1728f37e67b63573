import { expect, test } from "@playwright/test";

test("the API reference lists the spec's endpoints from the OpenAPI document", async ({ page, request }, testInfo) => {
  const doc = await (await request.get("/api/v1/openapi.json")).json();
  expect(doc.openapi).toBe("3.1.0");
  await page.goto("/api-reference");
  await expect(page.getByRole("heading", { level: 1 })).toContainText("API");
  for (const path of ["/api/v1/external/workflows/run", "/api/v1/external/workflows/{workflowRuntimeId}/send-event", "/api/v1/external/filters"]) {
    await expect(page.locator("h3 code", { hasText: new RegExp(`^${path.replace(/[{}]/g, "\\$&")}$`) }).first()).toBeVisible();
  }
  await page.screenshot({ path: testInfo.outputPath("api-reference.png"), fullPage: false });
});
