import { voucherRedeemQuery } from "@booking/contracts";
import { zodResolver } from "@hookform/resolvers/zod";
import { type Resolver, useForm } from "react-hook-form";
import { useNavigate } from "react-router";
import { requireAccount } from "../../components/account/account-data";
import { AccountCard } from "../../components/account/card";
import { AccountPageHeader } from "../../components/account/page-header";
import { useLocalizedHref } from "../../components/localized-link";
import { SubmitButton } from "../../components/ui/button";
import { TextField } from "../../components/ui/field";
import { REDEEM_PATH, redeemCodePath, VOUCHERS_PATH } from "../../components/vouchers/voucher-data";
import { useTranslation } from "../../i18n/react";
import { ApiRequestError, api } from "../../lib/api";
import { sameNameFields, useSubmitErrorHandler } from "../../lib/form-errors";
import { seoMeta } from "../../lib/seo";
import { simplePageSeo } from "../../lib/storefront-page";
import type { Route } from "./+types/vouchers-redeem";

export function loader({ context, params, request }: Route.LoaderArgs) {
  const { counters } = requireAccount(context, params, request);
  return {
    seo: simplePageSeo(context, params, request, {
      title: "vouchers.redeem.title",
      description: "vouchers.meta_description",
      path: REDEEM_PATH,
      robots: "noindex",
    }),
    // The vouchers tab shows only from one voucher: without it, back to the account home.
    back: counters.vouchers > 0 || counters.available_vouchers > 0 ? VOUCHERS_PATH : "/account",
  };
}

export const meta: Route.MetaFunction = ({ loaderData }) => seoMeta(loaderData?.seo);

type FormValues = { code: string };

/**
 * The redemption of a code, step 1 (/account/vouchers/redeem, platform-and-account.md §2.3): the
 * code is looked up with GET /api/vouchers/redeem, then the customer goes to its confirmation
 * page /account/vouchers/redeem/{voucher.code}. An unknown code is said on the field.
 */
export default function RedeemVoucher({ loaderData }: Route.ComponentProps) {
  const { back } = loaderData;
  const { t } = useTranslation();
  const navigate = useNavigate();
  const localize = useLocalizedHref();
  const handleError = useSubmitErrorHandler();
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<FormValues>({
    resolver: zodResolver(voucherRedeemQuery) as unknown as Resolver<FormValues>,
    defaultValues: { code: "" },
  });

  const onSubmit = handleSubmit(async (values) => {
    try {
      const { voucher } = await api.voucherRedemption(values.code);
      await navigate(localize(redeemCodePath(voucher.code)));
    } catch (error) {
      if (error instanceof ApiRequestError && error.code === "VOUCHER_NOT_FOUND") {
        setError(
          "code",
          { type: "server", message: "vouchers.redeem.unknown_code" },
          {
            shouldFocus: true,
          },
        );
        return;
      }
      handleError(error, setError, sameNameFields<FormValues>(["code"]));
    }
  });

  return (
    <div className="flex flex-col gap-6">
      <AccountPageHeader
        title={t("vouchers.redeem.title")}
        subtitle={t("vouchers.redeem.subtitle")}
        back={{ to: back, label: t("vouchers.detail.back") }}
      />
      <AccountCard className="max-w-xl">
        <form
          method="get"
          onSubmit={onSubmit}
          noValidate
          className="flex flex-col gap-5"
          data-testid="voucher-code-form"
        >
          <TextField
            label={t("vouchers.redeem.code_label")}
            hint={t("vouchers.redeem.code_hint")}
            autoComplete="off"
            autoCapitalize="characters"
            spellCheck={false}
            inputMode="text"
            className="[&_input]:font-mono [&_input]:tracking-wider [&_input]:uppercase"
            error={errors.code?.message}
            {...register("code")}
          />
          <div className="flex justify-end border-t border-slate-200 pt-5">
            <SubmitButton pending={isSubmitting} data-testid="voucher-code-submit">
              {t("vouchers.redeem.continue")}
            </SubmitButton>
          </div>
        </form>
      </AccountCard>
    </div>
  );
}
