import { describe, expect, it } from "vitest";
import { serverAddress } from "./server-address";

describe("serverAddress", () => {
  it("turns libpq's ?host=/dir into postgres.js's host option, keeping the other parameters", () => {
    expect(serverAddress("postgres://app:secret@localhost:5433/kyc?host=/var/run/postgresql&sslmode=disable")).toEqual({
      url: "postgres://app:secret@localhost:5433/kyc?sslmode=disable",
      options: { host: "/var/run/postgresql" },
    });
  });

  it("leaves a TCP address, a host parameter that is not a folder and an unparsable URL as they are", () => {
    for (const url of ["postgres://app@db.internal:5432/kyc", "postgres://app@localhost/kyc?host=db.internal", "not a url"]) {
      expect(serverAddress(url)).toEqual({ url, options: {} });
    }
  });
});
