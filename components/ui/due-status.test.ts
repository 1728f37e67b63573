import { describe, expect, it } from "vitest";
import { dueStatus, relativeDue } from "./due-status";
import { formatLocalTime } from "./format-time";

const now = Date.parse("2026-05-01T10:00:00.000Z");

describe("dueStatus", () => {
  it("is none without a deadline, ok before the warning, warned from it, breached from the deadline", () => {
    expect(dueStatus(now, null, null)).toBe("none");
    expect(dueStatus(now, "2026-05-01T12:00:00.000Z", "2026-05-01T11:00:00.000Z")).toBe("ok");
    expect(dueStatus(now, "2026-05-01T12:00:00.000Z", "2026-05-01T10:00:00.000Z")).toBe("warned");
    expect(dueStatus(now, "2026-05-01T10:00:00.000Z", "2026-05-01T09:00:00.000Z")).toBe("breached");
    expect(dueStatus(now, "2026-05-01T10:00:00.001Z", null)).toBe("ok");
  });
});

describe("relativeDue", () => {
  it.each([
    ["2026-05-01T10:00:30.000Z", "in 30 s"],
    ["2026-05-01T10:00:00.400Z", "in 1 s"],
    ["2026-05-01T10:45:00.000Z", "in 45 min"],
    ["2026-05-01T13:00:00.000Z", "in 3 h"],
    ["2026-05-03T09:00:00.000Z", "in 47 h"],
    ["2026-05-03T10:00:00.000Z", "in 2 d"],
    ["2026-05-01T10:00:00.000Z", "1 s overdue"],
    ["2026-05-01T09:59:59.500Z", "1 s overdue"],
    ["2026-05-01T09:59:55.000Z", "5 s overdue"],
    ["2026-05-01T07:30:00.000Z", "2 h overdue"],
    ["2026-04-29T10:00:00.000Z", "2 d overdue"],
  ])("%s reads %s", (dueAt, text) => {
    expect(relativeDue(now, dueAt)).toBe(text);
  });
});

describe("formatLocalTime", () => {
  it("shows the instant in the given zone with its short name", () => {
    expect(formatLocalTime("2026-05-01T10:00:00.000Z", false, "UTC")).toBe("2026-05-01 10:00 UTC");
    expect(formatLocalTime("2026-05-01T10:00:00.000Z", true, "Europe/Berlin")).toBe("2026-05-01 12:00:00 CEST");
  });
});
