import { eq } from "drizzle-orm";
import type { Db } from "@/lib/db/client";
import { apiKeys, projects, secrets, workflowDefinitions, workflowRuntimes } from "@/lib/db/schema";
import { encryptString } from "@/lib/security/encryption";
import { hashApiKey } from "@/lib/security/api-key-format";
import example from "@/lib/seed/kyb-manual-review.definition.json";

export const EXAMPLE = example;

/** A project with an API key and the given secrets; returns the key. */
export async function seedProject(db: Db, projectId: string, secretValues: Record<string, string> = {}): Promise<string> {
  await db.insert(projects).values({ id: projectId, name: projectId }).onConflictDoNothing();
  const key = `kyc_test_${projectId}_0123456789abcdef`;
  await db.insert(apiKeys).values({ projectId, name: "test", prefix: key.slice(0, 12), keyHash: hashApiKey(key) }).onConflictDoNothing();
  for (const [name, value] of Object.entries(secretValues)) {
    await db.insert(secrets).values({ projectId, name, ciphertext: encryptString(value, `${projectId}/${name}`) }).onConflictDoNothing();
  }
  return key;
}

/** Store a definition (default: the worked example), optionally transformed, as `id`@`version`. */
export async function seedDefinition(
  db: Db,
  projectId: string,
  options: { id?: string; version?: number; edit?: (def: typeof example) => void } = {},
): Promise<{ id: string; version: number }> {
  const def = JSON.parse(JSON.stringify(example)) as typeof example;
  options.edit?.(def);
  const id = options.id ?? def.id;
  const version = options.version ?? 1;
  await db.insert(workflowDefinitions).values({
    projectId,
    id,
    version,
    name: def.name,
    definitionType: def.definitionType,
    definition: def.definition as unknown as Record<string, unknown>,
    extensions: def.extensions as unknown as Record<string, unknown>,
    config: def.config as unknown as Record<string, unknown>,
  });
  return { id, version };
}

/**
 * The `seedDefinition` options of a definition `id` of the worked example whose `start` goes straight to
 * `manual_review` (no vendor call before the review).
 */
export const directReview = (id = "direct_review") => ({ id, edit: (d: typeof example) => Object.assign(d.definition.states.idle.on, { start: "manual_review" }) });

export async function getRuntime(db: Db, id: string) {
  const [row] = await db.select().from(workflowRuntimes).where(eq(workflowRuntimes.id, id));
  return row;
}

/** A run context like the spec's run request, pointing the example's plugins at `origin`. */
export function runContext(origin: string, registrationNumber: string, companyName = "Acme Trading Ltd") {
  return {
    entity: {
      id: `acme-${registrationNumber}-${Math.random().toString(36).slice(2, 8)}`,
      type: "business" as const,
      data: { companyName, registrationNumber, country: "GB", additionalInfo: { mainRepresentative: { firstName: "Ada", lastName: "Lovelace", email: "ada@acme.example" } } },
    },
    documents: [],
    api_config: { url: `${origin}/registry`, webhook_url: `${origin}/hooks`, special_header: "from-context" },
  };
}
