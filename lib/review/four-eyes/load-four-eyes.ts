import type { CompiledWorkflow } from "../../engine";
import type { Db } from "../../db/client";
import type { WorkflowRuntime } from "../../db/schema";
import { currentStateVotes } from "../../runtime/state-votes";
import type { FourEyes } from "./ballot";
import { loadVoterFacts } from "./voter-facts";

/**
 * The four-eyes state of an active runtime as `userId` finds it (rule, votes of this visit, whether they are in its
 * teams and authored the case); null when the current state has no `meta.review` or the runtime is not active.
 * In a decision, read it under the step's row lock (`stepReading`).
 */
export async function loadFourEyes(db: Db, runtime: WorkflowRuntime, compiled: CompiledWorkflow, userId: string): Promise<FourEyes | null> {
  const rule = compiled.states.get(runtime.state)?.review;
  if (!rule || runtime.status !== "active") return null;
  const { visit, votes } = await currentStateVotes(db, runtime.projectId, runtime.id, runtime.state);
  const voter = await loadVoterFacts(db, { projectId: runtime.projectId, runtimeId: runtime.id, userId, teams: rule.teams });
  return { state: runtime.state, rule, visit, votes, voter };
}
