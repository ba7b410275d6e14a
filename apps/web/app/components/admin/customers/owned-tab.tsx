import type {
  CustomerBundleAdminView,
  CustomerMembershipAdminView,
  CustomerParticipantView,
  CustomerVoucherAdminView,
} from "@booking/contracts";
import { useTranslation } from "../../../i18n/react";
import { BundlesSection } from "./bundles-section";
import { Section } from "./customer-sections";
import { MembershipsSection } from "./memberships-section";
import { VouchersSection } from "./vouchers-section";

/** What the owned tab shows: each list the session may read, null for the others. */
export interface OwnedLists {
  bundles: CustomerBundleAdminView[] | null;
  vouchers: CustomerVoucherAdminView[] | null;
  memberships: CustomerMembershipAdminView[] | null;
}

/** The customer page's tab of what they own: bundles, gift vouchers, memberships. */
export function OwnedTab({
  lists,
  participants,
}: {
  lists: OwnedLists;
  participants: readonly CustomerParticipantView[];
}) {
  const { t } = useTranslation();
  return (
    <div className="flex flex-col gap-6">
      {lists.bundles ? (
        <Section title={t("admin.customers.owned.bundles.title")}>
          <BundlesSection bundles={lists.bundles} />
        </Section>
      ) : null}
      {lists.vouchers ? (
        <Section title={t("admin.customers.owned.vouchers.title")}>
          <VouchersSection vouchers={lists.vouchers} participants={participants} />
        </Section>
      ) : null}
      {lists.memberships ? (
        <Section title={t("admin.customers.owned.memberships.title")}>
          <MembershipsSection memberships={lists.memberships} />
        </Section>
      ) : null}
    </div>
  );
}
