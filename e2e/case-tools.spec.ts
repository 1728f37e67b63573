import { expect, test, type Page } from "@playwright/test";
import { apiGet, createQueue, createStubDefinition, startCase } from "./support/api";
import { E2E_ADMIN, E2E_API_KEY } from "./fixtures";
import { startVendorStub, startWebhookReceiver } from "./support/local-servers";
import { signIn, snap } from "./support/session";

/*
 * The case page's tools: the document viewer (sample pages the sandbox serves, and pages it refuses), notes, Edit
 * case data, and Settings › Failed jobs with Retry. Cases are started through the API against the local vendor stub.
 */
const suffix = Date.now().toString(36);
const workflowId = `e2e_tools_${suffix}`;
let vendor: Awaited<ReturnType<typeof startVendorStub>>;
let receiver: Awaited<ReturnType<typeof startWebhookReceiver>>;

const sample = (name: string) => `${test.info().project.use.baseURL}/api/sandbox/sample-pages/${name}`;
const page = (uri: string, type: string, pageNumber = "1") => ({ provider: "http", uri, type, metadata: { pageNumber } });

async function openCase(p: Page, id: string) {
  await signIn(p, E2E_ADMIN.email, E2E_ADMIN.password);
  await p.goto(`/cases/${id}`);
  await expect(p.getByTestId("review-reason")).toBeVisible();
}

test.beforeAll(async ({ request }) => {
  vendor = await startVendorStub();
  receiver = await startWebhookReceiver();
  // Every plugin gives up after one attempt: a receiver error leaves a failed job at once, and a vendor outage sends
  // the case to review through errorAction at once.
  await createStubDefinition(request, workflowId, vendor.url, receiver.url, (d) => {
    for (const plugin of d.extensions.apiPlugins as { retry?: unknown }[]) plugin.retry = { maxAttempts: 1 };
  });
  await createQueue(request, `Tools ${suffix}`, workflowId);
});
test.afterAll(async () => {
  await vendor?.close();
  await receiver?.close();
});

test("the viewer shows an image (zoom, rotate) and a PDF page by page, and says why a page cannot be shown", async ({ page: p, request }, testInfo) => {
  const id = await startCase(request, workflowId, {
    entityId: `vw-${suffix}`,
    companyName: `Viewer Co ${suffix}`,
    registrationNumber: "20000002",
    documents: [
      { id: "director-id", category: "identification", type: "id_card", version: 1, pages: [page(sample("director-id.png"), "png"), page(sample("certificate-of-incorporation.pdf"), "pdf", "2")] },
      { id: "elsewhere", category: "proof_of_address", type: "utility_bill", version: 1, pages: [page("http://127.0.0.1:9/private.png", "png"), page(`${receiver.url}/files/empty.pdf`, "pdf", "2")] },
    ],
  });
  await openCase(p, id);
  const [first, second] = [p.getByTestId("document").nth(0), p.getByTestId("document").nth(1)];
  const viewer = first.getByTestId("document-viewer");
  await expect(viewer.locator("canvas[data-kind=image]")).toBeVisible();
  await viewer.screenshot({ path: testInfo.outputPath("viewer-image.png") });
  await viewer.getByRole("button", { name: "Zoom in" }).click();
  await expect(viewer.getByTestId("viewer-zoom")).toHaveText("125 %");
  const before = await viewer.locator("canvas").boundingBox();
  await viewer.getByRole("button", { name: "Rotate ↻" }).click();
  await expect.poll(async () => (await viewer.locator("canvas").boundingBox())?.height).toBeGreaterThan(before!.height);
  await viewer.screenshot({ path: testInfo.outputPath("viewer-image-zoomed-rotated.png") });

  await viewer.getByRole("button", { name: "Page 2" }).click();
  await expect(viewer.getByTestId("pdf-page")).toHaveText("PDF page 1 of 2");
  await expect(viewer.locator("canvas[data-kind=pdf]")).toBeVisible();
  await viewer.getByRole("button", { name: "Next ›" }).click();
  await expect(viewer.getByTestId("pdf-page")).toHaveText("PDF page 2 of 2");
  await viewer.getByRole("button", { name: "Zoom out" }).click();
  await expect(viewer.getByTestId("viewer-zoom")).toHaveText("100 %");
  await p.waitForTimeout(300); // the page's render task
  await viewer.screenshot({ path: testInfo.outputPath("viewer-pdf.png") });

  const refused = second.getByTestId("viewer-error");
  await expect(refused).toHaveAttribute("data-code", "destination_not_allowed");
  await expect(refused).toContainText("refused to connect to 127.0.0.1:9");
  await second.getByRole("button", { name: "Page 2" }).click();
  await expect(second.getByTestId("viewer-error")).toHaveAttribute("data-code", "document_page_unsupported");
  await expect(second.getByTestId("viewer-error")).toContainText("not a JPEG, PNG, WebP or PDF");
  await second.screenshot({ path: testInfo.outputPath("viewer-refused.png") });
});

test("a note typed before the page's scripts ran is held, and Add note saves it", async ({ page: p, request }, testInfo) => {
  const id = await startCase(request, workflowId, { entityId: `early-${suffix}`, companyName: `Early Co ${suffix}`, registrationNumber: "20000003" });
  await signIn(p, E2E_ADMIN.email, E2E_ADMIN.password);
  // Hold the page's scripts (not its styles): the form is server-rendered and can be typed into, but React has not
  // hydrated it.
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  const script = (url: URL) => url.pathname.startsWith("/_next/static/") && url.pathname.endsWith(".js");
  await p.route(script, async (route) => {
    await held;
    await route.continue();
  });
  await p.goto(`/cases/${id}`, { waitUntil: "commit" });
  const notes = p.getByTestId("notes-panel");
  await notes.getByLabel("New note").fill("Typed while the page was still loading.");
  await expect(notes.getByRole("button", { name: "Add note" })).toBeDisabled();
  release();
  await expect(notes.getByRole("button", { name: "Add note" })).toBeEnabled();
  await expect(notes.getByLabel("New note")).toHaveValue("Typed while the page was still loading.");
  await notes.getByRole("button", { name: "Add note" }).click();
  await expect(notes.getByTestId("notes")).toContainText("Typed while the page was still loading.");
  await expect(notes.getByLabel("New note")).toHaveValue("");
  await notes.screenshot({ path: testInfo.outputPath("note-typed-early.png") });
});

test("notes, and Edit case data saved at the page's version (a stale form gets the 412 message)", async ({ page: p, request }, testInfo) => {
  const id = await startCase(request, workflowId, { entityId: `ed-${suffix}`, companyName: `Edit Co ${suffix}`, registrationNumber: "20000002" });
  await openCase(p, id);
  const notes = p.getByTestId("notes-panel");
  await notes.getByLabel("New note").fill("Called the director: a new proof of address is on its way.");
  await notes.getByRole("button", { name: "Add note" }).click();
  await expect(notes.getByTestId("notes")).toContainText("Called the director");
  await expect(p.getByTestId("timeline")).toContainText("Note: Called the director");
  await notes.screenshot({ path: testInfo.outputPath("notes.png") });

  const edit = p.getByTestId("edit-data");
  await edit.locator("summary").click();
  await edit.getByLabel("Registration number").fill("20000007");
  await edit.getByLabel("Country").fill("IE");
  // The workflow's form requires a main representative, which this case was started without.
  await edit.getByLabel("First name").fill("Ada");
  await edit.getByLabel("Last name").fill("Lovelace");
  await edit.getByLabel("E-mail").fill("ada@edit.example");
  await snapElement(p, edit, testInfo.outputPath("edit-data.png"));
  await edit.getByRole("button", { name: "Save changes" }).click();
  await expect(p.getByTestId("timeline")).toContainText(/Case data changed: .*\/entity\/data\/registrationNumber/);
  const saved = await apiGet<{ context: { entity: { data: Record<string, unknown> } }; version: number }>(request, `/api/v1/external/workflows/${id}`);
  expect(saved.context.entity.data).toMatchObject({ registrationNumber: "20000007", country: "IE", companyName: `Edit Co ${suffix}` });

  // Someone else changes the case: this page's form is stale.
  const patched = await request.patch(`/api/v1/external/workflows/${id}/context`, {
    headers: { Authorization: `Bearer ${E2E_API_KEY}`, "Content-Type": "application/merge-patch+json" },
    data: JSON.stringify({ entity: { data: { country: "GB" } } }),
  });
  expect(patched.status(), await patched.text()).toBe(200);
  await p.getByTestId("edit-data").locator("summary").click();
  await p.getByTestId("edit-data").getByLabel("Country").fill("FR");
  await p.getByTestId("edit-data").getByRole("button", { name: "Save changes" }).click();
  const problem = p.getByTestId("edit-data").getByTestId("action-problem");
  await expect(problem).toHaveAttribute("data-code", "version_conflict");
  await expect(problem).toContainText("This case changed since you opened it");
});

test("a failed webhook job is retried from Settings › Failed jobs", async ({ page: p, request }, testInfo) => {
  receiver.failing.add("/plugin/finish");
  const id = await startCase(request, workflowId, { entityId: `fj-${suffix}`, companyName: `Failing Hook ${suffix}`, registrationNumber: "12345678" }, "auto_approve");
  const calls = () => receiver.received.filter((w) => w.path === "/plugin/finish" && w.body.entity_id === `fj-${suffix}`).length;
  await expect.poll(calls, { timeout: 20_000 }).toBe(1);
  await signIn(p, E2E_ADMIN.email, E2E_ADMIN.password);
  await p.goto("/settings/failed-jobs");
  const row = p.getByTestId("failed-job-row").filter({ has: p.locator(`a[href="/cases/${id}"]`) });
  await expect(row).toContainText("Webhook plugin: finish_webhook");
  await expect(row).toContainText("HTTP 500");
  await snap(p, testInfo, "failed-jobs.png");

  receiver.failing.delete("/plugin/finish");
  await row.getByRole("button", { name: /Retry job/ }).click();
  // The job is pending again at once, so the page (refreshed by the action) no longer lists it.
  await expect(row).toHaveCount(0);
  await expect.poll(calls, { timeout: 20_000 }).toBe(2);
  await p.reload();
  await expect(p.getByRole("heading", { name: /^Failed jobs/ })).toBeVisible();
  await expect(row).toHaveCount(0);
  await p.goto(`/cases/${id}`);
  await expect(p.getByTestId("timeline")).toContainText("Failed job webhook_plugin (finish_webhook) retried");
});

test("a vendor outage lands the case in review; once the vendor is back, Move to the check re-runs the call and the case proceeds", async ({ page: p, request }, testInfo) => {
  vendor.down = true;
  const id = await startCase(request, workflowId, { entityId: `out-${suffix}`, companyName: `Outage Co ${suffix}`, registrationNumber: "12345678" });
  await signIn(p, E2E_ADMIN.email, E2E_ADMIN.password);
  await p.goto(`/cases/${id}`);
  await expect(p.getByTestId("state-badge").first()).toHaveText("manual_review");
  await expect(p.getByTestId("vendor-external_request_example")).toContainText("error");
  vendor.down = false;
  const repair = p.getByTestId("repair-panel");
  await repair.getByLabel("Move to state").selectOption("check_business_details");
  await repair.getByRole("button", { name: "Move" }).click();
  await expect(repair.getByRole("alert")).toContainText("Write why");
  await repair.getByLabel("Reason for moving or canceling").fill("The registry is back up; check again");
  await snapElement(p, repair, testInfo.outputPath("repair.png"));
  await repair.getByRole("button", { name: "Move" }).click();
  await expect(p.getByTestId("outcome-banner")).toContainText("Case completed", { timeout: 20_000 });
  await expect(p.getByTestId("state-badge").first()).toHaveText("auto_approve");
  await expect(p.getByTestId("timeline")).toContainText("Moved by force: manual_review → check_business_details — “The registry is back up; check again”");
  expect(vendor.calls.filter((n) => n === "12345678").length).toBeGreaterThanOrEqual(2);
});

/** A screenshot of one element, scrolled into view. */
async function snapElement(p: Page, locator: ReturnType<Page["getByTestId"]>, path: string) {
  await locator.scrollIntoViewIfNeeded();
  await locator.screenshot({ path });
}
