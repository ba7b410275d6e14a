import type { AdminRequestTierView } from "@booking/contracts";
import { useTranslation } from "../../../i18n/react";
import { useConsole } from "../../../lib/admin/console";
import { requestTiersApi } from "../../../lib/admin/request-tiers-api";
import { TicketIcon } from "../../icons";
import { OrderedItems } from "./ordered-items";
import { RequestTierForm } from "./request-tier-form";

/**
 * The tiers of an activity taking requests (issue 15 §1), in the order the storefront offers
 * them: each with its registrations count and the sessions a parent picks.
 */
export function RequestTiersTab({
  activityCuid,
  tiers,
  takesRequests,
}: {
  activityCuid: string;
  tiers: AdminRequestTierView[];
  /** the activity's registration_flow is REQUEST (else the tiers wait, and a note says so) */
  takesRequests: boolean;
}) {
  const { t } = useTranslation();
  const { can } = useConsole();
  const editable = can("activities.activities.update");
  return (
    <>
      {takesRequests ? null : (
        <p className="rounded-lg border border-amber-300 bg-amber-50 px-4 py-3 text-sm text-amber-950">
          {t("admin.request_tiers.direct_note")}
        </p>
      )}
      <OrderedItems
        items={tiers}
        nameOf={(tier) => tier.name}
        testId="request-tiers"
        icon={TicketIcon}
        can={{ create: editable, update: editable, delete: editable }}
        reorder={(cuids) => requestTiersApi.reorder(activityCuid, cuids)}
        remove={(tier) => requestTiersApi.remove(activityCuid, tier.cuid)}
        labels={{
          heading: t("admin.request_tiers.heading"),
          intro: t("admin.request_tiers.intro"),
          create: t("admin.request_tiers.new"),
          edit: t("admin.request_tiers.edit"),
          empty: t("admin.request_tiers.empty"),
          deleteTitle: (tier) => t("admin.request_tiers.delete_title", { name: tier.name }),
          deleteDescription: () => t("admin.request_tiers.delete_description"),
          deleted: (tier) => t("admin.request_tiers.deleted", { name: tier.name }),
        }}
        renderItem={(tier) => (
          <>
            <h3 className="font-semibold text-slate-950">{tier.name}</h3>
            <p className="text-sm text-slate-600">
              {t("admin.request_tiers.registrations_count", { count: tier.registrations })}
              {" · "}
              {tier.minimum_availabilities === tier.maximum_availabilities
                ? t("admin.request_tiers.sessions_fixed", { count: tier.minimum_availabilities })
                : t("admin.request_tiers.sessions_range", {
                    minimum: tier.minimum_availabilities,
                    maximum: tier.maximum_availabilities,
                  })}
            </p>
          </>
        )}
        renderForm={(tier, done) => (
          <RequestTierForm activityCuid={activityCuid} tier={tier} onDone={done} />
        )}
      />
    </>
  );
}
