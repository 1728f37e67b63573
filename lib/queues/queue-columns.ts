import type { FilterEntity, FilterQuery } from "../filters";

/** How a queue cell renders. */
export type ColumnKind = "state" | "due" | "status" | "tags" | "assignee" | "date" | "outcome" | "workflow" | "reason" | "text";

export interface QueueColumn {
  key: string;
  label: string;
  kind: ColumnKind;
  /** For `date`: the row field; for `text`: the entity field. */
  field?: string;
}

/** Selected when a filter has no `select` (mirrors lib/filters DEFAULT_SELECT). */
const DEFAULT_KEYS = ["id", "state", "status", "tags", "assigneeId", "workflowDefinitionId", "manualReviewReason", "workflowFinalState", "createdAt", "updatedAt"];

const RUNTIME_COLUMNS: Record<string, QueueColumn | null> = {
  state: { key: "state", label: "State", kind: "state" },
  status: { key: "status", label: "Status", kind: "status" },
  tags: { key: "tags", label: "Tags", kind: "tags" },
  assigneeId: { key: "assignee", label: "Assignee", kind: "assignee" },
  assignee: { key: "assignee", label: "Assignee", kind: "assignee" },
  manualReviewReason: { key: "reason", label: "Review reason", kind: "reason" },
  workflowFinalState: { key: "outcome", label: "Outcome", kind: "outcome" },
  workflowDefinitionId: { key: "workflow", label: "Workflow", kind: "workflow" },
  workflowDefinitionVersion: { key: "workflow", label: "Workflow", kind: "workflow" },
  workflowDefinition: { key: "workflow", label: "Workflow", kind: "workflow" },
  createdAt: { key: "createdAt", label: "Created", kind: "date", field: "createdAt" },
  updatedAt: { key: "updatedAt", label: "Updated", kind: "date", field: "updatedAt" },
  resolvedAt: { key: "resolvedAt", label: "Resolved", kind: "date", field: "resolvedAt" },
  assignedAt: { key: "assignedAt", label: "Assigned", kind: "date", field: "assignedAt" },
  // Shown by the name column (a link to the case), the Due column, or too heavy for a list: no column of their own.
  id: null,
  dueAt: null,
  dueWarnAt: null,
  context: null,
  version: null,
  businessId: null,
  endUserId: null,
  parentRuntimeId: null,
  childWorkflowsRuntimeData: null,
};

/** Entity fields that never get a column: shown by the name column, or objects that do not fit a cell. */
const ENTITY_SKIP = new Set(["id", "companyName", "firstName", "lastName", "correlationId", "documents", "address", "shareholderStructure", "additionalInfo"]);
const ENTITY_DEFAULTS: Record<FilterEntity, string[]> = { businesses: ["registrationNumber", "countryOfIncorporation"], individuals: ["email", "country"] };

/** `countryOfIncorporation` → `Country of incorporation`. */
export function humanize(key: string): string {
  const words = key.replace(/([a-z0-9])([A-Z])/g, "$1 $2").replace(/_/g, " ").toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/** Column order: stored filters are jsonb, which does not keep key order, so columns get a fixed order. */
const RANK: Record<string, number> = { state: 0, due: 1, reason: 2, status: 3, outcome: 4, assignee: 5, tags: 6, entity: 7, workflow: 8, createdAt: 9, updatedAt: 10, assignedAt: 11, resolvedAt: 12 };

/** Every queue shows its cases' review deadlines (`meta.sla`), whatever its filter selects. */
const DUE_COLUMN: QueueColumn = { key: "due", label: "Due", kind: "due" };
const rankOf = (c: QueueColumn) => RANK[c.key.startsWith("entity.") ? "entity" : c.key] ?? 99;

/**
 * The queue's columns: Due, and one per field the filter's `select` names (the name column, a link to the case,
 * is always first and not listed here), in a fixed order. The entity relation adds one text column per selected field.
 *
 * @example
 * queueColumns("businesses", { select: { state: true, business: { select: { registrationNumber: true } } } })
 * // [{ key: "state", kind: "state" }, { key: "due", kind: "due" }, { key: "entity.registrationNumber", kind: "text", field: "registrationNumber" }]
 */
export function queueColumns(entity: FilterEntity, query: FilterQuery): QueueColumn[] {
  const select = query.select && Object.keys(query.select).length ? query.select : Object.fromEntries(DEFAULT_KEYS.map((k) => [k, true]));
  const columns: QueueColumn[] = [DUE_COLUMN];
  const seen = new Set<string>([DUE_COLUMN.key]);
  const add = (c: QueueColumn) => {
    if (!seen.has(c.key)) columns.push(c);
    seen.add(c.key);
  };
  for (const [key, value] of Object.entries(select)) {
    if (value === false) continue;
    if (key === "business" || key === "endUser") {
      for (const field of entityFields(entity, value)) add({ key: `entity.${field}`, label: humanize(field), kind: "text", field });
      continue;
    }
    const column = RUNTIME_COLUMNS[key];
    if (column) add(column);
  }
  return columns.map((c, i) => ({ c, i })).sort((a, b) => rankOf(a.c) - rankOf(b.c) || a.i - b.i).map(({ c }) => c);
}

/** The entity fields the queue shows as columns (a chosen subset for `true`). */
export function entityFields(entity: FilterEntity, value: unknown): string[] {
  const inner = typeof value === "object" && value !== null ? (value as { select?: Record<string, unknown> }).select : undefined;
  const chosen = inner ? Object.keys(inner).filter((k) => inner[k] === true) : value === true ? ENTITY_DEFAULTS[entity] : [];
  return chosen.filter((f) => !ENTITY_SKIP.has(f));
}
