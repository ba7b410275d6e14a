import type { CancellationPolicyView } from "@booking/contracts";
import type { TFunction } from "../i18n/translator";

/**
 * An activity's cancellation policy in one short line (decision 0101): until when a family may
 * cancel online, and what they get back — on the availability's page before booking and on the
 * registration's page.
 */
export function cancellationPolicyLine(t: TFunction, policy: CancellationPolicyView): string {
  const hours = policy.online_until_hours;
  if (hours === null) return t("registrations.policy.never");
  const deadline =
    hours === 0
      ? t("registrations.policy.until_start")
      : hours % 24 === 0
        ? t("registrations.policy.until_days", { count: hours / 24 })
        : t("registrations.policy.until_hours", { count: hours });
  const refund =
    policy.refund === "NONE"
      ? t("registrations.policy.refund_none")
      : policy.refund_percentage === 100
        ? t("registrations.policy.refund_full")
        : policy.refund_percentage === 0
          ? t("registrations.policy.refund_nothing")
          : t("registrations.policy.refund_share", { percentage: policy.refund_percentage });
  return t("registrations.policy.line", { deadline, refund });
}
