export type AppEnvironment = "sandbox" | "production";

/** What decides the environment: the variables read, as `env()` sees them (empty strings already unset). */
export interface EnvironmentInputs {
  APP_ENVIRONMENT?: AppEnvironment;
  DATABASE_URL?: string;
  NODE_ENV?: string;
  /** "1" when `scripts/start.mjs` ran `next start` without an operator's NODE_ENV=production (see there). */
  NODE_ENV_FROM_NEXT_START?: string;
}

export interface ResolvedEnvironment {
  environment: AppEnvironment;
  /** Why, in words for the start-up log line. */
  reason: string;
}

/**
 * The environment the app runs in. An explicit `APP_ENVIRONMENT` wins. Otherwise a deployment is assumed, and the
 * default is `production`, when `DATABASE_URL` is set or the operator set `NODE_ENV=production`; the zero-setup
 * start (`npm start` or `next dev` on the embedded database) stays `sandbox`. `npm start` runs `next start`, which
 * sets NODE_ENV=production itself: `scripts/start.mjs` marks that with `NODE_ENV_FROM_NEXT_START=1`, so only a
 * NODE_ENV=production the operator set counts.
 *
 * @example resolveEnvironment({ DATABASE_URL: "postgres://db/kyc" }) // { environment: "production", reason: "default: DATABASE_URL is set" }
 * @example resolveEnvironment({ NODE_ENV: "production", NODE_ENV_FROM_NEXT_START: "1" }).environment // "sandbox"
 */
export function resolveEnvironment(inputs: EnvironmentInputs): ResolvedEnvironment {
  if (inputs.APP_ENVIRONMENT) return { environment: inputs.APP_ENVIRONMENT, reason: `APP_ENVIRONMENT=${inputs.APP_ENVIRONMENT}` };
  if (inputs.DATABASE_URL) return { environment: "production", reason: "default: DATABASE_URL is set" };
  if (inputs.NODE_ENV === "production" && inputs.NODE_ENV_FROM_NEXT_START !== "1") {
    return { environment: "production", reason: "default: NODE_ENV=production" };
  }
  return { environment: "sandbox", reason: "default: zero-setup start on the embedded database (no DATABASE_URL)" };
}

/**
 * The start-up line saying which environment this process runs in and what that switches on, e.g.
 * `[env] APP_ENVIRONMENT=sandbox (default: zero-setup start …): sandbox vendor and webhook sink at /api/sandbox, …`.
 */
export function environmentLogLine({ environment, reason }: ResolvedEnvironment): string {
  if (environment === "production") {
    const tryOut = reason.startsWith("default") ? " To try the app with its sandbox instead, set APP_ENVIRONMENT=sandbox." : "";
    return `[env] APP_ENVIRONMENT=production (${reason}): no sandbox routes, the app's own origin is not allowed for outgoing calls, MASTER_KEY and AUTH_SECRET are required.${tryOut}`;
  }
  return (
    `[env] APP_ENVIRONMENT=sandbox (${reason}): the sandbox vendor and webhook sink answer at /api/sandbox, the app's own origin is allowed for outgoing calls ` +
    "and development keys may be generated. For a deployment set DATABASE_URL or APP_ENVIRONMENT=production."
  );
}
