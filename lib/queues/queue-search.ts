import { sql, type SQL } from "drizzle-orm";
import type { FilterEntity } from "../filters";

const UUID_RE = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * The queue search as alternatives over the runtime alias `r` (a case matches when one holds), each readable
 * from an index on its own: a case-insensitive substring of the subject's name, e-mail, registration number or
 * entity id (trigram index over the subject, migration 0003); when the query contains "@", of the main
 * representative's e-mail (`context.entity.data.additionalInfo.mainRepresentative.email`, the only e-mail the
 * Add Case form asks for; its own trigram index); a full runtime id matches that case. Pass them to
 * `runFilterQuery`'s `anyOf`, which plans each alone: joined by OR they would be checked case by case.
 *
 * @example
 * searchAlternatives("businesses", "ops@acme.example", "default") // [subject matches, representative e-mail matches]
 */
export function searchAlternatives(entity: FilterEntity, q: string, projectId: string): SQL[] {
  const needle = q.slice(0, 200).toLowerCase();
  const subject =
    entity === "businesses"
      ? sql`lower(coalesce(s.company_name, '') || ' ' || coalesce(s.email, '') || ' ' || coalesce(s.registration_number, '') || ' ' || s.correlation_id)`
      : sql`lower(coalesce(s.first_name, '') || ' ' || coalesce(s.last_name, '') || ' ' || coalesce(s.email, '') || ' ' || s.correlation_id)`;
  const table = entity === "businesses" ? sql`businesses` : sql`end_users`;
  const column = entity === "businesses" ? sql`r.business_id` : sql`r.end_user_id`;
  const alternatives = [sql`${column} in (select s.id from ${table} s where s.project_id = ${projectId} and ${contains(subject, needle)})`];
  if (needle.includes("@")) {
    alternatives.push(sql`${contains(sql`lower(r.context #>> '{entity,data,additionalInfo,mainRepresentative,email}')`, needle)}`);
  }
  if (UUID_RE.test(q)) alternatives.push(sql`r.id = ${q}::uuid`);
  return alternatives;
}

/** The whole search as one predicate (for a statement that reads every match anyway, such as a bulk selection). */
export function searchCondition(entity: FilterEntity, q: string, projectId: string): SQL {
  return sql`(${sql.join(searchAlternatives(entity, q, projectId), sql` or `)})`;
}

/**
 * `text` contains `needle` (both lower case), as a LIKE the trigram index on `text` answers. For an e-mail the
 * index is asked only for the part up to the "@": the domain is shared by many cases (a few mail providers, a
 * company's own domain), so its trigrams select nothing and each one costs a read of a posting list as long as
 * the table (at 1,000,000 cases "ops4242@example.com" took 120–160 ms, "ops4242@" 13 ms); the whole needle is
 * then checked on the rows the index returns.
 */
function contains(text: SQL, needle: string): SQL {
  const at = needle.indexOf("@");
  const indexed = at >= 2 && at < needle.length - 1 ? needle.slice(0, at + 1) : needle;
  const like = sql`${text} like ${`%${indexed.replace(/[\\%_]/g, "\\$&")}%`}::text`;
  // strpos, not a second LIKE: the planner would hand a second LIKE to the index as well.
  return indexed === needle ? like : sql`${like} and strpos(${text}, ${needle}::text) > 0`;
}
