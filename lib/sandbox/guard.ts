import { env } from "../config/env";
import { problem } from "../api/problem";

/** The sandbox routes exist only in the sandbox environment; elsewhere they answer 404. */
export function sandboxOnly(): Response | null {
  return env().APP_ENVIRONMENT === "sandbox" ? null : problem(404, "not_found", "The sandbox vendor is only available when APP_ENVIRONMENT=sandbox.");
}
