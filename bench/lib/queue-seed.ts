import { sql } from "drizzle-orm";
import type { Db } from "../../lib/db/client";
import { rowsOf } from "../../lib/db/rows";

/**
 * `cases` businesses and one runtime each in project `projectId`, in two INSERT … SELECT statements over
 * generate_series. Case g: "Company <g> Ltd", e-mail ops<g>@example.com, entity id corr-<g>, main representative
 * rep<g>@example.org, created g seconds ago; a quarter each in manual_review (active, tagged, with the review
 * deadline of the deadlines example: due 48 h after creation, warned 12 h before), auto_approve and auto_reject
 * (completed) and check_business_details (active, no deadline). The two tables' secondary indexes are dropped
 * for the load and built again from their own definitions (a bulk build is several times faster than updating
 * GIN trigram indexes row by row); then vacuum and analyze, as autovacuum would leave a table at rest.
 */
export async function seedQueueCases(db: Db, projectId: string, workflowId: string, cases: number): Promise<void> {
  const indexes = rowsOf<{ name: string; definition: string }>(
    await db.execute(sql`
      select i.indexname as name, i.indexdef as definition from pg_indexes i
      join pg_class c on c.relname = i.indexname join pg_index x on x.indexrelid = c.oid
      where i.schemaname = current_schema() and i.tablename in ('businesses', 'workflow_runtimes') and not x.indisunique`),
  );
  for (const index of indexes) await db.execute(sql`drop index ${sql.identifier(index.name)}`);
  await db.execute(sql`
    insert into businesses (id, project_id, correlation_id, company_name, email, registration_number)
    select md5('b' || g)::uuid, ${projectId}, 'corr-' || g, 'Company ' || g || ' Ltd', 'ops' || g || '@example.com', 'REG' || g
    from generate_series(1, ${cases}::int) g`);
  await db.execute(sql`
    insert into workflow_runtimes (project_id, workflow_definition_id, workflow_definition_version, business_id, state, status, tags, context, created_at, due_at, due_warn_at)
    select ${projectId}, ${workflowId}, 1, md5('b' || g)::uuid,
           (array['manual_review','auto_approve','auto_reject','check_business_details'])[1 + g % 4],
           case when g % 4 in (1, 2) then 'completed' else 'active' end,
           case when g % 4 = 0 then array['manual_review'] else array[]::text[] end,
           jsonb_build_object('entity', jsonb_build_object('id', 'corr-' || g, 'data', jsonb_build_object('companyName', 'Company ' || g || ' Ltd',
             'additionalInfo', jsonb_build_object('mainRepresentative', jsonb_build_object('firstName', 'Rep', 'lastName', 'R' || g, 'email', 'rep' || g || '@example.org'))))),
           t.created_at,
           case when g % 4 = 0 then t.created_at + interval '48 hours' end,
           case when g % 4 = 0 then t.created_at + interval '36 hours' end
    from generate_series(1, ${cases}::int) g, lateral (select now() - g * interval '1 second' as created_at) t`);
  for (const index of indexes) {
    await db.transaction(async (tx) => {
      await tx.execute(sql`set local maintenance_work_mem = '256MB'`);
      await tx.execute(sql.raw(index.definition));
    });
  }
  await db.execute(sql`vacuum analyze businesses`);
  await db.execute(sql`vacuum analyze workflow_runtimes`);
}
