import { eq } from "drizzle-orm";
import type { Db } from "../db/client";
import { secrets } from "../db/schema";
import { decryptString } from "../security/encryption";

/** A lookup of the project's secrets by name, decrypting each on first use. */
export async function projectSecretLookup(db: Db, projectId: string): Promise<(name: string) => string | undefined> {
  const rows = await db.select({ name: secrets.name, ciphertext: secrets.ciphertext }).from(secrets).where(eq(secrets.projectId, projectId));
  const sealed = new Map(rows.map((r) => [r.name, r.ciphertext]));
  const plain = new Map<string, string>();
  return (name) => {
    if (plain.has(name)) return plain.get(name);
    const value = sealed.get(name);
    if (value === undefined) return undefined;
    const decrypted = decryptString(value, `${projectId}/${name}`);
    plain.set(name, decrypted);
    return decrypted;
  };
}
