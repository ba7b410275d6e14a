import { useNavigate } from "react-router";
import { requireAccount, useAccount } from "../../components/account/account-data";
import { ConsequencesCard } from "../../components/account/consequences-card";
import { DeleteConfirmation } from "../../components/account/delete-confirmation";
import { AccountPageHeader } from "../../components/account/page-header";
import { useLocalizedHref } from "../../components/localized-link";
import { useTranslation } from "../../i18n/react";
import { ApiRequestError, api } from "../../lib/api";
import { seoMeta } from "../../lib/seo";
import { simplePageSeo } from "../../lib/storefront-page";
import { toastError, toastSuccess } from "../../lib/toast";
import type { Route } from "./+types/profile-delete";

export function loader({ context, params, request }: Route.LoaderArgs) {
  requireAccount(context, params, request);
  return {
    seo: simplePageSeo(context, params, request, {
      title: "account.delete.title",
      description: "account.meta_description",
      path: "/account/profile/delete",
      robots: "noindex",
    }),
  };
}

export const meta: Route.MetaFunction = ({ loaderData }) => seoMeta(loaderData?.seo);

/**
 * Account deletion (/account/profile/delete): what it erases and keeps (decision 0004), the
 * full-name confirmation, then DELETE /api/session; the session ends and, as platform-and-account
 * §7 gives it, the browser goes to /account/participants, which now asks to log in.
 */
export default function ProfileDelete() {
  const { t } = useTranslation();
  const account = useAccount();
  const navigate = useNavigate();
  const localize = useLocalizedHref();

  async function deleteAccount() {
    try {
      await api.deleteSession();
    } catch (error) {
      toastError(error instanceof ApiRequestError ? error.code : "UNKNOWN_ERROR", t);
      return;
    }
    await navigate(localize("/account/participants"), { replace: true });
    toastSuccess(t("account.delete.messages.deleted"));
  }

  const consequences = [
    t("account.delete.erased"),
    t("account.delete.kept", { name: account.organiser }),
    t("account.delete.dropped"),
    t("account.delete.session"),
  ];

  return (
    <div className="flex flex-col gap-8">
      <AccountPageHeader
        title={t("account.delete.title")}
        subtitle={t("account.delete.subtitle")}
        back={{ to: "/account/profile", label: t("account.delete.back") }}
      />
      <ConsequencesCard title={t("account.delete.consequences")} consequences={consequences}>
        <DeleteConfirmation
          fullname={account.customer.fullname}
          submitLabel={t("account.delete.submit")}
          onConfirm={deleteAccount}
        />
      </ConsequencesCard>
    </div>
  );
}
