import { type BalancePaymentView, RETURN_PAYMENT_PARAM } from "@booking/contracts";
import {
  defaultWalletPayment,
  formatMoney,
  fromMinorUnits,
  toMinorUnits,
  walletPaymentRefusal,
} from "@booking/domain";
import { clsx } from "clsx";
import { type ReactNode, useCallback, useEffect, useId, useMemo, useState } from "react";
import { useForm } from "react-hook-form";
import { useLocation, useRevalidator, useSearchParams } from "react-router";
import { useTranslation } from "../../i18n/react";
import { ApiRequestError, api } from "../../lib/api";
import { sameNameFields, useSubmitErrorHandler } from "../../lib/form-errors";
import { LOCALES } from "../../lib/format";
import { useLanguage } from "../../lib/root-data";
import { toastError, toastSuccess } from "../../lib/toast";
import { useHydrated } from "../../lib/use-hydrated";
import { WalletIcon } from "../account/icons";
import { CheckCircleIcon, InfoIcon, LockIcon } from "../icons";
import { Button, SubmitButton } from "../ui/button";
import { describedBy, FieldShell, inputClasses } from "../ui/field";
import { Spinner } from "../ui/spinner";
import type { PaymentActionsData } from "./payment-data";

/** How often, and how long, the return page asks where an online payment stands. */
const POLL_INTERVAL_MS = 2000;
const POLL_DURATION_MS = 30_000;

type FormValues = { amount: string };

/**
 * Paying what is still owed from an account page (platform-and-account.md §2.3, §5, §7):
 * - from the wallet: an amount (in the currency's units, converted to minor units) that starts at
 *   the smaller of the wallet and the amount due; above the wallet it is refused on the field
 *   with the insufficient-wallet-amount message (checked here with the same rule as the server,
 *   `walletPaymentRefusal`, and by POST /api/transactions/wallet);
 * - online, while the organiser takes online payments: POST /api/transactions/checkout, then the
 *   provider's page, which sends the customer back to this very page with `?payment={cuid}`.
 * Back from the provider, the page follows that payment (every 2 s for 30 s) and says where it
 * stands; once it is settled the parameter goes and the page's data is read again. After a
 * wallet payment too the data is refreshed (revalidate) with a toast.
 */
export function PaymentActions({
  data,
  className,
}: {
  data: PaymentActionsData;
  className?: string;
}) {
  const { t } = useTranslation();
  const ids = useId();
  const showWallet = data.due > 0 && data.wallet > 0;
  const showOnline = data.due > 0 && data.online;

  return (
    <div className={clsx("flex flex-col gap-4", className)} data-testid="payment-actions">
      <PaymentReturn currency={data.currency} />
      {showWallet || showOnline ? (
        <section
          aria-labelledby={`${ids}-title`}
          className="flex flex-col gap-4 border-t border-slate-100 pt-4"
        >
          <h3 id={`${ids}-title`} className="font-semibold text-slate-950">
            {t("payments.title")}
          </h3>
          {showWallet ? <WalletPaymentForm data={data} /> : null}
          {showWallet && showOnline ? (
            <p className="flex items-center gap-3 text-xs font-semibold text-slate-500 uppercase">
              <span className="h-px flex-1 bg-slate-200" aria-hidden="true" />
              {t("payments.or")}
              <span className="h-px flex-1 bg-slate-200" aria-hidden="true" />
            </p>
          ) : null}
          {showOnline ? <OnlinePayment data={data} /> : null}
        </section>
      ) : null}
    </div>
  );
}

/** Minor units formatted in the page's language. */
function useMoney(currency: string) {
  const language = useLanguage();
  return useCallback(
    (minor: number) => formatMoney(minor, currency, LOCALES[language]),
    [currency, language],
  );
}

/** An amount in minor units as the input shows it: "15,00" in French, "15.00" in English. */
function inputAmount(minor: number, currency: string, language: string): string {
  const text = fromMinorUnits(minor, currency);
  return language === "fr" ? text.replace(".", ",") : text;
}

function WalletPaymentForm({ data }: { data: PaymentActionsData }) {
  const { t } = useTranslation();
  const language = useLanguage();
  const format = useMoney(data.currency);
  const { revalidate } = useRevalidator();
  const handleError = useSubmitErrorHandler();
  const id = `${useId()}-amount`;
  const { wallet, due, currency } = data;
  const initial = inputAmount(defaultWalletPayment({ wallet, due }), currency, language);
  const {
    register,
    handleSubmit,
    setError,
    reset,
    formState: { errors, isSubmitting },
  } = useForm<FormValues>({ defaultValues: { amount: initial } });

  // Back to the default whenever the figures change (after a payment, the data is read again).
  useEffect(() => {
    reset({ amount: initial });
  }, [initial, reset]);

  const onSubmit = handleSubmit(async (values) => {
    let amount: number;
    try {
      amount = toMinorUnits(values.amount, currency);
    } catch {
      setError("amount", { type: "client", message: "INVALID_FORMAT" }, { shouldFocus: true });
      return;
    }
    const refusal = walletPaymentRefusal({ amount, wallet, due });
    if (refusal) {
      setError("amount", { type: "client", message: refusal }, { shouldFocus: true });
      return;
    }
    try {
      await api.payFromWallet({ amount, destination: data.destination });
    } catch (error) {
      handleError(error, setError, sameNameFields<FormValues>(["amount"]));
      return;
    }
    toastSuccess(t("payments.wallet.success", { amount: format(amount) }));
    await revalidate();
  });

  const error = errors.amount?.message;
  return (
    <form
      noValidate
      onSubmit={onSubmit}
      className="flex flex-col gap-3"
      data-testid="wallet-payment-form"
    >
      <p className="flex items-center gap-2 text-sm text-slate-700">
        <WalletIcon className="size-4 shrink-0 text-slate-500" aria-hidden="true" />
        <span data-testid="wallet-balance">
          {t("payments.wallet.balance", { amount: format(wallet) })}
        </span>
      </p>
      <FieldShell
        id={id}
        label={t("payments.wallet.amount")}
        hint={t("payments.wallet.hint", { max: format(Math.min(wallet, due)) })}
        error={error}
      >
        <div className="relative">
          <input
            id={id}
            type="text"
            inputMode="decimal"
            autoComplete="off"
            aria-required
            className={clsx(inputClasses(Boolean(error)), "pr-12 tabular-nums")}
            data-testid="wallet-amount"
            {...describedBy(id, true, error)}
            {...register("amount")}
          />
          <span
            className="pointer-events-none absolute inset-y-0 right-3 flex items-center text-slate-500"
            aria-hidden="true"
          >
            {currencySymbol(currency, language)}
          </span>
        </div>
      </FieldShell>
      <SubmitButton
        pending={isSubmitting}
        variant="secondary"
        className="w-full"
        data-testid="wallet-submit"
      >
        {t("payments.wallet.submit")}
      </SubmitButton>
    </form>
  );
}

function currencySymbol(currency: string, language: string): string {
  const parts = new Intl.NumberFormat(LOCALES[language as keyof typeof LOCALES], {
    style: "currency",
    currency,
  }).formatToParts(0);
  return parts.find((part) => part.type === "currency")?.value ?? currency;
}

function OnlinePayment({ data }: { data: PaymentActionsData }) {
  const { t } = useTranslation();
  const format = useMoney(data.currency);
  const location = useLocation();
  const hydrated = useHydrated();
  const [pending, setPending] = useState(false);

  const pay = async () => {
    setPending(true);
    const back = new URLSearchParams(location.search);
    back.delete(RETURN_PAYMENT_PARAM);
    const search = back.toString();
    try {
      const { checkout_url } = await api.payOnline({
        customer_id: data.customerId,
        reference: data.reference,
        destination: data.destination,
        return_url: `${location.pathname}${search ? `?${search}` : ""}`,
      });
      window.location.assign(checkout_url);
    } catch (error) {
      setPending(false);
      toastError(error instanceof ApiRequestError ? error.code : "UNKNOWN_ERROR", t);
    }
  };

  return (
    <div className="flex flex-col gap-2">
      <Button
        variant="primary"
        className="w-full"
        onClick={pay}
        disabled={pending || !hydrated}
        aria-busy={pending}
        data-testid="online-payment"
      >
        {pending ? <Spinner /> : <LockIcon className="size-4" aria-hidden="true" />}
        <span>
          {pending
            ? t("payments.online.redirecting")
            : t("payments.online.submit", { amount: format(data.due) })}
        </span>
      </Button>
      <p className="text-sm text-slate-600">{t("payments.online.hint")}</p>
    </div>
  );
}

type Followed =
  | { state: "checking" }
  | { state: "settled"; payment: BalancePaymentView["payment"]; timedOut: boolean };

/**
 * Back from the provider's page (`?payment={cuid}`): where that online payment stands, asked
 * again every 2 s for 30 s while the provider has not confirmed it. Once it is settled (paid,
 * failed, expired…) the parameter goes — the page's data is read again, so its badge and amounts
 * show the payment — and the message stays until the customer leaves the page.
 */
function PaymentReturn({ currency }: { currency: string }) {
  const { t } = useTranslation();
  const format = useMoney(currency);
  const [params, setParams] = useSearchParams();
  const cuid = params.get(RETURN_PAYMENT_PARAM);
  const [followed, setFollowed] = useState<Followed | null>(cuid ? { state: "checking" } : null);

  const forget = useMemo(
    () => () =>
      setParams(
        (current) => {
          const next = new URLSearchParams(current);
          next.delete(RETURN_PAYMENT_PARAM);
          return next;
        },
        { replace: true, preventScrollReset: true },
      ),
    [setParams],
  );

  useEffect(() => {
    if (!cuid) return;
    let stopped = false;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const started = Date.now();
    setFollowed({ state: "checking" });
    const ask = async () => {
      let payment: BalancePaymentView["payment"];
      try {
        payment = (await api.balancePayment(cuid)).payment;
      } catch {
        // Unknown (another customer's, a mistyped link): nothing to say.
        if (!stopped) {
          setFollowed(null);
          forget();
        }
        return;
      }
      if (stopped) return;
      if (payment.status === "open") {
        const timedOut = Date.now() - started >= POLL_DURATION_MS;
        setFollowed({ state: "settled", payment, timedOut });
        if (!timedOut) timer = setTimeout(ask, POLL_INTERVAL_MS);
        return;
      }
      setFollowed({ state: "settled", payment, timedOut: false });
      if (payment.status === "paid") {
        toastSuccess(t("payments.return.paid", { amount: format(payment.amount) }));
      }
      forget();
    };
    void ask();
    return () => {
      stopped = true;
      if (timer) clearTimeout(timer);
    };
  }, [cuid, forget, format, t]);

  if (!followed) return null;
  if (followed.state === "checking") {
    return (
      <Notice tone="info" status="checking">
        <Spinner className="size-4" />
        <span>{t("payments.return.looking")}</span>
      </Notice>
    );
  }
  const { payment, timedOut } = followed;
  const amount = format(payment.amount);
  switch (payment.status) {
    case "paid":
      return (
        <Notice tone="success" status="paid">
          <CheckCircleIcon className="size-5 shrink-0" aria-hidden="true" />
          <span>{t("payments.return.paid", { amount })}</span>
        </Notice>
      );
    case "open":
      return (
        <Notice tone="info" status="open">
          {timedOut ? (
            <InfoIcon className="size-5 shrink-0" aria-hidden="true" />
          ) : (
            <Spinner className="size-4" />
          )}
          <span className="flex flex-col gap-1">
            <span>
              {timedOut
                ? t("payments.return.pending", { amount })
                : t("payments.return.checking", { amount })}
            </span>
            {timedOut && payment.checkout_url ? (
              <a href={payment.checkout_url} className="font-semibold underline">
                {t("payments.return.resume")}
              </a>
            ) : null}
          </span>
        </Notice>
      );
    case "refunded":
      return (
        <Notice tone="info" status="refunded">
          <InfoIcon className="size-5 shrink-0" aria-hidden="true" />
          <span>{t("payments.return.refunded", { amount })}</span>
        </Notice>
      );
    default:
      return (
        <Notice tone="danger" status={payment.status}>
          <InfoIcon className="size-5 shrink-0" aria-hidden="true" />
          <span>{t("payments.return.failed", { amount })}</span>
        </Notice>
      );
  }
}

function Notice({
  tone,
  status,
  children,
}: {
  tone: "info" | "success" | "danger";
  status: string;
  children: ReactNode;
}) {
  return (
    <div
      role="status"
      data-testid="payment-return"
      data-status={status}
      className={clsx(
        "flex items-start gap-2.5 rounded-xl p-3 text-sm ring-1",
        tone === "success" && "bg-emerald-50 text-emerald-950 ring-emerald-200",
        tone === "info" && "bg-sky-50 text-sky-950 ring-sky-200",
        tone === "danger" && "bg-red-50 text-red-950 ring-red-200",
      )}
    >
      {children}
    </div>
  );
}
