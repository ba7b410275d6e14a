import { requireAccount, useAccount } from "../../components/account/account-data";
import { AccountListCard, AccountListPage } from "../../components/account/list";
import { readListPage } from "../../components/account/paging";
import { CalendarIcon } from "../../components/icons";
import {
  REGISTRATIONS_PATH,
  registrationPageSeo,
  registrationPath,
  registrationSummary,
} from "../../components/registrations/registration-data";
import {
  RegistrationBadges,
  RegistrationSummaryView,
} from "../../components/registrations/registration-ui";
import { ButtonLink } from "../../components/ui/button";
import { useTranslation } from "../../i18n/react";
import { seoMeta } from "../../lib/seo";
import type { Route } from "./+types/registrations";

/**
 * The registrations tab (/account/registrations, platform-and-account.md §2.3, §4): the
 * customer's registrations, 20 a page, those still ahead first, each with its badges
 * (outstanding yellow, complete green, cancelled red, bundle blue) and a link to its page.
 */
export async function loader({ context, params, request }: Route.LoaderArgs) {
  const { storefront, format } = requireAccount(context, params, request);
  const { data, paging } = await readListPage(request, (query) =>
    storefront.reader.registrationsPage(query),
  );
  return {
    seo: registrationPageSeo(context, params, request, {
      title: "registrations.title",
      path: REGISTRATIONS_PATH,
    }),
    registrations: data.map((registration) => registrationSummary(registration, format)),
    paging,
  };
}

export const meta: Route.MetaFunction = ({ loaderData }) => seoMeta(loaderData?.seo);

export default function Registrations({ loaderData }: Route.ComponentProps) {
  const { registrations, paging } = loaderData;
  const { t } = useTranslation();
  const account = useAccount();
  return (
    <AccountListPage
      title={t("registrations.title")}
      subtitle={t("registrations.subtitle")}
      label={t("registrations.list_label")}
      empty={{
        icon: CalendarIcon,
        title: t("registrations.empty.title"),
        body: t("registrations.empty.body"),
        action: <ButtonLink to={account.catalogue}>{t("account.home.browse")}</ButtonLink>,
      }}
      paging={paging}
      testId="registrations-list"
    >
      {registrations.map((registration) => (
        <AccountListCard
          key={registration.cuid}
          to={registrationPath(registration.cuid)}
          testId="registration-card"
          badges={<RegistrationBadges badges={registration.badges} />}
          amount={registration.total}
        >
          <RegistrationSummaryView summary={registration} headingLevel={2} />
        </AccountListCard>
      ))}
    </AccountListPage>
  );
}
