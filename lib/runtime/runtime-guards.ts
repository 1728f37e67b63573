import type { WorkflowRuntime } from "../db/schema";
import { AppError } from "../errors";

/**
 * 412 `version_conflict` when the caller sent `If-Match` (`expected`) and the runtime has moved on since:
 * a write made on a stale read is refused and stores nothing. No check without `expected`.
 */
export function assertExpectedVersion(runtime: WorkflowRuntime, expected: number | undefined): void {
  if (expected === undefined || runtime.version === expected) return;
  throw new AppError("version_conflict", `The runtime is at version ${runtime.version}, not ${expected}: it changed since you read it. Reload it and try again.`);
}

/** 409 `runtime_not_active` for a completed, failed or canceled runtime: its case can no longer change. */
export function assertRuntimeActive(runtime: WorkflowRuntime): void {
  if (runtime.status === "active") return;
  throw new AppError("runtime_not_active", `The runtime is ${runtime.status} (state '${runtime.state}'); its context and documents can no longer change.`);
}
