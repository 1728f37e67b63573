import { sql, type SQL } from "drizzle-orm";
import type { Db } from "../db/client";
import { rowsOf } from "../db/rows";
import { compileFilterQuery, type CompiledFilter } from "./compile-filter-query";
import { decodeCursor, encodeCursor, type FilterOrder } from "./cursor";
import type { FilterEntity, FilterQuery } from "./types";

export interface RunFilterOptions {
  /** Page size, 1..500 (default 20). */
  limit?: number;
  /** `nextCursor` of the previous page (keyset pagination; preferred). */
  cursor?: string;
  /** Rows to skip when no cursor is given (page numbers in the backoffice). */
  offset?: number;
  /** createdAt: newest first (index-backed); companyName: A to Z (individuals: by full name); dueAt: soonest deadline first, cases without one last. */
  orderBy?: FilterOrder;
  /** Case-insensitive match on the entity's name, e-mail, registration number or correlation id, or a runtime id. */
  search?: string;
  /** An extra predicate over the aliases r and b (businesses) or e (individuals), e.g. `sql\`r.assignee_id = ${userId}::uuid\``. */
  extraWhere?: SQL;
  /**
   * Alternatives over the same aliases: a case matches when at least one holds (with `extraWhere` and the rest).
   * Each alternative gets a page of its own, planned on its own, and the pages are merged: an OR between two
   * index-backed predicates would leave the planner only a filter over every case of the project.
   */
  anyOf?: SQL[];
}

export interface FilterPage {
  data: Record<string, unknown>[];
  nextCursor: string | null;
}

const UUID_RE = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * Run a filter: the project's cases of the filter's entity matching `where`, shaped by `select`, one page.
 * Always scoped to `projectId`; every value is a bound parameter. Throws 422 for an invalid filter or cursor.
 *
 * @example
 * const page = await runFilterQuery(db, "default", { entity: "businesses", query: { where: { state: "manual_review" } } }, { limit: 50 });
 * // { data: [{ id, state, status, ... }], nextCursor: "WyJjcmVh..." | null }
 */
export async function runFilterQuery(
  db: Db,
  projectId: string,
  filter: { entity: FilterEntity | string; query: FilterQuery | unknown },
  options: RunFilterOptions = {},
): Promise<FilterPage> {
  const compiled = compileFilterQuery(filter.entity, filter.query);
  const orderBy = options.orderBy ?? "createdAt";
  const limit = Math.min(Math.max(Math.trunc(options.limit ?? 20), 1), 500);
  const orderKey = orderKeyOf(compiled.entity, orderBy);
  const conditions: SQL[] = [sql`r.project_id = ${projectId}`];
  if (compiled.where) conditions.push(compiled.where);
  if (options.search) conditions.push(searchCondition(compiled.entity, options.search));
  if (options.extraWhere) conditions.push(sql`(${options.extraWhere})`);
  if (options.cursor) {
    const cursor = decodeCursor(options.cursor, orderBy);
    conditions.push(
      orderBy === "createdAt"
        ? sql`(r.created_at, r.id) < (${cursor.key}::timestamp at time zone 'UTC', ${cursor.id}::uuid)`
        : orderBy === "dueAt"
          ? sql`(${orderKey.sql}, r.id) > (${cursor.key}::timestamp at time zone 'UTC', ${cursor.id}::uuid)`
          : sql`(${orderKey.sql}, r.id) > (${cursor.key}::text, ${cursor.id}::uuid)`,
    );
  }
  // Two stages: first the page of runtimes (joining the entity's table only when a condition or the order
  // needs it), then the selected relations for just those rows. The LIMIT subquery is never flattened, so the
  // planner cannot trade the index-backed page for a hash join over every business of the project.
  const anyOf = options.anyOf ?? [];
  const needsEntity = compiled.whereUses.size > 0 || !!options.search || !!options.extraWhere || anyOf.length > 0 || orderBy === "companyName";
  const entityScope = compiled.entity === "businesses" ? sql`r.business_id is not null` : sql`r.end_user_id is not null`;
  const offset = !options.cursor && options.offset ? Math.max(0, Math.trunc(options.offset)) : 0;
  const join = needsEntity ? entityJoin(compiled.entity) : sql``;
  const pageOf = (columns: SQL, where: SQL[], rows: number, skip: number) => sql`
      select ${columns} from workflow_runtimes r ${join}
      where ${sql.join(where, sql` and `)}
      order by ${orderKey.order}
      limit ${rows}${skip ? sql` offset ${skip}` : sql``}`;
  // With two or more alternatives: the first `offset + limit + 1` ids of each one's page, then the page of their union.
  const inner =
    anyOf.length < 2
      ? pageOf(sql`r.*`, [entityScope, ...conditions, ...anyOf.map((alt) => sql`(${alt})`)], limit + 1, offset)
      : pageOf(
          sql`r.*`,
          [sql`r.project_id = ${projectId}`, sql`r.id in (${sql.join(anyOf.map((alt) => sql`(${pageOf(sql`r.id`, [entityScope, ...conditions, sql`(${alt})`], offset + limit + 1, 0)})`), sql` union `)})`],
          limit + 1,
          offset,
        );
  const query = sql`
    select ${compiled.select.row} as "row", ${orderKey.cursor} as "cursorKey", r.id as "cursorId"
    from (${inner}) r
    ${relationJoins(compiled)}
    order by ${orderKey.order}`;
  const rows = rowsOf<{ row: unknown; cursorKey: string; cursorId: string }>(await db.execute(query));
  const page = rows.slice(0, limit);
  const last = page[page.length - 1];
  return {
    data: page.map((r) => (typeof r.row === "string" ? JSON.parse(r.row) : r.row) as Record<string, unknown>),
    nextCursor: rows.length > limit && last ? encodeCursor({ orderBy, key: String(last.cursorKey), id: String(last.cursorId) }) : null,
  };
}

/** The entity's own table: an inner join, since it defines which cases belong to the entity. */
export function entityJoin(entity: FilterEntity): SQL {
  return entity === "businesses"
    ? sql`join businesses b on b.id = r.business_id and b.project_id = r.project_id`
    : sql`join end_users e on e.id = r.end_user_id and e.project_id = r.project_id`;
}

/** Joins of the outer stage: the entity's table, plus assignee and definition only when selected. */
function relationJoins(compiled: CompiledFilter): SQL {
  const parts: SQL[] = [entityJoin(compiled.entity)];
  if (compiled.select.joins.has("u")) parts.push(sql`left join users u on u.id = r.assignee_id and u.project_id = r.project_id`);
  if (compiled.select.joins.has("d")) {
    parts.push(sql`left join workflow_definitions d on d.project_id = r.project_id and d.id = r.workflow_definition_id and d.version = r.workflow_definition_version`);
  }
  return sql.join(parts, sql` `);
}

function orderKeyOf(entity: FilterEntity, orderBy: FilterOrder): { sql: SQL; cursor: SQL; order: SQL } {
  if (orderBy === "createdAt") {
    return {
      sql: sql`r.created_at`,
      cursor: sql`to_char(r.created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US')`,
      order: sql`r.created_at desc nulls last, r.id desc nulls last`, // matches workflow_runtimes_created_idx
    };
  }
  if (orderBy === "dueAt") {
    const due = sql`coalesce(r.due_at, 'infinity'::timestamptz)`;
    return { sql: due, cursor: sql`coalesce(to_char(r.due_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US'), 'infinity')`, order: sql`${due} asc, r.id asc` };
  }
  const name = entity === "businesses" ? sql`b.company_name` : sql`concat_ws(' ', e.first_name, e.last_name)`;
  return { sql: name, cursor: name, order: sql`${name} asc, r.id asc` };
}

function searchCondition(entity: FilterEntity, search: string): SQL {
  const pattern = `%${search.slice(0, 200).replace(/[\\%_]/g, "\\$&")}%`;
  const fields =
    entity === "businesses"
      ? [sql`b.company_name`, sql`b.email`, sql`b.registration_number`, sql`b.correlation_id`]
      : [sql`concat_ws(' ', e.first_name, e.last_name)`, sql`e.email`, sql`e.correlation_id`];
  const matches = fields.map((f) => sql`${f} ilike ${pattern}::text`);
  if (UUID_RE.test(search)) matches.push(sql`r.id = ${search}::uuid`);
  return sql`(${sql.join(matches, sql` or `)})`;
}
