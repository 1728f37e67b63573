import { createHash } from "node:crypto";

/** Registration numbers with a documented, fixed answer from the sandbox registry. */
export const SANDBOX_REGISTRY_NUMBERS = {
  exact: ["12345678", "10000001"],
  near: "20000002",
  mismatch: "30000003",
  borderline: "50000005",
  serverError: "99999999",
  notFound: "40400404",
} as const;

export interface RegistryAnswer {
  status: number;
  body: unknown;
}

/**
 * The sandbox vendor's deterministic answer for a registration number and the company name the caller sent:
 * exact match (score 1.0, registered name = the given name), near match (0.7), mismatch (0.3), exactly 0.5,
 * an HTTP 500 and a 404, as documented; any other number gets a score derived from a hash of the number.
 */
export function registryAnswer(registrationNumber: string, businessName: string | null): RegistryAnswer {
  const n = SANDBOX_REGISTRY_NUMBERS;
  const name = businessName?.trim() || "Sandbox Company Ltd";
  if (registrationNumber === n.serverError) return { status: 500, body: { error: "registry unavailable (sandbox simulated failure)" } };
  if (registrationNumber === n.notFound) return { status: 404, body: { error: `no company registered under ${registrationNumber}` } };
  let score: number;
  let registered = name;
  if ((n.exact as readonly string[]).includes(registrationNumber)) score = 1;
  else if (registrationNumber === n.near) [score, registered] = [0.7, `${name} Holdings`];
  else if (registrationNumber === n.mismatch) [score, registered] = [0.3, "Unrelated Ventures Ltd"];
  else if (registrationNumber === n.borderline) [score, registered] = [0.5, `${name} Group`];
  else {
    score = Math.round((createHash("sha256").update(registrationNumber).digest().readUInt16BE(0) / 65535) * 100) / 100;
    registered = score >= 0.99 ? name : `${name} (registered)`;
  }
  return {
    status: 200,
    body: {
      business_details: {
        registered_name: registered,
        registration_number: registrationNumber,
        address: "1 Sandbox Street, Testville",
        contact_number: "+44 20 0000 0000",
      },
      name_fuzziness_score: score,
    },
  };
}
