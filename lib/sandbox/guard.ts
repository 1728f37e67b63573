import { env } from "../config/env";
import { problem } from "../api/http/problem";

/** The sandbox routes (vendor, webhook sink, sample pages, echo) exist only in the sandbox environment; elsewhere they answer 404. */
export function sandboxOnly(): Response | null {
  if (env().APP_ENVIRONMENT === "sandbox") return null;
  return problem("not_found", "The sandbox routes (vendor, webhook sink, echo) only exist when APP_ENVIRONMENT=sandbox.");
}
