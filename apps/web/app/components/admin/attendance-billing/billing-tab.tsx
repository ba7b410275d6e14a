import type { AttendanceBillingView, AttendanceCycleView } from "@booking/contracts";
import { BillingForm } from "./billing-form";
import { CycleSection } from "./cycle-section";

/** An activity's attendance billing tab: its configuration, then a month of its charges. */
export function AttendanceBillingTab({
  activityCuid,
  billing,
  cycle,
}: {
  activityCuid: string;
  billing: AttendanceBillingView | null;
  cycle: AttendanceCycleView | null;
}) {
  return (
    <div className="flex flex-col gap-6">
      <BillingForm key={billing?.cuid ?? "new"} activityCuid={activityCuid} billing={billing} />
      {billing && cycle ? (
        <CycleSection
          activityCuid={activityCuid}
          cycle={cycle}
          monthsToIssue={billing.months_to_issue}
        />
      ) : null}
    </div>
  );
}
