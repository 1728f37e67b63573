import { randomBytes } from "node:crypto";
import { and, eq } from "drizzle-orm";
import { env } from "../config/env";
import type { Db } from "../db/client";
import { secrets, workflowDefinitions } from "../db/schema";
import { encryptString } from "../security/encryption";
import example from "../seed/kyb-manual-review.definition.json";

const EXAMPLE_ORIGIN = "http://localhost:3000";

/** The app's own origin, used to point the worked example at the built-in sandbox vendor. */
export function appOrigin(): string {
  const e = env();
  return (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/$/, "");
}

/** Insert version 1 of the worked example definition unless the project already has that definition. */
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
      extensions: example.extensions as Record<string, unknown>,
      config: example.config as Record<string, unknown>,
    })
    .onConflictDoNothing();
}

/** In the sandbox, give the secrets the example references a value, so the example runs out of the box. */
export async function seedSandboxSecrets(db: Db, projectId: string): Promise<void> {
  const values: Record<string, string> = {
    REGISTRY_API_KEY: "sandbox-registry-key",
    WEBHOOK_TOKEN: `sandbox-${randomBytes(12).toString("hex")}`,
  };
  for (const [name, value] of Object.entries(values)) {
    await db
      .insert(secrets)
      .values({ projectId, name, ciphertext: encryptString(value, `${projectId}/${name}`) })
      .onConflictDoNothing();
  }
}
