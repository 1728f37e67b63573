import { describe, expect, it } from "vitest";
import { CodedError } from "../errors/coded-error";
import { ENTITY_LIMITS, entityRow } from "./entities";

const business = (data: Record<string, unknown>) => entityRow({ id: "c-1", type: "business", data }, []).values;
const individual = (data: Record<string, unknown>) => entityRow({ id: "u-1", type: "individual", data }, []).values;

/** The problem `entityRow` throws for `data`: its detail and the pointers of its errors. */
function refusal(data: Record<string, unknown>, type: "business" | "individual" = "business"): { detail: string; paths: string[]; messages: string[] } {
  try {
    entityRow({ id: "c-1", type, data }, []);
  } catch (error) {
    if (!(error instanceof CodedError)) throw error;
    const errors = error.errors;
    return { detail: error.message, paths: errors.map((e) => e.path), messages: errors.map((e) => e.message) };
  }
  throw new Error("entityRow accepted the data");
}

describe("entityRow: a run's subject as its columns", () => {
  it("names the type and the caller's id, and maps a business's fields to their columns", () => {
    const documents = [{ id: "d-1", category: "registration" }];
    const row = entityRow(
      {
        id: "acme-1",
        type: "business",
        data: { companyName: "Acme Ltd", registrationNumber: "12345", country: "GB", dateOfIncorporation: "2015-03-02", numberOfEmployees: 12, address: { city: "Leeds" }, additionalInfo: { tier: 1 } },
      },
      documents,
    );
    expect(row.type).toBe("business");
    expect(row.correlationId).toBe("acme-1");
    expect(row.values).toMatchObject({
      company_name: "Acme Ltd",
      registration_number: "12345",
      country: "GB",
      date_of_incorporation: "2015-03-02T00:00:00.000Z",
      number_of_employees: 12,
      address: { city: "Leeds" },
      additional_info: { tier: 1 },
      approval_state: "NEW",
      documents,
    });
  });

  it("stores what is absent as null (the company name as empty text), and other values as their text", () => {
    expect(business({})).toMatchObject({ company_name: "", registration_number: null, country: null, address: null, additional_info: null, shareholder_structure: null, number_of_employees: null });
    expect(business({ registrationNumber: 12345, country: null, website: true })).toMatchObject({ registration_number: "12345", country: null, website: "true" });
  });

  it("reads whole numbers and digit strings as integers; anything else is not stored", () => {
    expect(business({ numberOfEmployees: 7 }).number_of_employees).toBe(7);
    expect(business({ numberOfEmployees: "42" }).number_of_employees).toBe(42);
    for (const value of [1.5, "12abc", "abc12", "-3", "", true]) expect(business({ numberOfEmployees: value }).number_of_employees, String(value)).toBeNull();
  });

  it("refuses an integer out of range, quoting at most 40 characters of it", () => {
    const huge = "9".repeat(60);
    const { paths, messages } = refusal({ numberOfEmployees: huge });
    expect(paths).toEqual(["/context/entity/data/numberOfEmployees"]);
    expect(messages[0]).toBe(`must be a whole number from ${ENTITY_LIMITS.INT_MIN} to ${ENTITY_LIMITS.INT_MAX} (got ${"9".repeat(40)})`);
    expect(business({ numberOfEmployees: ENTITY_LIMITS.INT_MAX }).number_of_employees).toBe(ENTITY_LIMITS.INT_MAX);
  });

  it("treats an empty date as none, and refuses one that is not a date or is out of range", () => {
    expect(business({ dateOfIncorporation: "" }).date_of_incorporation).toBeNull();
    expect(business({ dateOfIncorporation: null }).date_of_incorporation).toBeNull();
    expect(refusal({ dateOfIncorporation: "someday" }).messages).toEqual(["must be an ISO 8601 date, e.g. 2015-03-02"]);
    expect(refusal({ dateOfIncorporation: "+010000-01-01" }).messages).toEqual(["must be a date from 0001-01-01 to 9999-12-31"]);
  });

  it("bounds text at its column's limit, the limit itself allowed", () => {
    expect(business({ companyName: "x".repeat(ENTITY_LIMITS.COMPANY_NAME_MAX) }).company_name).toHaveLength(ENTITY_LIMITS.COMPANY_NAME_MAX);
    const { paths, messages } = refusal({ companyName: "x".repeat(ENTITY_LIMITS.COMPANY_NAME_MAX + 1) });
    expect(paths).toEqual(["/context/entity/data/companyName"]);
    expect(messages).toEqual([`must be at most ${ENTITY_LIMITS.COMPANY_NAME_MAX} characters (got ${ENTITY_LIMITS.COMPANY_NAME_MAX + 1})`]);
  });

  it("bounds the indexed representative e-mail, as text or as the JSON of another value, the limit itself allowed", () => {
    const email = (value: unknown) => ({ additionalInfo: { mainRepresentative: { email: value } } });
    expect(business(email("a".repeat(ENTITY_LIMITS.TEXT_MAX))).additional_info).toEqual(email("a".repeat(ENTITY_LIMITS.TEXT_MAX)).additionalInfo);
    expect(refusal(email("a".repeat(ENTITY_LIMITS.TEXT_MAX + 1))).paths).toEqual(["/context/entity/data/additionalInfo/mainRepresentative/email"]);
    // `["`, 999 characters and `"]` of JSON: over the limit although the string inside is not.
    expect(refusal(email(["a".repeat(ENTITY_LIMITS.TEXT_MAX - 1)])).messages).toEqual([`must be at most ${ENTITY_LIMITS.TEXT_MAX} characters (got ${ENTITY_LIMITS.TEXT_MAX + 3})`]);
    // A path through something that is not an object holds nothing.
    expect(() => business({ additionalInfo: { mainRepresentative: ["x".repeat(2 * ENTITY_LIMITS.TEXT_MAX)] } })).not.toThrow();
    expect(() => business({ additionalInfo: { mainRepresentative: "x".repeat(2 * ENTITY_LIMITS.TEXT_MAX) } })).not.toThrow();
    expect(() => business({ additionalInfo: { mainRepresentative: { email: null } } })).not.toThrow();
  });

  it("names every field out of range in one problem, counted in its detail", () => {
    const one = refusal({ companyName: "x".repeat(ENTITY_LIMITS.COMPANY_NAME_MAX + 1) });
    expect(one.detail).toBe("The entity data cannot be stored: 1 field out of range; see errors.");
    const two = refusal({ companyName: "x".repeat(ENTITY_LIMITS.COMPANY_NAME_MAX + 1), dateOfIncorporation: "someday" });
    expect(two.detail).toBe("The entity data cannot be stored: 2 fields out of range; see errors.");
    expect(two.paths).toEqual(["/context/entity/data/companyName", "/context/entity/data/dateOfIncorporation"]);
  });

  it("maps an individual's fields, the phone from phone or else phoneNumber", () => {
    expect(individual({ firstName: "Ada", lastName: "Lovelace", email: "ada@example.com", phone: "+44 1", dateOfBirth: "1815-12-10", country: "GB", nationality: "British", address: { city: "London" } })).toMatchObject({
      first_name: "Ada",
      last_name: "Lovelace",
      email: "ada@example.com",
      phone: "+44 1",
      date_of_birth: "1815-12-10",
      country: "GB",
      nationality: "British",
      address: { city: "London" },
    });
    expect(individual({ phoneNumber: "+44 2" }).phone).toBe("+44 2");
    expect(individual({ phone: null, phoneNumber: "+44 3" }).phone).toBe("+44 3");
    expect(individual({ phone: "+44 4", phoneNumber: "+44 5" }).phone).toBe("+44 4");
    expect(individual({})).toMatchObject({ phone: null, address: null, additional_info: null, country: null, nationality: null, date_of_birth: null });
    expect(refusal({ nationality: "x".repeat(ENTITY_LIMITS.TEXT_MAX + 1) }, "individual").paths).toEqual(["/context/entity/data/nationality"]);
  });
});
