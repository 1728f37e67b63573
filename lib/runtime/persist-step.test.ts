import { describe, expect, it } from "vitest";
import type { Db } from "../db/client";
import { persistSteps, type RuntimeStep } from "./persist-step";

const step = (id: string, projectId: string) => ({ runtime: { id, projectId }, definition: {}, result: {}, cause: {} }) as unknown as RuntimeStep;
const noDatabase = {} as Db;

describe("persistSteps: its contract on the steps it is given", () => {
  it("refuses steps of two projects, or two steps of one runtime, before writing anything", async () => {
    const refusal = "persistSteps: the steps must be of distinct runtimes of one project";
    await expect(persistSteps(noDatabase, [step("a", "p"), step("b", "q")])).rejects.toThrow(refusal);
    await expect(persistSteps(noDatabase, [step("a", "p"), step("b", "p"), step("c", "q")])).rejects.toThrow(refusal);
    await expect(persistSteps(noDatabase, [step("a", "p"), step("b", "p"), step("a", "p")])).rejects.toThrow(refusal);
  });
});
