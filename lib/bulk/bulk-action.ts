/** The actions a bulk operation applies to each of its cases, each through the single action's own domain function. */
export const BULK_ACTIONS = ["send-event", "assign", "cancel"] as const;

export type BulkActionName = (typeof BULK_ACTIONS)[number];

/**
 * What a bulk operation does to every case: send an event (`sendEvent`), assign or unassign (`assignRuntime`, whose
 * rules apply per case: a `reason` is needed where a case leaves its assignee) or cancel (`cancelRuntime`).
 */
export type BulkAction =
  | { action: "send-event"; name: string; payload?: Record<string, unknown> }
  | { action: "assign"; userId: string | null; reason?: string }
  | { action: "cancel"; reason: string };

/** The cases a bulk operation covers: those a filter (queue) matches now, optionally narrowed, or a selection. */
export type BulkSource = { filterId: string } | { runtimeIds: string[] };

/** A stored operation's action, from its `action` and `params` columns. */
export function actionOf(row: { action: string; params: Record<string, unknown> }): BulkAction {
  return { ...row.params, action: row.action } as BulkAction;
}

/** The `params` column of an action: everything but its name. */
export function paramsOf(action: BulkAction): Record<string, unknown> {
  const { action: _name, ...params } = action;
  void _name;
  return params;
}
