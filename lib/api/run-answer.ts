import type { StartRunResult } from "../runtime/start-run";
import type { IdempotentResult } from "./http/idempotency";

/** The idempotency scope of a run's key: `POST /workflows/run`, and each item of `POST /workflows/run-batch`. */
export const RUN_IDEMPOTENCY_SCOPE = "POST /workflows/run";

/** A run's answer: 201 with the definition, runtime and entity ids. */
export function runCreated(run: StartRunResult): IdempotentResult {
  const { workflowDefinitionId, workflowRuntimeId, serviceEntityId } = run;
  return { status: 201, body: { workflowDefinitionId, workflowRuntimeId, serviceEntityId } };
}
