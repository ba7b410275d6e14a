import { canRedeemVoucher } from "@booking/domain";
import { type FormEvent, useState } from "react";
import { useLocation, useNavigate, useRevalidator } from "react-router";
import { requireAccount } from "../../components/account/account-data";
import { AccountCard } from "../../components/account/card";
import { AccountPageHeader } from "../../components/account/page-header";
import { LocalizedLink, useLocalizedHref } from "../../components/localized-link";
import { PARTICIPANTS_PATH } from "../../components/participants/after-create";
import {
  type ParticipantOption,
  ParticipantSearch,
} from "../../components/participants/participant-search";
import { SubmitButton } from "../../components/ui/button";
import {
  productImage,
  REDEEM_PATH,
  redeemCodePath,
  voucherGiftData,
  voucherPath,
} from "../../components/vouchers/voucher-data";
import {
  RedeemStateNotice,
  useGiverName,
  VoucherGiftList,
  VoucherThumb,
} from "../../components/vouchers/voucher-ui";
import { useTranslation } from "../../i18n/react";
import { ApiRequestError, api } from "../../lib/api";
import { useSubmitErrorHandler } from "../../lib/form-errors";
import { seoMeta } from "../../lib/seo";
import { notFound } from "../../lib/server-context";
import { simplePageSeo } from "../../lib/storefront-page";
import { toastError, toastSuccess } from "../../lib/toast";
import type { Route } from "./+types/vouchers-redeem-code";

/**
 * The redemption of a code, step 2 (/account/vouchers/redeem/{code}, platform-and-account.md
 * §2.3, §4): what the code is (the giver, what it gives) and its state — already redeemed,
 * expired, unpaid or valid, unpaid first, then expired, then redeemed. The submit button is
 * enabled only for a valid code; the customer may choose one of their participants (required
 * for a bundle for participants). PUT /api/vouchers/redeem, then /account/vouchers/{cuid}.
 * A `participant` query parameter (a cuid, as the participant create page sends back) chooses
 * that participant.
 */
export async function loader({ context, params, request }: Route.LoaderArgs) {
  const { storefront, format } = requireAccount(context, params, request);
  const voucher = await storefront.reader.voucherRedemption(params.code ?? "");
  if (!voucher) notFound();
  const chosen = new URL(request.url).searchParams.get("participant");
  const participant = chosen ? await storefront.reader.participant(chosen) : null;
  return {
    seo: simplePageSeo(context, params, request, {
      title: "vouchers.redeem.title",
      description: "vouchers.meta_description",
      path: redeemCodePath(voucher.code),
      robots: "noindex",
    }),
    voucher: {
      code: voucher.code,
      state: voucher.state,
      own: voucher.own,
      participantRequired: voucher.participant_required,
      title: voucher.voucher.title,
      image: productImage(voucher.voucher),
      gift: voucherGiftData(voucher.voucher, format),
      giver: voucher.customer.fullname,
      expiresOn: voucher.expires_at ? format.date(voucher.expires_at) : null,
    },
    participant: participant
      ? ({ value: participant.id, label: participant.fullname } satisfies ParticipantOption)
      : null,
  };
}

export const meta: Route.MetaFunction = ({ loaderData }) => seoMeta(loaderData?.seo);

export default function RedeemVoucherCode({ loaderData }: Route.ComponentProps) {
  const { voucher } = loaderData;
  const { t } = useTranslation();
  const location = useLocation();
  const navigate = useNavigate();
  const localize = useLocalizedHref();
  const { revalidate } = useRevalidator();
  const handleError = useSubmitErrorHandler();
  const giverName = useGiverName();
  const [participants, setParticipants] = useState<ParticipantOption[]>(
    loaderData.participant ? [loaderData.participant] : [],
  );
  const [participantError, setParticipantError] = useState<string | undefined>();
  const [pending, setPending] = useState(false);
  const valid = canRedeemVoucher(voucher.state);
  const createParticipant = `${PARTICIPANTS_PATH}/new?redirect=${encodeURIComponent(
    location.pathname,
  )}`;

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!valid || pending) return;
    const participant = participants[0];
    if (voucher.participantRequired && !participant) {
      setParticipantError("REQUIRED");
      return;
    }
    setParticipantError(undefined);
    setPending(true);
    try {
      const { voucher: redeemed } = await api.redeemVoucher({
        code: voucher.code,
        participant_id: participant ? Number(participant.value) : null,
      });
      toastSuccess(t("vouchers.redeem.success"));
      await navigate(localize(voucherPath(redeemed.cuid)));
      await revalidate();
    } catch (error) {
      if (error instanceof ApiRequestError && error.code.startsWith("VOUCHER_")) {
        // Redeemed, expired or unpaid meanwhile: the page shows the state now.
        toastError(error.code, t);
        await revalidate();
      } else if (error instanceof ApiRequestError && error.code === "PARTICIPANT_NOT_FOUND") {
        setParticipantError(error.code);
      } else if (error instanceof ApiRequestError && error.fields.participant_id) {
        setParticipantError(error.fields.participant_id);
      } else {
        handleError(
          error,
          () => undefined,
          () => null,
        );
      }
    } finally {
      setPending(false);
    }
  };

  return (
    <div className="flex flex-col gap-6">
      <AccountPageHeader
        title={t("vouchers.redeem.confirm_title")}
        subtitle={t("vouchers.redeem.confirm_subtitle", { code: voucher.code })}
        back={{ to: REDEEM_PATH, label: t("vouchers.redeem.other_code") }}
      />
      <AccountCard className="max-w-2xl">
        <div className="flex flex-col gap-5">
          <div className="flex gap-4">
            <VoucherThumb image={voucher.image} size="lg" />
            <div className="flex min-w-0 flex-col gap-1.5">
              <h2 className="text-lg font-semibold break-words text-slate-950">{voucher.title}</h2>
              <p className="text-sm text-slate-700">
                {voucher.own
                  ? t("vouchers.redeem.own")
                  : t("vouchers.given_by", { name: giverName(voucher.giver) })}
              </p>
              <p className="font-mono text-sm font-semibold tracking-wider text-slate-800">
                {voucher.code}
              </p>
            </div>
          </div>
          <div className="flex flex-col gap-2">
            <h3 className="text-sm font-semibold text-slate-950">{t("vouchers.detail.gives")}</h3>
            <VoucherGiftList gift={voucher.gift} />
          </div>
          <RedeemStateNotice state={voucher.state} expiresOn={voucher.expiresOn} />
          <form
            method="post"
            onSubmit={onSubmit}
            noValidate
            className="flex flex-col gap-5 border-t border-slate-200 pt-5"
            data-testid="voucher-redeem-form"
          >
            {valid ? (
              <div className="flex flex-col gap-2">
                <ParticipantSearch
                  label={t("vouchers.redeem.participant")}
                  hint={
                    voucher.participantRequired
                      ? t("vouchers.redeem.participant_required_hint")
                      : t("vouchers.redeem.participant_hint")
                  }
                  optional={!voucher.participantRequired}
                  multiple={false}
                  value={participants}
                  onChange={(value) => {
                    setParticipants(value);
                    setParticipantError(undefined);
                  }}
                  error={participantError}
                  name="participant_id"
                />
                <LocalizedLink
                  to={createParticipant}
                  className="self-start text-sm font-semibold text-accent-ink underline-offset-2 hover:underline"
                >
                  {t("vouchers.redeem.new_participant")}
                </LocalizedLink>
              </div>
            ) : null}
            <div className="flex justify-end">
              <SubmitButton
                pending={pending}
                disabled={!valid}
                size="lg"
                data-testid="voucher-redeem-submit"
              >
                {t("vouchers.redeem.submit")}
              </SubmitButton>
            </div>
          </form>
        </div>
      </AccountCard>
    </div>
  );
}
