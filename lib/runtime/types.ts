/** Who caused a change; recorded on every history row. */
export interface Actor {
  type: "api_key" | "reviewer" | "system";
  id?: string;
}

export const SYSTEM_ACTOR: Actor = { type: "system" };
