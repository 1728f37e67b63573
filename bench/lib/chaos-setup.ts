import example from "../../lib/seed/kyb-manual-review.definition.json";

/**
 * What the KYB flows of `runFlow` need, created through the API with `apiKey`: the secrets the example's plugins
 * send, a copy of the example definition as `definitionId` with short plugin timeouts (so a killed worker's lease
 * ends soon), and a subscription of `<vendorOrigin>/events` to `workflow.completed`. Without retries: call it
 * before anything is killed.
 */
export async function setUpFlows(baseUrl: string, apiKey: string, vendorOrigin: string, definitionId: string): Promise<void> {
  const call = async (method: "PUT" | "POST", path: string, body: unknown, expected: number) => {
    const res = await fetch(`${baseUrl}/api/v1/external${path}`, {
      method,
      headers: { authorization: `Bearer ${apiKey}`, "content-type": "application/json" },
      body: JSON.stringify(body),
    });
    if (res.status !== expected) throw new Error(`${method} ${path} answered ${res.status}: ${await res.text()}`);
  };
  await call("PUT", "/secrets/REGISTRY_API_KEY", { value: "chaos-registry-key" }, 200);
  await call("PUT", "/secrets/WEBHOOK_TOKEN", { value: "chaos-webhook-token" }, 200);
  const { name, definitionType, definition, config } = example;
  const extensions = { apiPlugins: example.extensions.apiPlugins.map((p) => ({ ...p, timeoutMs: 3000 })) };
  await call("POST", "/workflow-definitions", { id: definitionId, name, definitionType, definition, extensions, config }, 201);
  await call("POST", "/webhook-subscriptions", { url: `${vendorOrigin}/events`, events: ["workflow.completed"] }, 201);
}
