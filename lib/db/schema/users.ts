import { sql } from "drizzle-orm";
import { boolean, check, integer, pgTable, text, uniqueIndex } from "drizzle-orm/pg-core";
import { projectRow, timestamps, timestamptz } from "./columns";

/** A backoffice role: admins change settings and decide, reviewers decide, auditors only read (cases, queues, the audit trail). */
export type UserRole = "admin" | "reviewer" | "auditor";

/** Backoffice users (reviewers, admins and read-only auditors). E-mail is stored lower-cased and is unique across the installation. */
export const users = pgTable(
  "users",
  {
    ...projectRow(),
    email: text("email").notNull(),
    firstName: text("first_name").notNull().default(""),
    lastName: text("last_name").notNull().default(""),
    avatarUrl: text("avatar_url"),
    role: text("role").notNull().$type<UserRole>(),
    passwordHash: text("password_hash").notNull(),
    active: boolean("active").notNull().default(true),
    /** Bumped on sign-out (and password change): a session token carrying an older version is refused. */
    sessionVersion: integer("session_version").notNull().default(1),
    ...timestamps(),
  },
  (t) => [uniqueIndex("users_email_key").on(t.email), check("users_role_check", sql`${t.role} in ('admin', 'reviewer', 'auditor')`)],
);

/** Failed sign-in bookkeeping used to throttle repeated failures per e-mail and per client address. */
export const loginThrottle = pgTable("login_throttle", {
  key: text("key").primaryKey(),
  failures: integer("failures").notNull().default(0),
  lockedUntil: timestamptz("locked_until"),
  updatedAt: timestamptz("updated_at").defaultNow().notNull(),
});

export type User = typeof users.$inferSelect;
export type NewUser = typeof users.$inferInsert;
