import { describe, expect, it } from "vitest";
import {
  defaultApprovalChoice,
  type PlanDate,
  type PlanRequest,
  planBulkApproval,
  shareApprovedTotal,
} from "../src/registration-request-approval.ts";

const now = new Date("2026-09-01T08:00:00Z");
const date = (
  id: number,
  capacity: number | null,
  registered = 0,
  extra: Partial<PlanDate> = {},
): PlanDate => ({
  id,
  status: "OPEN",
  start_at: "2026-09-10T16:00:00Z",
  capacity,
  registered,
  ...extra,
});
const sessions = (...availabilities: number[]) =>
  availabilities.map((availability) => ({ availability }));

describe("defaultApprovalChoice", () => {
  it("gives a tier's request one place: the first preferred session the participant is not on", () => {
    expect(defaultApprovalChoice(sessions(3, 1, 2), true, new Set())).toEqual(sessions(3));
    expect(defaultApprovalChoice(sessions(3, 1, 2), true, new Set([3]))).toEqual(sessions(1));
    expect(defaultApprovalChoice(sessions(3, 1), true, new Set([3, 1]))).toEqual(sessions(3));
    expect(defaultApprovalChoice([], true, new Set())).toEqual([]);
  });
  it("skips a preferred session without room for the next one with room", () => {
    const room = (session: { availability: number }) => session.availability !== 3;
    expect(defaultApprovalChoice(sessions(3, 1, 2), true, new Set(), room)).toEqual(sessions(1));
    expect(defaultApprovalChoice(sessions(3), true, new Set(), room)).toEqual(sessions(3));
  });
  it("takes every requested session without a tier", () => {
    expect(defaultApprovalChoice(sessions(1, 2), false, new Set([1]))).toEqual(sessions(1, 2));
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
  // Session keys name the availability; each availability has one date of the same id.
  const request = (
    key: string,
    participant: number,
    availabilities: number[],
    throughTier = false,
  ): PlanRequest<string> => ({
    key,
    participant,
    throughTier,
    sessions: availabilities.map((availability) => ({
      key: `a${availability}`,
      availability,
      dateIds: [availability],
    })),
  });
  const none = new Map<number, Set<number>>();

  it("approves in the order given until places run out", () => {
    const plan = planBulkApproval(
      [request("r1", 1, [1]), request("r2", 2, [1]), request("r3", 3, [1]), request("r4", 4, [2])],
      [date(1, 2), date(2, null)],
      none,
      now,
    );
    expect(plan.map((line) => line.outcome)).toEqual(["approve", "approve", "full", "approve"]);
    expect(plan[2]!.blocking).toBe("a1");
  });

  it("approves nothing in part: a request needing a full session takes no place elsewhere", () => {
    const plan = planBulkApproval(
      [request("r1", 1, [1, 2]), request("r2", 2, [1])],
      [date(1, 1), date(2, 1, 1)],
      none,
      now,
    );
    expect(plan).toEqual([
      { key: "r1", outcome: "full", sessions: ["a1", "a2"], blocking: "a2" },
      { key: "r2", outcome: "approve", sessions: ["a1"], blocking: null },
    ]);
  });

  it("gives twin tier requests of one participant different sessions", () => {
    const plan = planBulkApproval(
      [request("r1", 7, [1, 2, 3], true), request("r2", 7, [1, 2, 3], true)],
      [date(1, 5), date(2, 5), date(3, 5)],
      new Map([[7, new Set([1])]]),
      now,
    );
    expect(plan.map((line) => line.sessions)).toEqual([["a2"], ["a3"]]);
  });

  it("gives a tier request its next preferred session while the first is full", () => {
    const plan = planBulkApproval(
      [request("r1", 1, [1, 2], true), request("r2", 2, [1, 2], true), request("r3", 3, [1], true)],
      [date(1, 1), date(2, 5)],
      none,
      now,
    );
    expect(plan.map((line) => [line.outcome, line.sessions])).toEqual([
      ["approve", ["a1"]],
      ["approve", ["a2"]],
      ["full", ["a1"]],
    ]);
  });

  it("counts places already registered or held, and refuses closed, started or unknown dates", () => {
    const plan = planBulkApproval(
      [request("r1", 1, [1]), request("r2", 2, [2]), request("r3", 3, [3]), request("r4", 4, [9])],
      [
        date(1, 3, 3),
        date(2, 5, 0, { status: "CLOSED" }),
        date(3, 5, 0, { start_at: "2026-08-01T08:00:00Z" }),
      ],
      none,
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
