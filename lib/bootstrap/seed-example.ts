import { and, eq } from "drizzle-orm";
import { appOrigin } from "../config/app-origin";
import type { Db } from "../db/client";
import { workflowDefinitions } from "../db/schema";
import deadlines from "../seed/kyb-review-deadlines.definition.json";
import example from "../seed/kyb-manual-review.definition.json";

const EXAMPLE_ORIGIN = "http://localhost:3000";
/** What the example's webhook plugins send to the sandbox webhook sink, which requires an API key of the project. */
const SINK_AUTHORIZATION = "Bearer {secret.WEBHOOK_TOKEN}";

/**
 * The worked examples: KYB with manual review, and the same with review deadlines (manual review due in 48 h,
 * warned 12 h before; a case sent back for revision is reminded through a webhook every 24 h and rejected
 * after 14 days).
 */
export const EXAMPLE_DEFINITIONS = [example, deadlines] as const;

type ExampleDefinition = (typeof EXAMPLE_DEFINITIONS)[number];

/**
 * Insert version 1 of each worked example definition the project does not have yet. The stored copies point at
 * this app's own sandbox vendor (`appOrigin()`), and each of their webhook plugins authenticates to the sandbox
 * webhook sink with the secret `WEBHOOK_TOKEN` (see `seedSandboxSecrets`).
 */
export async function seedExampleDefinition(db: Db, projectId: string): Promise<void> {
  for (const definition of EXAMPLE_DEFINITIONS) await seedDefinitionOnce(db, projectId, definition);
}

async function seedDefinitionOnce(db: Db, projectId: string, example: ExampleDefinition): Promise<void> {
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
