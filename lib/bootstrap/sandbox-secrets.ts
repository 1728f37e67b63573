import "server-only";
import { and, eq } from "drizzle-orm";
import type { Db } from "../db/client";
import { secrets } from "../db/schema";
import { decryptString, encryptString } from "../security/encryption";

/** The random WEBHOOK_TOKEN earlier versions seeded; the sink no longer accepts it (it is not an API key). */
const LEGACY_WEBHOOK_TOKEN = /^sandbox-[0-9a-f]{24}$/;

/**
 * In the sandbox, give the secrets the worked example references a value, so it runs out of the box:
 * `REGISTRY_API_KEY` for the sandbox registry, and `WEBHOOK_TOKEN`, which the example's webhook plugins send to
 * the sandbox webhook sink. The sink only accepts an API key of the project, so `WEBHOOK_TOKEN` is `apiKey` (the
 * key this start created or `SEED_API_KEY`). A `WEBHOOK_TOKEN` someone set is kept; without a key to use, a log
 * line says how to set it.
 */
export async function seedSandboxSecrets(db: Db, projectId: string, apiKey: string | undefined, log: (line: string) => void): Promise<void> {
  await db
    .insert(secrets)
    .values({ projectId, name: "REGISTRY_API_KEY", ciphertext: encryptString("sandbox-registry-key", `${projectId}/REGISTRY_API_KEY`) })
    .onConflictDoNothing();
  const aad = `${projectId}/WEBHOOK_TOKEN`;
  const [row] = await db
    .select({ ciphertext: secrets.ciphertext })
    .from(secrets)
    .where(and(eq(secrets.projectId, projectId), eq(secrets.name, "WEBHOOK_TOKEN")));
  if (row && !LEGACY_WEBHOOK_TOKEN.test(decryptString(row.ciphertext, aad))) return;
  if (!apiKey) {
    log(`[bootstrap] the sandbox webhook sink only accepts API keys: set the secret WEBHOOK_TOKEN of project '${projectId}' to an API key of the project (Settings → Secrets) so the example's webhooks are recorded.`);
    return;
  }
  const ciphertext = encryptString(apiKey, aad);
  await db
    .insert(secrets)
    .values({ projectId, name: "WEBHOOK_TOKEN", ciphertext })
    .onConflictDoUpdate({ target: [secrets.projectId, secrets.name], set: { ciphertext, updatedAt: new Date() } });
}
