import { expect, test } from "@playwright/test";
import { E2E_ADMIN } from "./fixtures";
import { apiGet, apiPost, startCase } from "./support/api";
import { signIn } from "./support/session";

/*
 * The seeded worked example calls the app's own sandbox registry (lib/sandbox/registry.ts), whose scores are
 * fixed: registryAnswer("60000085", …) answers name_fuzziness_score 0.82 with a registered name that differs
 * from the company name, so the case is auto-approved at the 0.8 threshold and goes to manual review at 0.9.
 */
const ID = "kyb_manual_review_example";
const BETWEEN_THRESHOLDS = "60000085";
const suffix = Date.now().toString(36);
let original: Record<string, unknown>;
let n = 0;

const business = () => ({ entityId: `def-${suffix}-${++n}`, companyName: `Threshold Test ${suffix} Ltd`, registrationNumber: BETWEEN_THRESHOLDS });

test.beforeAll(async ({ request }) => {
  original = await apiGet(request, `/api/v1/external/workflow-definitions/${ID}`);
});

// Put the 0.8 threshold back as a new version, so other specs and a re-run against the same server start from it.
test.afterAll(async ({ request }) => {
  if (!original) return;
  const { id, name, definitionType, definition, extensions, config } = original;
  await apiPost(request, "/api/v1/external/workflow-definitions", { id, name, definitionType, definition, extensions, config });
});

test("a definition edited in the UI (the 0.8 threshold raised to 0.9) is used by the next case without a restart", async ({ page, request }, testInfo) => {
  const before = original.version as number;
  await startCase(request, ID, business(), "auto_approve");

  await signIn(page, E2E_ADMIN.email, E2E_ADMIN.password);
  await page.getByRole("link", { name: "Definitions" }).click();
  await expect(page.getByRole("heading", { name: "Definitions" })).toBeVisible();
  await page.getByTestId("definition-table").getByRole("link", { name: "KYB with manual review" }).click();
  await expect(page.getByTestId("shown-version")).toHaveText(`v${before} · latest`);
  await expect(page.getByTestId("statechart")).toBeVisible();
  await expect(page.getByTestId("api-plugins")).toContainText("external_request_example");
  await page.getByRole("link", { name: "Edit as JSON" }).click();

  const editor = page.getByLabel("Definition JSON");
  const text = await editor.inputValue();
  expect(text).toMatch(/\n\s*0\.8\n/);

  // A syntax error is shown with its line and column.
  await editor.fill(text.replace('"initial": "idle",', '"initial": "idle"'));
  await page.getByRole("button", { name: "Validate" }).click();
  const problems = page.getByTestId("definition-problems");
  await expect(problems).toContainText(/JSON syntax error at line \d+, column \d+: expected ',' or '}'/);

  // An unknown target state: the validator's error, with its pointer and a link to the line.
  const mistake = text.replace('"start": "check_business_details"', '"start": "check_busines_details"');
  await editor.fill(mistake);
  await page.getByRole("button", { name: /Save as new version/ }).click();
  await expect(problems).toContainText("/definition/states/idle/on/start");
  await expect(problems).toContainText("check_business_details");
  const line = mistake.slice(0, mistake.indexOf('"start": "check_busines_details"')).split("\n").length;
  await problems.getByRole("button", { name: `Go to line ${line} (/definition/states/idle/on/start)` }).click();
  await expect(editor).toBeFocused();
  expect(await editor.evaluate((el: HTMLTextAreaElement) => el.value.slice(el.selectionStart, el.selectionEnd))).toContain('"start": "check_busines_details"');
  await page.screenshot({ path: testInfo.outputPath("definition-validator-error.png"), fullPage: true });
  expect((await apiGet<{ version: number }>(request, `/api/v1/external/workflow-definitions/${ID}`)).version).toBe(before);

  // Raise the threshold (the rule and the reason text), validate, save.
  const raised = text.replace(/\n(\s*)0\.8\n/, "\n$10.9\n").replace("score below 0.8", "score below 0.9");
  await editor.fill(raised);
  await page.getByRole("button", { name: "Validate" }).click();
  await expect(page.getByTestId("definition-status")).toContainText(`No problems found: this definition can be saved as version ${before + 1}`);
  await expect(problems).toHaveCount(0);
  await page.getByRole("button", { name: `Save as new version (v${before + 1})` }).click();
  await expect(page.getByTestId("saved-banner")).toContainText(`Saved as version ${before + 1}.`);
  await expect(page.getByTestId("shown-version")).toHaveText(`v${before + 1} · latest`);
  await expect(page.getByTestId("definition-json")).toContainText("score below 0.9");
  await expect(page.getByTestId("version-list").getByRole("link")).toHaveCount(before + 1);
  await page.screenshot({ path: testInfo.outputPath("definition-saved.png"), fullPage: true });

  // The next case, same server process: score 0.82 is now below the threshold.
  const runtimeId = await startCase(request, ID, business(), "manual_review");
  expect((await apiGet<{ workflowDefinitionVersion: number }>(request, `/api/v1/external/workflows/${runtimeId}`)).workflowDefinitionVersion).toBe(before + 1);
  await page.goto(`/cases/${runtimeId}`);
  await expect(page.getByTestId("review-reason")).toContainText("name fuzziness score below 0.9");
  await page.screenshot({ path: testInfo.outputPath("case-in-manual-review.png"), fullPage: true });
});
