import { registrationRequestTone } from "@booking/domain";
import { useState } from "react";
import { useRevalidator } from "react-router";
import { AccountCard } from "../../components/account/card";
import { ToneBadge } from "../../components/account/tone-badge";
import { choicesData } from "../../components/account-items/answers";
import {
  accountItemSeo,
  loadAccountItem,
  paymentAmounts,
  pictureOf,
  placeLabel,
} from "../../components/account-items/data";
import { OrderInvoices } from "../../components/account-items/order-invoices";
import {
  AccountItemPage,
  ChoicesCard,
  FactList,
  ItemSummaryCard,
  Notice,
  PaymentCard,
} from "../../components/account-items/ui";
import { useFormatters } from "../../components/account-items/use-formatters";
import { BankTransfer } from "../../components/checkout/bank-transfer";
import { PaymentActions } from "../../components/payments/payment-actions";
import { paymentActionsData } from "../../components/payments/payment-data";
import { paymentBadgeLabel } from "../../components/registrations/registration-data";
import { Button } from "../../components/ui/button";
import { Spinner } from "../../components/ui/spinner";
import { useTranslation } from "../../i18n/react";
import { ApiRequestError, api } from "../../lib/api";
import { seoMeta } from "../../lib/seo";
import { toastError, toastSuccess } from "../../lib/toast";
import type { Route } from "./+types/requests-detail";

export async function loader({ context, params, request }: Route.LoaderArgs) {
  const { page, item } = await loadAccountItem(context, params, request, (reader, cuid) =>
    reader.registrationRequest(cuid),
  );
  const { format, language, t } = page;
  const invoices = await page.storefront.reader.accountItems.registrationRequestInvoices(item.cuid);
  return {
    seo: accountItemSeo(context, params, request, "requests", item.cuid),
    invoices,
    id: item.id,
    cuid: item.cuid,
    title: item.activity.title,
    picture: pictureOf(item.activity.images),
    participant: item.participant.fullname,
    reference: item.reference,
    status: item.status,
    tone: registrationRequestTone(item.status),
    createdAt: format.date(item.created_at),
    changedAt: item.status_changed_at ? format.date(item.status_changed_at) : null,
    wishes: item.availabilities.map((availability) => ({
      cuid: availability.cuid,
      period: format.dateRange(availability.start_at, availability.end_at),
      place: placeLabel(availability.location),
    })),
    ...choicesData(item, format, language, t),
    amounts: paymentAmounts(format, {
      total: item.total_amount,
      deposit: item.deposit_amount,
      paid: item.paid_amount,
      outstanding: item.amount_due,
    }),
    badge: paymentBadgeLabel(item.payment.badge, format),
    bankTransfer: item.payment.bank_transfer,
    canCancel: item.actions.cancel,
    paymentActions: paymentActionsData(page, {
      destination: { type: "REGISTRATION_REQUEST", id: item.id },
      reference: item.reference,
      due: item.amount_due,
    }),
  };
}

export const meta: Route.MetaFunction = ({ loaderData }) => seoMeta(loaderData?.seo);

/**
 * A registration request (/account/registrations-requests/{cuid}, platform-and-account.md §2.3,
 * §4): its status, the availabilities asked in order of preference, the answers, what it costs
 * and, once approved, what is due and how to pay it; a PENDING request can be cancelled.
 */
export default function RegistrationRequest({ loaderData }: Route.ComponentProps) {
  const data = loaderData;
  const { t } = useTranslation();
  const format = useFormatters();
  const statusText = t(`account_items.requests.status.${data.status}`);
  return (
    <AccountItemPage
      kind="requests"
      title={data.title}
      subtitle={t("account_items.requests.detail_subtitle", { name: data.participant })}
      notice={
        <Notice
          tone={data.tone}
          title={t(`account_items.requests.notice.${data.status}.title`, { date: data.changedAt })}
          testId="request-notice"
        >
          {t(
            data.status === "APPROVED" && !data.amounts.outstanding
              ? "account_items.requests.notice.APPROVED.paid"
              : `account_items.requests.notice.${data.status}.body`,
            { amount: data.amounts.outstanding },
          )}
        </Notice>
      }
      side={
        <PaymentCard
          badge={data.badge}
          empty={t(`account_items.requests.payment.${data.status}`)}
          amounts={data.amounts}
          reference={data.reference}
        >
          <PaymentActions data={data.paymentActions} />
        </PaymentCard>
      }
      summary={
        <ItemSummaryCard
          kind="requests"
          picture={data.picture}
          title={data.title}
          badge={
            <ToneBadge tone={data.tone} value={data.status} testId="request-status">
              {statusText}
            </ToneBadge>
          }
        >
          <FactList
            facts={[
              { label: t("account_items.participant"), value: data.participant },
              { label: t("account_items.requests.sent_on"), value: data.createdAt },
            ]}
          />
          {data.canCancel ? <CancelRequest id={data.id} /> : null}
        </ItemSummaryCard>
      }
      main={
        <>
          <AccountCard
            title={t("account_items.requests.wishes", { count: data.wishes.length })}
            description={
              data.wishes.length > 1 ? t("account_items.requests.wishes_order") : undefined
            }
          >
            <ol className="flex flex-col gap-2" data-testid="request-wishes">
              {data.wishes.map((wish, index) => (
                <li
                  key={wish.cuid}
                  className="flex gap-3 rounded-lg bg-slate-50 px-3 py-2 ring-1 ring-slate-200"
                >
                  <span
                    aria-hidden="true"
                    className="flex size-6 shrink-0 items-center justify-center rounded-full bg-white text-xs font-bold text-slate-700 ring-1 ring-slate-300"
                  >
                    {index + 1}
                  </span>
                  <div className="min-w-0 text-sm">
                    <p className="font-medium text-slate-900">{wish.period}</p>
                    {wish.place ? <p className="text-slate-600">{wish.place}</p> : null}
                  </div>
                </li>
              ))}
            </ol>
          </AccountCard>

          <ChoicesCard options={data.options} answers={data.answers} />
        </>
      }
    >
      {data.bankTransfer ? <BankTransfer transfer={data.bankTransfer} format={format} /> : null}
      {data.invoices ? (
        <OrderInvoices
          page={{ registration_request_cuid: data.cuid }}
          data={data.invoices}
          formatMoney={format.money}
          formatDate={format.date}
        />
      ) : null}
    </AccountItemPage>
  );
}

/** Cancelling a PENDING request, after a confirmation: POST /api/registrations/requests/cancel. */
function CancelRequest({ id }: { id: number }) {
  const { t } = useTranslation();
  const { revalidate } = useRevalidator();
  const [step, setStep] = useState<"idle" | "confirm" | "pending">("idle");

  async function cancel() {
    setStep("pending");
    try {
      await api.cancelRegistrationRequest(id);
    } catch (error) {
      toastError(error instanceof ApiRequestError ? error.code : "UNKNOWN_ERROR", t);
      setStep("idle");
      await revalidate();
      return;
    }
    toastSuccess(t("account_items.requests.cancel.done"));
    await revalidate();
    setStep("idle");
  }

  if (step === "idle") {
    return (
      <div className="border-t border-slate-100 pt-4">
        <button
          type="button"
          className="inline-flex min-h-11 items-center rounded-lg px-3 text-sm font-semibold text-red-700 hover:bg-red-50"
          onClick={() => setStep("confirm")}
          data-testid="request-cancel"
        >
          {t("account_items.requests.cancel.action")}
        </button>
      </div>
    );
  }
  return (
    <div
      className="flex flex-col gap-3 rounded-xl bg-red-50 p-4 ring-1 ring-red-200"
      data-testid="request-cancel-confirm"
    >
      <p className="text-sm text-red-950">{t("account_items.requests.cancel.confirm")}</p>
      <div className="flex flex-col gap-2 sm:flex-row">
        <Button
          variant="danger"
          onClick={cancel}
          disabled={step === "pending"}
          aria-busy={step === "pending"}
          data-testid="request-cancel-submit"
        >
          {step === "pending" ? <Spinner /> : null}
          {t("account_items.requests.cancel.submit")}
        </Button>
        <Button variant="secondary" onClick={() => setStep("idle")} disabled={step === "pending"}>
          {t("account_items.requests.cancel.keep")}
        </Button>
      </div>
    </div>
  );
}
