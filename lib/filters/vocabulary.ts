import { sql, type SQL } from "drizzle-orm";
import type { FilterEntity, WhereField } from "./types";

/*
 * The whole filter vocabulary: field name -> fixed SQL fragment. Identifiers reach SQL only from here; values
 * are always bound parameters. Aliases: r = workflow_runtimes, b = businesses, e = end_users, u = users
 * (assignee), d = workflow_definitions (pinned version).
 */

const f = (fragment: SQL, kind: WhereField["kind"]): WhereField => ({ sql: fragment, kind });

/** ISO 8601 UTC text with milliseconds, identical on PGlite and PostgreSQL (`2024-05-01T10:00:00.000Z`). */
export const iso = (column: SQL): SQL => sql`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

export const RUNTIME_WHERE: Record<string, WhereField> = {
  id: f(sql`r.id`, "uuid"),
  state: f(sql`r.state`, "text"),
  status: f(sql`r.status`, "text"),
  tags: f(sql`r.tags`, "textArray"),
  assigneeId: f(sql`r.assignee_id`, "uuid"),
  businessId: f(sql`r.business_id`, "uuid"),
  endUserId: f(sql`r.end_user_id`, "uuid"),
  parentRuntimeId: f(sql`r.parent_runtime_id`, "uuid"),
  workflowDefinitionId: f(sql`r.workflow_definition_id`, "text"),
  workflowDefinitionVersion: f(sql`r.workflow_definition_version`, "int"),
  createdAt: f(sql`r.created_at`, "timestamp"),
  updatedAt: f(sql`r.updated_at`, "timestamp"),
  resolvedAt: f(sql`r.resolved_at`, "timestamp"),
  assignedAt: f(sql`r.assigned_at`, "timestamp"),
  manualReviewReason: f(sql`r.manual_review_reason`, "text"),
  workflowFinalState: f(sql`r.workflow_final_state`, "text"),
};

export const BUSINESS_WHERE: Record<string, WhereField> = {
  id: f(sql`b.id`, "uuid"),
  correlationId: f(sql`b.correlation_id`, "text"),
  companyName: f(sql`b.company_name`, "text"),
  registrationNumber: f(sql`b.registration_number`, "text"),
  legalForm: f(sql`b.legal_form`, "text"),
  country: f(sql`b.country`, "text"),
  countryOfIncorporation: f(sql`b.country_of_incorporation`, "text"),
  dateOfIncorporation: f(sql`b.date_of_incorporation`, "timestamp"),
  phoneNumber: f(sql`b.phone_number`, "text"),
  email: f(sql`b.email`, "text"),
  website: f(sql`b.website`, "text"),
  industry: f(sql`b.industry`, "text"),
  taxIdentificationNumber: f(sql`b.tax_identification_number`, "text"),
  vatNumber: f(sql`b.vat_number`, "text"),
  numberOfEmployees: f(sql`b.number_of_employees`, "int"),
  businessPurpose: f(sql`b.business_purpose`, "text"),
  businessType: f(sql`b.business_type`, "text"),
  approvalState: f(sql`b.approval_state`, "text"),
  createdAt: f(sql`b.created_at`, "timestamp"),
  updatedAt: f(sql`b.updated_at`, "timestamp"),
};

export const END_USER_WHERE: Record<string, WhereField> = {
  id: f(sql`e.id`, "uuid"),
  correlationId: f(sql`e.correlation_id`, "text"),
  firstName: f(sql`e.first_name`, "text"),
  lastName: f(sql`e.last_name`, "text"),
  email: f(sql`e.email`, "text"),
  phone: f(sql`e.phone`, "text"),
  dateOfBirth: f(sql`e.date_of_birth`, "text"),
  country: f(sql`e.country`, "text"),
  nationality: f(sql`e.nationality`, "text"),
  approvalState: f(sql`e.approval_state`, "text"),
  createdAt: f(sql`e.created_at`, "timestamp"),
  updatedAt: f(sql`e.updated_at`, "timestamp"),
};

/** The entity's own relation: `business` for businesses, `endUser` for individuals. */
export function entityRelation(entity: FilterEntity): { name: "business" | "endUser"; fields: Record<string, WhereField> } {
  return entity === "businesses" ? { name: "business", fields: BUSINESS_WHERE } : { name: "endUser", fields: END_USER_WHERE };
}

/** Where-field names accepted for an entity, for "use one of" messages. */
export function whereFieldNames(entity: FilterEntity): string[] {
  const relation = entityRelation(entity);
  return [...Object.keys(RUNTIME_WHERE), `${relation.name}.<${Object.keys(relation.fields).join("|")}>`, "context.<json path>", "AND", "OR", "NOT"];
}
