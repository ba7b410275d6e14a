import type {
  CustomerBundleAdminView,
  CustomerMembershipAdminView,
  CustomerParticipantView,
  CustomerVoucherAdminView,
  MembershipGiftChoices,
} from "@booking/contracts";
import { useTranslation } from "../../../i18n/react";
import { BundlesSection } from "./bundles-section";
import { Section } from "./customer-sections";
import { GiveMembershipDialog } from "./give-membership-dialog";
import { MembershipsSection } from "./memberships-section";
import { VouchersSection } from "./vouchers-section";

/** What the owned tab shows: each list the session may read, null for the others. */
export interface OwnedLists {
  bundles: CustomerBundleAdminView[] | null;
  vouchers: CustomerVoucherAdminView[] | null;
  memberships: CustomerMembershipAdminView[] | null;
  /** the memberships staff may give (customers.memberships.create), null without it */
  membershipChoices: MembershipGiftChoices["data"] | null;
}

/** The customer page's tab of what they own: bundles, gift vouchers, memberships. */
export function OwnedTab({
  lists,
  customer,
  participants,
}: {
  lists: OwnedLists;
  /** an anonymised customer is given nothing: null */
  customer: { cuid: string; fullname: string; wallet_amount: number } | null;
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
        <Section
          title={t("admin.customers.owned.memberships.title")}
          action={
            customer && lists.membershipChoices ? (
              <GiveMembershipDialog
                customer={customer}
                participants={participants}
                choices={lists.membershipChoices}
              />
            ) : undefined
          }
        >
          <MembershipsSection memberships={lists.memberships} />
        </Section>
      ) : null}
    </div>
  );
}
