import { expect, type APIRequestContext } from "@playwright/test";
import { readFileSync } from "node:fs";
import path from "node:path";
import { E2E_API_KEY } from "../fixtures";

const auth = { Authorization: `Bearer ${E2E_API_KEY}` };
const seed = JSON.parse(readFileSync(path.join(__dirname, "..", "..", "lib", "seed", "kyb-manual-review.definition.json"), "utf8"));

/** POST to the external API with the e2e API key; fails the test unless the answer is 2xx. */
export async function apiPost<T = Record<string, unknown>>(request: APIRequestContext, url: string, data: unknown): Promise<T> {
  const res = await request.post(url, { headers: auth, data });
  expect(res.ok(), `${url} answered ${res.status()}: ${await res.text()}`).toBeTruthy();
  return (await res.json()) as T;
}

export async function apiGet<T = Record<string, unknown>>(request: APIRequestContext, url: string): Promise<T> {
  const res = await request.get(url, { headers: auth });
  expect(res.ok(), `${url} answered ${res.status()}`).toBeTruthy();
  return (await res.json()) as T;
}

/**
 * A copy of the worked example under `id`, calling the local vendor stub (definition.context.api_config.url)
 * and its webhook plugins at the local receiver, which is also subscribed to `workflow.completed` at definition
 * level (config.subscriptions).
 */
export async function createStubDefinition(
  request: APIRequestContext,
  id: string,
  vendorUrl: string,
  receiverUrl: string,
  /** Changes the copy before it is created (more subscribed events, a plugin's retry policy, …). */
  edit: (definition: typeof seed) => void = () => {},
): Promise<void> {
  const definition = structuredClone(seed);
  definition.id = id;
  definition.name = `E2E ${id}`;
  delete definition.version;
  definition.definition.id = `${id}_chart`;
  definition.definition.context.api_config.url = vendorUrl;
  definition.definition.context.api_config.webhook_url = `${receiverUrl}/plugin`;
  definition.config = { subscriptions: [{ type: "webhook", url: `${receiverUrl}/hooks/${id}`, events: ["workflow.completed"] }] };
  edit(definition);
  await apiPost(request, "/api/v1/external/workflow-definitions", definition);
}

/** A queue over one workflow's business cases, shaped like the spec's example filter. */
export async function createQueue(request: APIRequestContext, name: string, workflowId: string): Promise<string> {
  const filter = await apiPost<{ id: string }>(request, "/api/v1/external/filters", {
    name,
    entity: "businesses",
    projectId: "default",
    query: {
      where: { businessId: { not: null }, workflowDefinitionId: { in: [workflowId] } },
      select: {
        id: true, tags: true, state: true, status: true, context: true, assigneeId: true, createdAt: true,
        assignee: { select: { id: true, firstName: true, lastName: true, avatarUrl: true } },
        workflowDefinition: { select: { id: true, name: true, version: true, definition: true } },
        business: { select: { id: true, companyName: true, registrationNumber: true, countryOfIncorporation: true } },
      },
    },
  });
  return filter.id;
}

export interface CaseInput {
  entityId: string;
  companyName: string;
  registrationNumber: string;
  documents?: unknown[];
}

/** Run the workflow for a business, send `start`, and wait until it reaches `state` (the vendor answered). */
export async function startCase(request: APIRequestContext, workflowId: string, input: CaseInput, state = "manual_review"): Promise<string> {
  const run = await apiPost<{ workflowRuntimeId: string }>(request, "/api/v1/external/workflows/run", {
    workflowId,
    context: {
      entity: {
        id: input.entityId,
        type: "business",
        data: { companyName: input.companyName, registrationNumber: input.registrationNumber, country: "GB", email: `${input.entityId}@example.com` },
      },
      documents: input.documents ?? [],
    },
  });
  const id = run.workflowRuntimeId;
  await apiPost(request, `/api/v1/external/workflows/${id}/send-event`, { name: "start" });
  await expect.poll(async () => (await apiGet<{ state: string }>(request, `/api/v1/external/workflows/${id}`)).state, { timeout: 20_000 }).toBe(state);
  return id;
}

/** Run the workflow for a business without sending `start` (the case stays in the initial state). */
export async function runCase(request: APIRequestContext, workflowId: string, input: CaseInput): Promise<string> {
  const run = await apiPost<{ workflowRuntimeId: string }>(request, "/api/v1/external/workflows/run", {
    workflowId,
    context: {
      entity: { id: input.entityId, type: "business", data: { companyName: input.companyName, registrationNumber: input.registrationNumber, email: `${input.entityId}@example.com` } },
      documents: input.documents ?? [],
    },
  });
  return run.workflowRuntimeId;
}
