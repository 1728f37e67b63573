import { z } from "zod";

export const QUEUE_PAGE_SIZE = 50;

const UUID_RE = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const first = (v: unknown) => (Array.isArray(v) ? v[0] : v);
const text = (max: number) => z.preprocess(first, z.string().trim().max(max).optional().catch(undefined));

/**
 * A queue page's URL query. Unknown or malformed values fall back to the defaults rather than failing the
 * page: `sort` created|name|due, `assignee` me|unassigned|<user id>, `state`, `status`, `due` overdue, `q` (search), `cursor`
 * (keyset position) and `trail` (the cursors of the pages before, `~`-separated, for "Previous").
 */
export const queueParamsSchema = z.object({
  q: text(200),
  sort: z.preprocess(first, z.enum(["created", "name", "due"]).catch("created")).default("created"),
  assignee: z.preprocess(first, z.string().refine((v) => v === "me" || v === "unassigned" || UUID_RE.test(v)).optional().catch(undefined)),
  state: text(200),
  status: z.preprocess(first, z.enum(["active", "completed", "failed", "canceled"]).optional().catch(undefined)),
  due: z.preprocess(first, z.enum(["overdue"]).optional().catch(undefined)),
  cursor: text(2000),
  trail: text(40_000),
});

export type QueueParams = z.infer<typeof queueParamsSchema>;

/** Parse Next's `searchParams` into queue parameters (never throws). */
export function parseQueueParams(searchParams: Record<string, string | string[] | undefined>): QueueParams {
  return queueParamsSchema.parse(searchParams);
}

/** The URL query for `params` with `changes` applied (empty values removed). */
export function queueHref(filterId: string, params: QueueParams, changes: Partial<Record<keyof QueueParams, string | undefined>>): string {
  const merged: Record<string, string | undefined> = { ...params, ...changes };
  const query = new URLSearchParams();
  for (const [key, value] of Object.entries(merged)) {
    if (value && !(key === "sort" && value === "created")) query.set(key, value);
  }
  const qs = query.toString();
  return `/queues/${encodeURIComponent(filterId)}${qs ? `?${qs}` : ""}`;
}
