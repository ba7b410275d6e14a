import { membershipPeriod } from "@booking/domain";
import type { MembershipProduct } from "./queries.ts";

/**
 * The validity of a membership product's unit starting at `start`: its fixed period, or its
 * rolling duration from `start` (a purchase's time, or the day staff chose: decision 0104).
 */
export function membershipPeriodOf(
  membership: Omit<MembershipProduct, "id">,
  start: Date,
): { start_at: Date; end_at: Date } {
  return membershipPeriod(
    membership.periodType === "FIXED"
      ? {
          period_type: "FIXED",
          fixed_start_at: membership.fixedPeriodStartAt!,
          fixed_end_at: membership.fixedPeriodEndAt!,
        }
      : {
          period_type: "ROLLING",
          rolling_type: membership.rollingPeriodType!,
          rolling_duration: membership.rollingPeriodDuration!,
        },
    start,
  );
}
