import { z } from "zod";
import { configSubscriptionSchema } from "../../webhooks/config-subscriptions";
import { INT4_MAX, jsonObject } from "./common";

/** A document in `context.documents` (spec "Document object"); extra properties are kept. */
export const documentSchema = z.looseObject({
  id: z.string().max(200).optional().describe("Assigned by the service when absent."),
  category: z.string().max(200).optional(),
  type: z.string().max(200).optional(),
  issuer: z.looseObject({ country: z.string().max(10).optional() }).optional(),
  pages: z
    .array(
      z.looseObject({
        provider: z.string().max(50).optional().describe("`http` in the examples."),
        uri: z.string().max(4000).optional(),
        type: z.string().max(50).optional().describe("File type such as pdf, jpg."),
        metadata: z.looseObject({ side: z.string().optional(), pageNumber: z.union([z.number(), z.string()]).optional() }).optional(),
      }),
    )
    .max(200)
    .optional(),
  properties: jsonObject().optional(),
  version: z.union([z.string(), z.number()]).optional(),
  issuingVersion: z.number().optional(),
});

/**
 * System webhook subscription (`config.subscriptions[]`) on definitions and run requests: the webhooks
 * module's schema (known event names, http(s) URLs), strict here so typos in its keys are refused.
 */
export const subscriptionSchema = configSubscriptionSchema.strict();

export const workflowConfigSchema = z.strictObject({
  subscriptions: z.array(subscriptionSchema).max(20).optional(),
});

/** `context.entity`: the caller's business or individual. */
export const entitySchema = z.looseObject({
  id: z.string().min(1).max(200).describe("The entity's id in the caller's system (becomes correlationId)."),
  type: z.enum(["business", "individual"]),
  data: jsonObject()
    .optional()
    .describe(
      "Entity data, e.g. companyName, registrationNumber, country, additionalInfo. The fields stored as columns must fit them: text at most 1,000 characters (companyName 500, businessPurpose 10,000), numberOfEmployees a 32-bit integer, dateOfIncorporation in the years 1 to 9999; otherwise 422.",
    ),
});

/**
 * Body of `POST /workflows/run`. Strict at the top level, so server-owned fields (state, status, version,
 * projectId, ...) are refused with 422 rather than silently dropped; `context` keeps workflow-specific keys.
 */
export const runRequestSchema = z.strictObject({
  workflowId: z.string().min(1).max(200).describe("The workflow definition id."),
  workflowVersion: z.int().min(1).max(INT4_MAX).optional().describe("Pin a definition version; default: the latest."),
  context: z
    .object({
      entity: entitySchema,
      documents: z.array(documentSchema).max(200).optional(),
    })
    .catchall(z.unknown())
    .describe("Initial workflow context: entity, documents and any workflow-specific keys."),
  config: workflowConfigSchema.optional(),
});

export type RunRequest = z.output<typeof runRequestSchema>;
export type WorkflowConfig = z.output<typeof workflowConfigSchema>;
