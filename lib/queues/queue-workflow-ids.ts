import type { FilterQuery } from "../filters";

/**
 * The workflow definition ids a queue's filter selects, from `where.workflowDefinitionId`: a bare id,
 * `{ equals }` or `{ in: [...] }`. The first one is the queue's workflow for Add Case; `[]` when the filter
 * does not name one.
 *
 * @example
 * queueWorkflowIds({ where: { workflowDefinitionId: { in: ["kyb_manual_review_example"] } } }) // ["kyb_manual_review_example"]
 */
export function queueWorkflowIds(query: FilterQuery): string[] {
  const condition = query.where?.workflowDefinitionId;
  if (typeof condition === "string") return [condition];
  if (typeof condition !== "object" || condition === null) return [];
  const ops = condition as { equals?: unknown; in?: unknown };
  if (typeof ops.equals === "string") return [ops.equals];
  if (Array.isArray(ops.in)) return ops.in.filter((v): v is string => typeof v === "string");
  return [];
}
