import { randomUUID } from "node:crypto";
import type { JsonObject } from "../../engine";

/** A document of `context.documents`: the spec's document object with the service's `id` and `version`. */
export type StoredDocument = JsonObject & { id: string; version: number };

/**
 * The decision of a document nobody has decided since it was added or replaced. Same shape as the one a
 * reviewer records (`lib/review/decide-document.ts`), so the backoffice and the webhook payload read it alike.
 */
export const PENDING_DECISION = { status: "pending", rejectionReason: null, revisionReason: null, decidedBy: null, decidedAt: null } as const;

/** A copy of the context's documents (an absent or malformed list is empty). */
export function documentsOf(context: JsonObject): JsonObject[] {
  return Array.isArray(context.documents) ? [...(context.documents as JsonObject[])] : [];
}

/** Position of the document with this `id`, or -1. */
export function indexOfDocument(documents: JsonObject[], id: string): number {
  return documents.findIndex((d) => typeof d === "object" && d !== null && d.id === id);
}

/**
 * The document's version as a number: the stored integer, or a numeric string from the run request (the spec
 * allows `"2"`); 1 for a document without a usable one.
 */
export function versionOf(document: JsonObject): number {
  const v = document.version;
  const n = typeof v === "number" ? v : typeof v === "string" && /^\d{1,9}$/.test(v.trim()) ? Number(v) : NaN;
  return Number.isSafeInteger(n) && n >= 1 ? n : 1;
}

/** The id a new document gets: the caller's, or a generated UUID (as at run start). */
export function newDocumentId(given: unknown): string {
  return typeof given === "string" ? given : randomUUID();
}
