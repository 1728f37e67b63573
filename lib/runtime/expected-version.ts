import type { WorkflowRuntime } from "../db/schema";
import { AppError } from "../errors";

/**
 * 412 `version_conflict` when the caller asked for a version (`If-Match`) and the locked runtime is at another:
 * the write is refused and nothing is stored. No check without an expected version.
 */
export function assertExpectedVersion(runtime: WorkflowRuntime, expectedVersion: number | undefined): void {
  if (expectedVersion === undefined || runtime.version === expectedVersion) return;
  throw new AppError("version_conflict", `The runtime is at version ${runtime.version}, not ${expectedVersion}: it changed since you read it. Reload it and decide again.`);
}
