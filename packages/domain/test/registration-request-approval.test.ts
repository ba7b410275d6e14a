import { describe, expect, it } from "vitest";
import {
  defaultApprovalChoice,
  type PlanDate,
  planBulkApproval,
  shareApprovedTotal,
} from "../src/registration-request-approval.ts";

const now = new Date("2026-09-01T08:00:00Z");
const date = (
  id: number,
  capacity: number | null,
  registered = 0,
  extra: Partial<PlanDate> = {},
) => ({
  id,
  status: "OPEN" as const,
  start_at: "2026-09-10T16:00:00Z",
  capacity,
  registered,
  ...extra,
});

describe("defaultApprovalChoice", () => {
  it("takes the tier's count in preference order", () => {
    expect(defaultApprovalChoice(["a", "b", "c"], 2)).toEqual(["a", "b"]);
    expect(defaultApprovalChoice(["a"], 2)).toEqual(["a"]);
  });
  it("takes every requested session without a tier", () => {
    expect(defaultApprovalChoice(["a", "b"], null)).toEqual(["a", "b"]);
  });
});

describe("shareApprovedTotal", () => {
  it("shares in proportion to the storefront prices, adding up to the total", () => {
    expect(shareApprovedTotal(10_000, [6000, 6000])).toEqual([5000, 5000]);
    const shares = shareApprovedTotal(1000, [1, 1, 1]);
    expect(shares.reduce((a, b) => a + b, 0)).toBe(1000);
    expect(shareApprovedTotal(900, [2000, 1000])).toEqual([600, 300]);
  });
  it("shares equally when the storefront charges nothing", () => {
    expect(shareApprovedTotal(1001, [0, 0])).toEqual([501, 500]);
    expect(shareApprovedTotal(0, [0])).toEqual([0]);
    expect(shareApprovedTotal(500, [])).toEqual([]);
  });
});

describe("planBulkApproval", () => {
  const one = (key: string, ...dateIds: number[][]) => ({
    key,
    sessions: dateIds.map((ids, index) => ({ key: `${key}-s${index}`, dateIds: ids })),
  });

  it("approves in the order given until places run out", () => {
    const plan = planBulkApproval(
      [one("r1", [1]), one("r2", [1]), one("r3", [1]), one("r4", [2])],
      [date(1, 2), date(2, null)],
      now,
    );
    expect(plan.map((line) => line.outcome)).toEqual(["approve", "approve", "full", "approve"]);
    expect(plan[2]!.blocking).toBe("r3-s0");
  });

  it("approves nothing in part: a request needing a full session takes no place elsewhere", () => {
    const plan = planBulkApproval(
      [one("r1", [1], [2]), one("r2", [1])],
      [date(1, 1), date(2, 1, 1)],
      now,
    );
    expect(plan).toEqual([
      { key: "r1", outcome: "full", blocking: "r1-s1" },
      { key: "r2", outcome: "approve", blocking: null },
    ]);
  });

  it("counts places already registered or held, and refuses closed, started or unknown dates", () => {
    const plan = planBulkApproval(
      [one("r1", [1]), one("r2", [2]), one("r3", [3]), one("r4", [9])],
      [
        date(1, 3, 3),
        date(2, 5, 0, { status: "CLOSED" }),
        date(3, 5, 0, { start_at: "2026-08-01T08:00:00Z" }),
      ],
      now,
    );
    expect(plan.map((line) => line.outcome)).toEqual([
      "full",
      "not_selectable",
      "not_selectable",
      "not_selectable",
    ]);
  });
});
