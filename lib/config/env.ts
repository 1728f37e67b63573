import "server-only";
import path from "node:path";
import { z } from "zod";
import { resolveEnvironment, type AppEnvironment } from "./app-environment";

const boolish = z
  .enum(["true", "false", "1", "0", "yes", "no", ""])
  .optional()
  .transform((v) => (v === undefined || v === "" ? undefined : ["true", "1", "yes"].includes(v)));

const schema = z.object({
  NODE_ENV: z.enum(["development", "production", "test"]).default("development"),
  PORT: z.coerce.number().int().min(1).max(65535).default(3000),
  DATABASE_URL: z.string().min(1).optional(),
  /** A session connection to the same database for the migrations' advisory lock and LISTEN, when DATABASE_URL is a transaction-mode pooler. */
  DATABASE_DIRECT_URL: z.string().min(1).optional(),
  DATA_DIR: z.string().min(1).default(".data"),
  DB_POOL_MAX: z.coerce.number().int().min(1).max(200).default(10),
  /** Longest a statement may run on a PostgreSQL server (`statement_timeout`); 0 turns the limit off. */
  DB_STATEMENT_TIMEOUT_MS: z.coerce.number().int().min(0).max(86_400_000).default(30_000),
  /** Longest a transaction may sit idle holding its locks (`idle_in_transaction_session_timeout`); 0 turns it off. */
  DB_IDLE_IN_TRANSACTION_TIMEOUT_MS: z.coerce.number().int().min(0).max(86_400_000).default(60_000),
  DB_PREPARED_STATEMENTS: boolish,
  /** Unset: `production` when DATABASE_URL or an operator's NODE_ENV=production is set, else `sandbox` (see resolveEnvironment). */
  APP_ENVIRONMENT: z.enum(["sandbox", "production"]).optional(),
  MASTER_KEY: z.string().min(1).optional(),
  AUTH_SECRET: z.string().min(1).optional(),
  SEED_ADMIN_EMAIL: z.string().email().optional(),
  SEED_ADMIN_PASSWORD: z.string().min(8).optional(),
  SEED_API_KEY: z.string().min(16).optional(),
  SEED_WEBHOOK_SECRET: z.string().startsWith("whsec_").optional(),
  OUTBOUND_ALLOWED_HOSTS: z.string().optional(),
  /** Largest document page (bytes) the backoffice's viewer fetches; larger pages are refused (`response_too_large`). */
  DOCUMENT_PAGE_MAX_BYTES: z.coerce.number().int().min(1024).max(256 * 1024 * 1024).default(15 * 1024 * 1024),
  RATE_LIMIT_PER_MINUTE: z.coerce.number().int().min(0).default(6000),
  /** Reverse proxies in front of the app that append to X-Forwarded-For (the client address is read from it; lib/api/http/client-address.ts). */
  TRUSTED_PROXY_HOPS: z.coerce.number().int().min(0).max(10).default(0),
  /** The first sign-in lock (after 5 failures of an e-mail or 20 of a client address); each further one doubles it. */
  LOGIN_LOCK_BASE_MS: z.coerce.number().int().min(1).max(3_600_000).default(30_000),
  /** The longest a sign-in lock lasts, however many failures came before it. */
  LOGIN_LOCK_MAX_MS: z.coerce.number().int().min(1).max(86_400_000).default(900_000),
  RUN_WORKER: boolish,
  CRON_SECRET: z.string().min(16).optional(),
  JOBS_DRAIN_BUDGET_MS: z.coerce.number().int().min(1000).max(900_000).default(45_000),
  PUBLIC_URL: z.string().url().optional(),
  /** Bearer token for `GET /api/metrics`; unset, the endpoint answers 404. */
  METRICS_TOKEN: z.string().min(16).optional(),
});

export type Env = Omit<z.infer<typeof schema>, "APP_ENVIRONMENT"> & {
  APP_ENVIRONMENT: AppEnvironment;
  /** Why APP_ENVIRONMENT has its value: the variable itself, or which default applied. */
  environmentReason: string;
  dataDir: string;
  isProduction: boolean;
};

let cached: Env | undefined;

/**
 * The validated environment, read on first use (never at import time, so `next build` needs no secrets).
 * Empty strings count as unset. Throws a message naming every invalid variable.
 */
export function env(): Env {
  if (cached) return cached;
  const raw: Record<string, string | undefined> = {};
  for (const key of Object.keys(schema.shape)) {
    const value = process.env[key];
    raw[key] = value === "" ? undefined : value;
  }
  raw.AUTH_SECRET ??= process.env.NEXTAUTH_SECRET || undefined;
  const parsed = schema.safeParse(raw);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join(".")}: ${i.message}`);
    throw new Error(`Invalid environment configuration:\n${lines.join("\n")}`);
  }
  const { environment, reason } = resolveEnvironment({ ...parsed.data, NODE_ENV_FROM_NEXT_START: process.env.NODE_ENV_FROM_NEXT_START });
  cached = {
    ...parsed.data,
    APP_ENVIRONMENT: environment,
    environmentReason: reason,
    dataDir: path.resolve(parsed.data.DATA_DIR),
    isProduction: environment === "production",
  };
  return cached;
}

/** Forget the cached environment (tests change process.env between cases). */
export function resetEnvCache(): void {
  cached = undefined;
}
