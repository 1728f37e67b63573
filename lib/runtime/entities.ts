import { getTableColumns, sql, type SQL } from "drizzle-orm";
import { businesses, endUsers } from "../db/schema";
import { validationFailed, type FieldError } from "../errors";

type Data = Record<string, unknown>;

/**
 * What the entity columns can store. A text field is at most `TEXT_MAX` characters; `companyName` is in a
 * btree index with the project id, whose entries hold at most ~2,700 bytes (a character is up to 4 bytes in
 * UTF-8, hence 500); `businessPurpose` is free text. Integers are PostgreSQL `integer`s and dates `timestamptz`
 * in the years 1 to 9999 (what `Date#toISOString` writes and PostgreSQL reads). `additionalInfo.mainRepresentative.email`
 * is trigram-indexed from the runtime's context (migration 0003), so its text is bounded too: indexing 900 KB
 * there holds the write for over a second.
 */
export const ENTITY_LIMITS = { TEXT_MAX: 1000, COMPANY_NAME_MAX: 500, BUSINESS_PURPOSE_MAX: 10_000, INT_MIN: -2_147_483_648, INT_MAX: 2_147_483_647 } as const;

const DATA_POINTER = "/context/entity/data";
const REPRESENTATIVE_EMAIL = ["additionalInfo", "mainRepresentative", "email"];

/** Reads `entity.data` fields as column values, collecting every value a column cannot store. */
class EntityData {
  readonly errors: FieldError[] = [];
  constructor(private readonly data: Data) {}

  /** A string (numbers and other values as their text, as before), at most `max` characters. */
  text(key: string, max: number = ENTITY_LIMITS.TEXT_MAX): string | null {
    const v = this.data[key];
    const s = typeof v === "string" ? v : v === undefined || v === null ? null : String(v);
    if (s !== null && s.length > max) this.fail(key, `must be at most ${max} characters (got ${s.length})`);
    return s;
  }

  /** An integer, or digits as a string; other values are not stored (null), as before. */
  int(key: string): number | null {
    const v = this.data[key];
    const n = typeof v === "number" && Number.isInteger(v) ? v : typeof v === "string" && /^\d+$/.test(v) ? Number(v) : null;
    if (n === null) return null;
    if (n < ENTITY_LIMITS.INT_MIN || n > ENTITY_LIMITS.INT_MAX) {
      this.fail(key, `must be a whole number from ${ENTITY_LIMITS.INT_MIN} to ${ENTITY_LIMITS.INT_MAX} (got ${String(v).slice(0, 40)})`);
      return null;
    }
    return n;
  }

  /** Bound the text PostgreSQL will index at a nested path (`#>>`: a string, or another value's JSON text). */
  indexedText(path: string[], max: number = ENTITY_LIMITS.TEXT_MAX): void {
    let v: unknown = this.data;
    for (const key of path) v = v !== null && typeof v === "object" && !Array.isArray(v) ? (v as Data)[key] : undefined;
    if (v === undefined || v === null) return;
    const text = typeof v === "string" ? v : JSON.stringify(v);
    if (text.length > max) this.fail(path.join("/"), `must be at most ${max} characters (got ${text.length})`);
  }

  date(key: string): Date | null {
    const v = this.data[key];
    if (v === undefined || v === null || v === "") return null;
    const d = new Date(String(v));
    if (Number.isNaN(d.getTime())) this.fail(key, "must be an ISO 8601 date, e.g. 2015-03-02");
    else if (d.getUTCFullYear() < 1 || d.getUTCFullYear() > 9999) this.fail(key, "must be a date from 0001-01-01 to 9999-12-31");
    else return d;
    return null;
  }

  /** `key`: a key of `data`, or keys joined by "/" (all fixed names here, so nothing needs JSON-pointer escaping). */
  private fail(key: string, message: string): void {
    this.errors.push({ path: `${DATA_POINTER}/${key}`, message });
  }
}

/** A run's subject as its statement upserts it: the type, the caller's id, and the column values by column name. */
export interface EntityRow {
  type: "business" | "individual";
  correlationId: string;
  values: Record<string, unknown>;
}

/**
 * The row a run finds or creates for its subject, by the caller's id (`entity.id`, our correlation id), with its
 * stored fields refreshed from `entity.data` and the run's documents. Data its columns cannot store (see
 * `ENTITY_LIMITS`) throws 422 `validation_failed` listing every field, before anything is written.
 */
export function entityRow(entity: { id: string; type: "business" | "individual"; data?: Data }, documents: unknown[]): EntityRow {
  const d = entity.data ?? {};
  const data = new EntityData(d);
  const business = entity.type === "business";
  const fields = { ...(business ? businessFields(data, d) : individualFields(data, d)), ...commonFields(data, d, documents) };
  data.indexedText(REPRESENTATIVE_EMAIL);
  assertStorable(data);
  return { type: entity.type, correlationId: entity.id, values: columnValues(business ? businesses : endUsers, fields) };
}

/**
 * Contract: the CTEs `entity_b`, `entity_u` and `entity (id, correlation_id, entity_type)` of a run statement: each
 * subject found or created by the caller's id within the project, its fields refreshed (`insert … on conflict do
 * update … returning`). Which table a row goes to says its type; `entity.id` is the service's own id
 * (`serviceEntityId`). A subject named by several rows is written once, with the last row's data (as runs one after
 * the other would leave it), and subjects are written in the order of their ids, so two statements that share
 * subjects lock them in one order. The rows travel as one JSON parameter per table (fixed text). Nothing is
 * written when the statement's `gate` is closed (`runsGate`).
 */
export function entitiesUpsert(projectId: string, rows: EntityRow[], gate: SQL): SQL {
  const last = [...new Map(rows.map((r) => [`${r.type}/${r.correlationId}`, r])).values()];
  const of = (type: EntityRow["type"]) => JSON.stringify(last.filter((r) => r.type === type).map((r) => ({ ...r.values, correlation_id: r.correlationId })));
  return sql`entity_b as (${upsert("businesses", BUSINESS_COLUMNS, projectId, of("business"), gate)}),
    entity_u as (${upsert("end_users", INDIVIDUAL_COLUMNS, projectId, of("individual"), gate)}),
    entity as (select id, correlation_id, 'business'::text as entity_type from entity_b
      union all select id, correlation_id, 'individual'::text from entity_u)`;
}

/** The columns both entity types have, read from `entity.data`, and the run's documents. */
function commonFields(data: EntityData, d: Data, documents: unknown[]) {
  return {
    approvalState: data.text("approvalState") ?? "NEW",
    additionalInfo: (d.additionalInfo as Data | undefined) ?? null,
    documents,
  };
}

/** The columns only a business has, read from `entity.data` (each read records a field out of range). */
function businessFields(data: EntityData, d: Data) {
  return {
    companyName: data.text("companyName", ENTITY_LIMITS.COMPANY_NAME_MAX) ?? "",
    registrationNumber: data.text("registrationNumber"),
    legalForm: data.text("legalForm"),
    country: data.text("country"),
    countryOfIncorporation: data.text("countryOfIncorporation"),
    dateOfIncorporation: data.date("dateOfIncorporation"),
    address: d.address ?? null,
    phoneNumber: data.text("phoneNumber"),
    email: data.text("email"),
    website: data.text("website"),
    industry: data.text("industry"),
    taxIdentificationNumber: data.text("taxIdentificationNumber"),
    vatNumber: data.text("vatNumber"),
    numberOfEmployees: data.int("numberOfEmployees"),
    businessPurpose: data.text("businessPurpose", ENTITY_LIMITS.BUSINESS_PURPOSE_MAX),
    businessType: data.text("businessType"),
    shareholderStructure: d.shareholderStructure ?? null,
  };
}

/** The columns only an individual has, read from `entity.data`. */
function individualFields(data: EntityData, d: Data) {
  return {
    firstName: data.text("firstName"),
    lastName: data.text("lastName"),
    email: data.text("email"),
    phone: data.text(d.phone !== undefined && d.phone !== null ? "phone" : "phoneNumber"),
    dateOfBirth: data.text("dateOfBirth"),
    country: data.text("country"),
    nationality: data.text("nationality"),
    address: d.address ?? null,
  };
}

function assertStorable(data: EntityData): void {
  const n = data.errors.length;
  if (n) throw validationFailed(`The entity data cannot be stored: ${n} field${n === 1 ? "" : "s"} out of range; see errors.`, data.errors);
}

/** The columns a run writes of each entity table, the same for every row (so the statement text is fixed). */
const BUSINESS_COLUMNS = Object.keys(columnValues(businesses, { ...businessFields(new EntityData({}), {}), ...commonFields(new EntityData({}), {}, []) }));
const INDIVIDUAL_COLUMNS = Object.keys(columnValues(endUsers, { ...individualFields(new EntityData({}), {}), ...commonFields(new EntityData({}), {}, []) }));

/** Field values keyed by their column names, as JSON: dates as ISO text, JSON columns as they are. */
function columnValues(table: typeof businesses | typeof endUsers, fields: Record<string, unknown>): Record<string, unknown> {
  const columns = getTableColumns(table) as Record<string, { name: string }>;
  return Object.fromEntries(Object.entries(fields).map(([key, value]) => [columns[key].name, value instanceof Date ? value.toISOString() : value]));
}

function upsert(table: "businesses" | "end_users", columns: string[], projectId: string, json: string, gate: SQL): SQL {
  const names = columns.map((c) => `"${c}"`).join(", ");
  const values = columns.map((c) => `p."${c}"`).join(", ");
  const refresh = [...columns, "updated_at"].map((c) => `"${c}" = excluded."${c}"`).join(", ");
  return sql`insert into ${sql.raw(table)} (project_id, correlation_id, ${sql.raw(names)}, updated_at)
    select ${projectId}::text, p.correlation_id, ${sql.raw(values)}, now()
    from jsonb_populate_recordset(null::${sql.raw(table)}, ${json}::jsonb) as p
    where ${gate}
    order by p.correlation_id
    on conflict (project_id, correlation_id) do update set ${sql.raw(refresh)}
    returning id, correlation_id`;
}
