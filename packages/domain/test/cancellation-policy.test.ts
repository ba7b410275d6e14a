import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  type CancellationPolicy,
  cancellationDeadline,
  cancellationPolicyRefusal,
  cancellationRefundAmount,
  DEFAULT_CANCELLATION_POLICY,
  withCancellationPolicy,
} from "../src/index.ts";

const FIRST_START = new Date("2026-07-06T08:00:00.000Z");
const beforeStart = (ms: number) => new Date(FIRST_START.getTime() - ms);
const HOUR = 3_600_000;
const policy = (changes: Partial<CancellationPolicy>): CancellationPolicy => ({
  ...DEFAULT_CANCELLATION_POLICY,
  ...changes,
});

describe("cancellationPolicyRefusal", () => {
  it("by default allows cancelling until the first date starts, as before the policies", () => {
    const rule = DEFAULT_CANCELLATION_POLICY;
    expect(cancellationDeadline(rule, FIRST_START)).toEqual(FIRST_START);
    expect(cancellationPolicyRefusal(rule, FIRST_START, beforeStart(1))).toBeNull();
    expect(cancellationPolicyRefusal(rule, FIRST_START, FIRST_START)).toBe("deadline_passed");
    expect(cancellationPolicyRefusal(rule, FIRST_START, beforeStart(-1))).toBe("deadline_passed");
  });

  it("closes N hours before the first date, the deadline itself being too late", () => {
    const rule = policy({ online_until_hours: 48 });
    expect(cancellationDeadline(rule, FIRST_START)).toEqual(beforeStart(48 * HOUR));
    expect(cancellationPolicyRefusal(rule, FIRST_START, beforeStart(48 * HOUR + 1))).toBeNull();
    expect(cancellationPolicyRefusal(rule, FIRST_START, beforeStart(48 * HOUR))).toBe(
      "deadline_passed",
    );
    expect(cancellationPolicyRefusal(rule, FIRST_START, beforeStart(47 * HOUR))).toBe(
      "deadline_passed",
    );
  });

  it("refuses every online cancellation when the policy says never online", () => {
    const rule = policy({ online_until_hours: null });
    expect(cancellationDeadline(rule, FIRST_START)).toBeNull();
    expect(cancellationPolicyRefusal(rule, FIRST_START, beforeStart(8760 * HOUR))).toBe(
      "not_online",
    );
  });

  it("reads ISO strings as the instants they are", () => {
    const rule = policy({ online_until_hours: 24 });
    expect(
      cancellationPolicyRefusal(rule, "2026-07-06T08:00:00.000Z", beforeStart(24 * HOUR - 1)),
    ).toBe("deadline_passed");
  });

  it("allows exactly the instants before the deadline, for any deadline", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 8760 }),
        fc.integer({ min: -1e10, max: 1e10 }),
        (hours, offset) => {
          const rule = policy({ online_until_hours: hours });
          const deadline = FIRST_START.getTime() - hours * HOUR;
          const now = new Date(deadline + offset);
          expect(cancellationPolicyRefusal(rule, FIRST_START, now) === null).toBe(offset < 0);
        },
      ),
    );
  });
});

describe("cancellationRefundAmount", () => {
  it("gives nothing back without a wallet refund, as the account's cancel always did", () => {
    expect(cancellationRefundAmount(DEFAULT_CANCELLATION_POLICY, 12_000)).toBe(0);
  });

  it.each([
    [100, 12_345, 12_345],
    [50, 12_345, 6_172],
    [33, 1_000, 330],
    [33, 999, 329],
    [1, 99, 0],
    [0, 12_345, 0],
    [75, 0, 0],
    [75, -500, 0],
  ])("credits %i%% of %i cents as %i cents, rounded down", (percentage, paid, expected) => {
    expect(
      cancellationRefundAmount(policy({ refund: "WALLET", refund_percentage: percentage }), paid),
    ).toBe(expected);
  });

  it("never credits more than was paid nor more than the share", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 100 }),
        fc.integer({ min: 0, max: 1e9 }),
        (share, paid) => {
          const refund = cancellationRefundAmount(
            policy({ refund: "WALLET", refund_percentage: share }),
            paid,
          );
          expect(Number.isInteger(refund)).toBe(true);
          expect(refund).toBeLessThanOrEqual(paid);
          expect(refund * 100).toBeLessThanOrEqual(paid * share);
          expect((refund + 1) * 100).toBeGreaterThan(paid * share);
        },
      ),
    );
  });
});

describe("withCancellationPolicy", () => {
  const allowed = { cancel: null, edit: null, review: "not_started" } as const;
  it("keeps the registration's own refusal first", () => {
    const started = { ...allowed, cancel: "started" } as const;
    expect(
      withCancellationPolicy(
        started,
        policy({ online_until_hours: null }),
        FIRST_START,
        FIRST_START,
      ),
    ).toEqual(started);
  });
  it("adds the policy's refusal to a cancel the registration allows", () => {
    const rule = policy({ online_until_hours: 24 });
    expect(withCancellationPolicy(allowed, rule, FIRST_START, beforeStart(25 * HOUR))).toEqual(
      allowed,
    );
    expect(withCancellationPolicy(allowed, rule, FIRST_START, beforeStart(HOUR))).toEqual({
      ...allowed,
      cancel: "deadline_passed",
    });
  });
});
