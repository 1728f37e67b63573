import { index, integer, jsonb, pgTable, text, uniqueIndex } from "drizzle-orm/pg-core";
import { projectRow, timestamps, timestamptz } from "./columns";

/** Businesses (KYB subjects). `correlationId` is the caller's own id (`context.entity.id`), unique per project. */
export const businesses = pgTable(
  "businesses",
  {
    ...projectRow(),
    correlationId: text("correlation_id").notNull(),
    companyName: text("company_name").notNull().default(""),
    registrationNumber: text("registration_number"),
    legalForm: text("legal_form"),
    country: text("country"),
    countryOfIncorporation: text("country_of_incorporation"),
    dateOfIncorporation: timestamptz("date_of_incorporation"),
    address: jsonb("address"),
    phoneNumber: text("phone_number"),
    email: text("email"),
    website: text("website"),
    industry: text("industry"),
    taxIdentificationNumber: text("tax_identification_number"),
    vatNumber: text("vat_number"),
    numberOfEmployees: integer("number_of_employees"),
    businessPurpose: text("business_purpose"),
    businessType: text("business_type"),
    approvalState: text("approval_state").notNull().default("NEW"),
    shareholderStructure: jsonb("shareholder_structure"),
    additionalInfo: jsonb("additional_info").$type<Record<string, unknown>>(),
    documents: jsonb("documents").$type<unknown[]>().notNull().default([]),
    ...timestamps(),
  },
  (t) => [
    uniqueIndex("businesses_project_correlation_key").on(t.projectId, t.correlationId),
    index("businesses_project_company_name_idx").on(t.projectId, t.companyName),
  ],
);

/** End users (individuals, KYC subjects), keyed the same way as businesses. */
export const endUsers = pgTable(
  "end_users",
  {
    ...projectRow(),
    correlationId: text("correlation_id").notNull(),
    firstName: text("first_name"),
    lastName: text("last_name"),
    email: text("email"),
    phone: text("phone"),
    dateOfBirth: text("date_of_birth"),
    country: text("country"),
    nationality: text("nationality"),
    address: jsonb("address"),
    approvalState: text("approval_state").notNull().default("NEW"),
    additionalInfo: jsonb("additional_info").$type<Record<string, unknown>>(),
    documents: jsonb("documents").$type<unknown[]>().notNull().default([]),
    ...timestamps(),
  },
  (t) => [uniqueIndex("end_users_project_correlation_key").on(t.projectId, t.correlationId)],
);

export type Business = typeof businesses.$inferSelect;
export type NewBusiness = typeof businesses.$inferInsert;
export type EndUser = typeof endUsers.$inferSelect;
export type NewEndUser = typeof endUsers.$inferInsert;
