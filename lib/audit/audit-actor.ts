import type { Caller } from "../callers/caller";

/** Who did an audited action: a backoffice user, an API key, or the system. `name` is what the trail shows (a user's e-mail). */
export interface AuditActor {
  type: "user" | "api_key" | "system";
  id: string | null;
  name?: string | null;
}

/** The actor of a caller (`withApiKey`/`withSession`) or of a session user. */
export function auditActorOf(who: Caller | { id: string; email?: string }): AuditActor {
  if ("kind" in who) return who.kind === "api_key" ? { type: "api_key", id: who.apiKeyId } : { type: "user", id: who.userId };
  return { type: "user", id: who.id, name: who.email ?? null };
}
