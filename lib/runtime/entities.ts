import { sql, type SQL } from "drizzle-orm";
import { insertValues } from "../db/raw-sql";
import { businesses, endUsers } from "../db/schema";
import { validationFailed } from "../api/errors";

type Data = Record<string, unknown>;

const str = (v: unknown) => (typeof v === "string" ? v : v === undefined || v === null ? null : String(v));
const int = (v: unknown) => (typeof v === "number" && Number.isInteger(v) ? v : typeof v === "string" && /^\d+$/.test(v) ? Number(v) : null);

function date(v: unknown, path: string): Date | null {
  if (v === undefined || v === null || v === "") return null;
  const d = new Date(String(v));
  if (Number.isNaN(d.getTime())) throw validationFailed("The entity data is invalid.", [{ path, message: "must be an ISO 8601 date, e.g. 2015-03-02" }]);
  return d;
}

/**
 * Find or create the case's subject by the caller's id (`entity.id`, our correlation id) within the project,
 * refreshing its stored fields from `entity.data`: an `insert … on conflict do update … returning id`
 * statement, meant as the first CTE of the run statement. Which table it writes says the entity type; the
 * returned `id` is the service's own id (`serviceEntityId`). Invalid data throws 422 before anything is written.
 */
export function entityUpsert(projectId: string, entity: { id: string; type: "business" | "individual"; data?: Data }, documents: unknown[]): SQL {
  const d = entity.data ?? {};
  if (entity.type === "business") {
    const fields = {
      companyName: str(d.companyName) ?? "",
      registrationNumber: str(d.registrationNumber),
      legalForm: str(d.legalForm),
      country: str(d.country),
      countryOfIncorporation: str(d.countryOfIncorporation),
      dateOfIncorporation: date(d.dateOfIncorporation, "/context/entity/data/dateOfIncorporation"),
      address: d.address ?? null,
      phoneNumber: str(d.phoneNumber),
      email: str(d.email),
      website: str(d.website),
      industry: str(d.industry),
      taxIdentificationNumber: str(d.taxIdentificationNumber),
      vatNumber: str(d.vatNumber),
      numberOfEmployees: int(d.numberOfEmployees),
      businessPurpose: str(d.businessPurpose),
      businessType: str(d.businessType),
      approvalState: str(d.approvalState) ?? "NEW",
      shareholderStructure: d.shareholderStructure ?? null,
      additionalInfo: (d.additionalInfo as Data | undefined) ?? null,
      documents,
      updatedAt: sql`now()`,
    };
    return upsert(businesses, "businesses", { projectId, correlationId: entity.id, ...fields });
  }
  const fields = {
    firstName: str(d.firstName),
    lastName: str(d.lastName),
    email: str(d.email),
    phone: str(d.phone ?? d.phoneNumber),
    dateOfBirth: str(d.dateOfBirth),
    country: str(d.country),
    nationality: str(d.nationality),
    address: d.address ?? null,
    approvalState: str(d.approvalState) ?? "NEW",
    additionalInfo: (d.additionalInfo as Data | undefined) ?? null,
    documents,
    updatedAt: sql`now()`,
  };
  return upsert(endUsers, "end_users", { projectId, correlationId: entity.id, ...fields });
}

function upsert(table: typeof businesses | typeof endUsers, name: string, values: Record<string, unknown>): SQL {
  const { columns, values: params, names } = insertValues(table, values);
  const refresh = names.filter((n) => n !== "project_id" && n !== "correlation_id").map((n) => `"${n}" = excluded."${n}"`);
  return sql`insert into ${sql.raw(name)} (${columns}) values (${params})
    on conflict (project_id, correlation_id) do update set ${sql.raw(refresh.join(", "))}
    returning id`;
}
