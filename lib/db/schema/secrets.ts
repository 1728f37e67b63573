import { pgTable, primaryKey, text } from "drizzle-orm/pg-core";
import { projectRef, timestamps } from "./columns";

/** Plugin secrets, referenced from definitions as `secret.NAME`; `ciphertext` is AES-256-GCM under the master key. */
export const secrets = pgTable(
  "secrets",
  {
    projectId: projectRef(),
    name: text("name").notNull(),
    ciphertext: text("ciphertext").notNull(),
    /** Hosts the secret may be sent to (exact host names, or `*.example.com`); null: not bound, sent anywhere allowed. */
    allowedHosts: text("allowed_hosts").array(),
    ...timestamps(),
  },
  (t) => [primaryKey({ name: "secrets_pkey", columns: [t.projectId, t.name] })],
);

export type Secret = typeof secrets.$inferSelect;
