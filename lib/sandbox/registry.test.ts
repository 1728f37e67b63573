import { describe, expect, it } from "vitest";
import { registryAnswer, SANDBOX_REGISTRY_NUMBERS as N } from "./registry";

const score = (reg: string) => (registryAnswer(reg, "Acme Ltd").body as { name_fuzziness_score: number }).name_fuzziness_score;

describe("sandbox registry", () => {
  it("answers the documented numbers: exact, near, mismatch, borderline, 500 and 404", () => {
    expect(registryAnswer(N.exact[0], "Acme Ltd")).toEqual({
      status: 200,
      body: {
        business_details: { registered_name: "Acme Ltd", registration_number: N.exact[0], address: expect.any(String), contact_number: expect.any(String) },
        name_fuzziness_score: 1,
      },
    });
    expect(score(N.near)).toBe(0.7);
    expect(score(N.mismatch)).toBe(0.3);
    expect(score(N.borderline)).toBe(0.5);
    expect(registryAnswer(N.serverError, "x").status).toBe(500);
    expect(registryAnswer(N.notFound, "x").status).toBe(404);
  });

  it("is deterministic for other numbers and stays within 0..1", () => {
    for (const reg of ["1", "42", "GB-777", "00000000"]) {
      expect(score(reg)).toBe(score(reg));
      expect(score(reg)).toBeGreaterThanOrEqual(0);
      expect(score(reg)).toBeLessThanOrEqual(1);
    }
  });
});
