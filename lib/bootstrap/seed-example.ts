import { and, eq } from "drizzle-orm";
import { appOrigin } from "../config/app-origin";
import type { Db } from "../db/client";
import { workflowDefinitions } from "../db/schema";
import example from "../seed/kyb-manual-review.definition.json";

const EXAMPLE_ORIGIN = "http://localhost:3000";
/** What the example's webhook plugins send to the sandbox webhook sink, which requires an API key of the project. */
const SINK_AUTHORIZATION = "Bearer {secret.WEBHOOK_TOKEN}";

/**
 * Insert version 1 of the worked example definition unless the project already has that definition. The stored
 * copy points at this app's own sandbox vendor (`appOrigin()`), and each of its webhook plugins authenticates to
 * the sandbox webhook sink with the secret `WEBHOOK_TOKEN` (see `seedSandboxSecrets`).
 */
export async function seedExampleDefinition(db: Db, projectId: string): Promise<void> {
  const [existing] = await db
    .select({ version: workflowDefinitions.version })
    .from(workflowDefinitions)
    .where(and(eq(workflowDefinitions.projectId, projectId), eq(workflowDefinitions.id, example.id)))
    .limit(1);
  if (existing) return;
  const origin = appOrigin();
  const definition = JSON.parse(JSON.stringify(example.definition).split(EXAMPLE_ORIGIN).join(origin)) as Record<string, unknown>;
  await db
    .insert(workflowDefinitions)
    .values({
      projectId,
      id: example.id,
      version: example.version,
      name: example.name,
      definitionType: example.definitionType,
      definition,
      extensions: withSinkAuthorization(example.extensions),
      config: example.config as Record<string, unknown>,
    })
    .onConflictDoNothing();
}

type Plugin = { pluginKind?: string; headers?: Record<string, string | undefined> };

/** A copy of the example's extensions in which every webhook plugin sends `Authorization: Bearer {secret.WEBHOOK_TOKEN}`. */
export function withSinkAuthorization(extensions: { apiPlugins: Plugin[] }): Record<string, unknown> {
  const apiPlugins = extensions.apiPlugins.map((plugin) =>
    plugin.pluginKind === "webhook" && !plugin.headers?.Authorization ? { ...plugin, headers: { ...plugin.headers, Authorization: SINK_AUTHORIZATION } } : plugin,
  );
  return { ...extensions, apiPlugins };
}
