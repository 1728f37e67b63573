import { z } from "zod";
import { jsonObject } from "./common";

/** Body of `GET /api/health` (200 and 503). */
export const healthResponseSchema = z.object({
  status: z.enum(["ok", "unavailable"]),
  database: z.enum(["pglite", "postgres"]),
  version: z.string().describe("The service version."),
});

const readinessCheck = z.object({
  ok: z.boolean(),
  detail: z.string().optional().describe("Why the check failed (only in the 503's problem `errors`, as its message)."),
});

/** Body of `GET /api/health/ready` when ready (200); not ready is a 503 problem `not_ready`. */
export const readinessResponseSchema = z.object({
  status: z.literal("ready"),
  checks: z.object({
    boot: readinessCheck.extend({ phase: z.enum(["starting", "ready", "failed", "stopping"]).describe("Start-up: migrations, seeding, worker start.") }),
    database: readinessCheck.extend({ kind: z.enum(["pglite", "postgres"]).optional(), latencyMs: z.number().int().optional().describe("Time `select 1` took.") }),
    worker: readinessCheck.extend({
      inProcess: z.boolean().describe("Whether this process runs a job worker (`RUN_WORKER`)."),
      sinceLastPollMs: z.number().int().optional().describe("Milliseconds since its loop last polled for jobs."),
      processes: z
        .array(z.object({ pid: z.number().int().nullable(), sinceLastPollMs: z.number().int().optional(), restarts: z.number().int() }))
        .optional()
        .describe("The worker processes `npm start` runs beside this server (`WORKER_PROCESSES`): each one's last poll and restarts."),
    }),
  }),
});

/** Body of `GET /api/v1/openapi.json`: an OpenAPI 3.1 document (its full schema is the OpenAPI specification's). */
export const openApiDocumentSchema = z.looseObject({
  openapi: z.string().regex(/^3\.1\.\d+$/),
  info: z.looseObject({ title: z.string(), version: z.string() }),
  paths: jsonObject(),
  components: jsonObject(),
});

