import { describe, expect, it } from "vitest";
import { AppError } from "../errors/app-error";
import { REPAIR_REASON_MAX, repairReason } from "./repair-reason";
import { thrown } from "../../tests/support/thrown";

const refusal = (reason: string) => thrown<AppError>(() => repairReason(reason), `accepted ${JSON.stringify(reason)}`);

describe("repairReason: the reason a move or cancel records", () => {
  it("keeps 1 to 1000 characters, trimmed", () => {
    expect(REPAIR_REASON_MAX).toBe(1000);
    expect(repairReason("x")).toBe("x");
    expect(repairReason("  stuck after the vendor outage \n")).toBe("stuck after the vendor outage");
    expect(repairReason("r".repeat(1000))).toBe("r".repeat(1000));
    expect(repairReason(` ${"r".repeat(1000)} `)).toBe("r".repeat(1000));
  });

  it("refuses an empty, blank or over-long reason with 422 validation_failed at /reason", () => {
    for (const reason of ["", "   ", "\n\t", "r".repeat(1001)]) {
      const error = refusal(reason);
      expect(error, JSON.stringify(reason.slice(0, 5))).toBeInstanceOf(AppError);
      expect(error.code).toBe("validation_failed");
      expect(error.status).toBe(422);
      expect(error.message).toBe("The reason must be 1 to 1000 characters; say why.");
      expect(error.errors).toEqual([{ path: "/reason", message: "write 1 to 1000 characters" }]);
    }
  });
});
