import type { CartPaymentState, CartTotals, CartView } from "@booking/contracts";
import {
  checkoutPaymentChoices,
  type PaymentType as PaymentMethod,
  type CheckoutStrategy as Strategy,
} from "@booking/domain";
import { zodResolver } from "@hookform/resolvers/zod";
import { Fragment, type ReactNode, useEffect, useId, useMemo, useState } from "react";
import { type Resolver, useForm } from "react-hook-form";
import { useNavigate, useRevalidator } from "react-router";
import { z } from "zod";
import { BillingDetailsDisclosure } from "../../components/account/billing-details-form";
import { CartItemRow } from "../../components/cart/cart-item-row";
import { SummaryCard, SummaryRow } from "../../components/cart/summary";
import { CartIcon, LockIcon } from "../../components/icons";
import { useAuthLinks } from "../../components/layout/use-auth-links";
import { LocalizedLink, useLocalizedHref } from "../../components/localized-link";
import { Button, ButtonLink, buttonClasses, SubmitButton } from "../../components/ui/button";
import { FieldErrorText, TextField, useErrorMessage } from "../../components/ui/field";
import { Spinner } from "../../components/ui/spinner";
import { useTranslation } from "../../i18n/react";
import { ApiRequestError, api } from "../../lib/api";
import { type CartState, useCart } from "../../lib/cart-context";
import { useSubmitErrorHandler } from "../../lib/form-errors";
import { createFormatters, type Formatters } from "../../lib/format";
import { ORGANISER_DATA } from "../../lib/own-values";
import { cartSummaryLines } from "../../lib/price-lines";
import { useLanguage, useStorefrontShell } from "../../lib/root-data";
import { seoMeta } from "../../lib/seo";
import { requireStorefront } from "../../lib/server-context";
import { simplePageSeo } from "../../lib/storefront-page";
import { toastError, toastSuccess } from "../../lib/toast";
import type { Route } from "./+types/checkout";

export function loader({ context, params, request }: Route.LoaderArgs) {
  const { organiser } = requireStorefront(context);
  const { payments } = organiser;
  return {
    seo: simplePageSeo(context, params, request, {
      title: "checkout.title",
      description: "checkout.meta_description",
      path: "/checkout",
      robots: "noindex",
    }),
    /**
     * The payment types the organiser switched on, the highest priority first (Settings ›
     * Payment types, decision 0092): bank transfer, online payment (the server's provider:
     * Mollie, or its test page for the demo).
     */
    methods: payments.methods,
    catalogue: organiser.catalogue?.path || "/",
  };
}

/**
 * Its loader data is the organiser's alone: its pages are rendered once per shape (decision
 * 0058), and a navigation's data for it comes from the public cache (0109).
 */
export const handle = ORGANISER_DATA;

export const meta: Route.MetaFunction = ({ loaderData }) => seoMeta(loaderData?.seo);

/** What the submit asks now with this strategy: the deposit alone, or everything payable. */
function amountNow(totals: CartTotals, strategy: Strategy | ""): number {
  return strategy === "IMMEDIATE_DEPOSIT" ? totals.deposit_payable : totals.payable;
}

/** A payment failed, expired or cancelled: the cart is open again and the customer may retry. */
const RETRY_STATUSES = new Set(["failed", "expired", "canceled"]);

interface CheckoutForm {
  cart_id: number;
  coupon?: string;
  payment_strategy: Strategy | "";
  terms: boolean;
}

const checkoutFormSchema = z.object({
  cart_id: z.int(),
  coupon: z.string().optional(),
  payment_strategy: z.enum(["IMMEDIATE", "IMMEDIATE_DEPOSIT", "DELAYED", "WALLET"], "REQUIRED"),
  terms: z.boolean().refine((value) => value, "checkout.form.messages.errors.terms"),
});

export default function Checkout({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const shell = useStorefrontShell();
  const cart = useCart();
  const authLinks = useAuthLinks();
  const language = useLanguage();
  const currency = shell?.organiser.currency ?? "EUR";
  const timezone = shell?.organiser.timezone ?? "UTC";
  const format = useMemo(
    () => createFormatters(language, timezone, currency),
    [language, timezone, currency],
  );

  let content: ReactNode;
  if (!shell) {
    content = null;
  } else if (!shell.customer) {
    content = (
      <Notice
        testId="checkout-login"
        title={t("checkout.login.title")}
        subtitle={t("checkout.login.subtitle")}
      >
        <div className="mt-3 flex w-full max-w-xs flex-col gap-2">
          <ButtonLink to={authLinks.login}>{t("checkout.login.action")}</ButtonLink>
          <ButtonLink variant="secondary" to={authLinks.register}>
            {t("checkout.login.register")}
          </ButtonLink>
        </div>
      </Notice>
    );
  } else if (!cart.loaded) {
    content = (
      <div className="flex justify-center py-16" role="status">
        <Spinner />
        <span className="sr-only">{t("checkout.loading")}</span>
      </div>
    );
  } else if (!cart.cart || cart.count === 0) {
    content = (
      <Notice
        testId="checkout-empty"
        title={t("checkout.empty.title")}
        subtitle={t("checkout.empty.subtitle")}
      >
        <ButtonLink to={loaderData.catalogue} className="mt-3">
          {t("checkout.empty.action")}
        </ButtonLink>
      </Notice>
    );
  } else {
    content = (
      <CheckoutContent
        cart={cart.cart}
        items={cart.items}
        count={cart.count}
        methods={loaderData.methods}
        format={format}
      />
    );
  }

  return (
    <div className="mx-auto w-full max-w-6xl px-4 py-10 sm:px-6 lg:py-14">
      <h1 className="text-3xl font-bold tracking-tight text-slate-950 md:text-4xl">
        {t("checkout.title")}
      </h1>
      <div className="mt-8">{content}</div>
    </div>
  );
}

/**
 * The cart, the coupon box, the summary and the payment form; while an online payment is in
 * progress the cart is frozen (docs/decisions/0011-online-payments.md): the payment form gives
 * way to that payment (resume or cancel it) and the coupon box is hidden.
 */
function CheckoutContent({
  cart,
  items,
  count,
  methods,
  format,
}: {
  cart: CartView;
  items: CartState["items"];
  count: number;
  methods: readonly PaymentMethod[];
  format: Formatters;
}) {
  const { t } = useTranslation();
  const state = useCart();
  // The cart carries its latest online payment: no call before the form shows.
  const inProgress = cart.awaiting_payment && cart.payment?.checkout_url ? cart.payment : null;
  const retry =
    !cart.awaiting_payment &&
    cart.processed_at === null &&
    RETRY_STATUSES.has(cart.payment?.status ?? "");

  return (
    <div className="grid gap-8 lg:grid-cols-[minmax(0,1fr)_24rem] lg:items-start">
      <div className="flex flex-col gap-8">
        <section aria-labelledby="checkout-items-title">
          <h2 id="checkout-items-title" className="text-xl font-semibold text-slate-950">
            {t("checkout.items.title", { count })}
          </h2>
          <ul className="mt-4 divide-y divide-slate-200 rounded-xl border border-slate-200 bg-white px-4">
            {items.map((item) => (
              <CartItemRow key={item.id} item={item} format={format} testId="checkout-item" />
            ))}
          </ul>
        </section>
        {inProgress ? null : <CouponBox cart={cart} />}
        {inProgress ? null : <BillingDetailsDisclosure />}
      </div>
      <div className="flex flex-col gap-6 lg:sticky lg:top-24">
        <Summary totals={cart.totals} format={format} />
        {inProgress ? (
          <PaymentInProgress
            cuid={cart.cuid}
            payment={inProgress}
            format={format}
            onCancelled={state.refresh}
          />
        ) : (
          <>
            {retry ? (
              <p
                className="rounded-lg bg-amber-50 p-4 text-sm text-amber-900"
                data-testid="checkout-retry"
                role="status"
              >
                {t("checkout.retry_notice")}
              </p>
            ) : null}
            <PaymentForm key={cart.id} cart={cart} methods={methods} format={format} />
          </>
        )}
      </div>
    </div>
  );
}

/** The online payment in progress: resume it on the provider's page, or cancel it. */
function PaymentInProgress({
  cuid,
  payment,
  format,
  onCancelled,
}: {
  cuid: string;
  payment: CartPaymentState;
  format: Formatters;
  onCancelled(): Promise<void>;
}) {
  const { t } = useTranslation();
  const [cancelling, setCancelling] = useState(false);
  const cancel = async () => {
    setCancelling(true);
    try {
      await api.cancelCartPayment(cuid);
      toastSuccess(t("checkout.in_progress.cancelled"));
      await onCancelled();
    } catch (error) {
      toastError(error instanceof ApiRequestError ? error.code : "UNKNOWN_ERROR", t);
    } finally {
      setCancelling(false);
    }
  };
  return (
    <section
      aria-labelledby="payment-in-progress-title"
      className="flex flex-col gap-4 rounded-xl border-2 border-[var(--accent-ink)] bg-white p-5"
      data-testid="payment-in-progress"
    >
      <h2 id="payment-in-progress-title" className="text-lg font-semibold text-slate-950">
        {t("checkout.in_progress.title")}
      </h2>
      <p className="text-sm text-slate-700">
        {t("checkout.in_progress.text", { amount: format.money(payment.amount) })}
      </p>
      {payment.checkout_url ? (
        <a
          href={payment.checkout_url}
          className={buttonClasses("primary", "lg")}
          data-testid="payment-resume"
        >
          <LockIcon className="inline size-4" aria-hidden="true" />
          {t("checkout.in_progress.resume")}
        </a>
      ) : null}
      <Button
        variant="secondary"
        onClick={cancel}
        disabled={cancelling}
        aria-busy={cancelling}
        data-testid="payment-cancel"
      >
        {cancelling ? <Spinner /> : null}
        {t("checkout.in_progress.cancel")}
      </Button>
    </section>
  );
}

function Notice({
  title,
  subtitle,
  testId,
  children,
}: {
  title: string;
  subtitle: string;
  testId: string;
  children?: ReactNode;
}) {
  return (
    <div
      data-testid={testId}
      className="mx-auto flex max-w-lg flex-col items-center gap-3 rounded-2xl border border-slate-200 bg-white px-6 py-12 text-center"
    >
      <span className="inline-flex size-14 items-center justify-center rounded-full bg-accent-soft text-accent-ink">
        <CartIcon className="size-7" />
      </span>
      <h2 className="text-xl font-semibold text-slate-950">{title}</h2>
      <p className="text-slate-700">{subtitle}</p>
      {children}
    </div>
  );
}

interface CouponForm {
  coupon: string;
}

const couponFormSchema = z.object({
  coupon: z.string().trim().min(1, "REQUIRED").max(100, "TOO_LONG"),
});

/** Codes of the coupon call that belong on the coupon field rather than in a toast. */
const COUPON_FIELD_CODES = new Set(["COUPON_NOT_FOUND", "COUPON_INACTIVE"]);

function CouponBox({ cart }: { cart: CartView }) {
  const { t } = useTranslation();
  const state = useCart();
  const handleError = useSubmitErrorHandler();
  const [detaching, setDetaching] = useState(false);
  const {
    register,
    handleSubmit,
    setError,
    reset,
    watch,
    formState: { errors, isSubmitting },
  } = useForm<CouponForm>({
    resolver: zodResolver(couponFormSchema) as unknown as Resolver<CouponForm>,
    defaultValues: { coupon: "" },
  });
  const empty = (watch("coupon") ?? "").trim() === "";

  const onSubmit = handleSubmit(async (values) => {
    try {
      await api.attachCoupon({ cart_id: cart.id, coupon: values.coupon.trim() });
    } catch (error) {
      if (error instanceof ApiRequestError && COUPON_FIELD_CODES.has(error.code)) {
        setError("coupon", { type: "server", message: error.code }, { shouldFocus: true });
      } else {
        handleError(error, setError, (path) => (path === "coupon" ? "coupon" : null));
      }
      return;
    }
    reset({ coupon: "" });
    toastSuccess(t("checkout.coupon.messages.attached"));
    await state.refresh();
  });

  const detach = async () => {
    setDetaching(true);
    try {
      await api.detachCoupon(cart.id);
      toastSuccess(t("checkout.coupon.messages.detached"));
    } catch (error) {
      toastError(error instanceof ApiRequestError ? error.code : "UNKNOWN_ERROR", t);
    } finally {
      await state.refresh();
      setDetaching(false);
    }
  };

  const applied = cart.totals.coupon;
  return (
    <section
      aria-labelledby="checkout-coupon-title"
      className="rounded-xl border border-slate-200 bg-white p-5"
      data-testid="coupon-box"
    >
      <h2 id="checkout-coupon-title" className="text-lg font-semibold text-slate-950">
        {t("checkout.coupon.title")}
      </h2>
      {cart.coupon ? (
        <div
          className="mt-3 flex flex-wrap items-start justify-between gap-3 rounded-lg bg-slate-50 p-4"
          data-testid="coupon-applied"
        >
          <div className="min-w-0">
            <p className="font-semibold text-slate-950">
              <span className="font-mono">{cart.coupon.code}</span> · {cart.coupon.title}
            </p>
            <p className="text-sm text-slate-700">{cart.coupon.label}</p>
            {applied && !applied.applied ? (
              <p className="mt-1 text-sm font-medium text-amber-800" data-testid="coupon-reason">
                {t(`checkout.coupon.reasons.${applied.reason ?? "INACTIVE"}`)}
              </p>
            ) : null}
          </div>
          <Button
            variant="secondary"
            onClick={detach}
            disabled={detaching}
            aria-busy={detaching}
            data-testid="coupon-detach"
          >
            {detaching ? <Spinner /> : null}
            {t("checkout.coupon.detach")}
          </Button>
        </div>
      ) : (
        <form
          method="post"
          noValidate
          onSubmit={onSubmit}
          className="mt-3 flex flex-col gap-3 sm:flex-row sm:items-start"
        >
          <TextField
            label={t("checkout.coupon.label")}
            autoComplete="off"
            spellCheck={false}
            className="flex-1"
            error={errors.coupon?.message}
            data-testid="coupon-input"
            optional
            {...register("coupon")}
          />
          <SubmitButton
            pending={isSubmitting}
            disabled={empty}
            variant="secondary"
            className="sm:mt-7"
            data-testid="coupon-attach"
          >
            {t("checkout.coupon.attach")}
          </SubmitButton>
        </form>
      )}
    </section>
  );
}

/** The test ids the browser tests read the summary's lines by. */
const SUMMARY_TEST_IDS: Record<string, string> = { coupon: "checkout-coupon-discount" };

function Summary({ totals, format }: { totals: CartTotals; format: Formatters }) {
  const { t } = useTranslation();
  return (
    <SummaryCard title={t("checkout.summary.title")} titleId="checkout-summary-title">
      {cartSummaryLines(totals).map((line) => (
        <Fragment key={`${line.key} ${line.name ?? ""}`}>
          {line.total ? <div className="my-1 border-t border-slate-200" /> : null}
          <SummaryRow
            label={t(`checkout.summary.${line.key}`, {
              title: totals.coupon?.title,
              name: line.name,
            })}
            value={line.deduction ? `− ${format.money(line.amount)}` : format.money(line.amount)}
            testId={SUMMARY_TEST_IDS[line.key] ?? `checkout-${line.key.replaceAll("_", "-")}`}
            strong={line.total}
            muted={line.key === "wallet_left" || line.key === "deposit"}
          />
        </Fragment>
      ))}
    </SummaryCard>
  );
}

function PaymentForm({
  cart,
  methods,
  format,
}: {
  cart: CartView;
  methods: readonly PaymentMethod[];
  format: Formatters;
}) {
  const { t } = useTranslation();
  const state = useCart();
  const navigate = useNavigate();
  const { revalidate } = useRevalidator();
  const localize = useLocalizedHref();
  const handleError = useSubmitErrorHandler();
  const errorMessage = useErrorMessage();
  const termsId = useId();
  const { options, defaultStrategy } = checkoutPaymentChoices(cart.totals, methods);

  const {
    register,
    handleSubmit,
    setError,
    setValue,
    getValues,
    watch,
    formState: { errors, isSubmitting },
  } = useForm<CheckoutForm>({
    resolver: zodResolver(checkoutFormSchema) as unknown as Resolver<CheckoutForm>,
    defaultValues: {
      cart_id: cart.id,
      payment_strategy: defaultStrategy ?? "",
      terms: false,
    },
  });

  // A coupon, a removed item or the wallet may change what can be chosen: keep a valid choice.
  useEffect(() => {
    const current = getValues("payment_strategy");
    const valid = current === defaultStrategy || options.includes(current as Strategy);
    if (!valid) setValue("payment_strategy", defaultStrategy ?? "");
  }, [options, defaultStrategy, getValues, setValue]);

  const onSubmit = handleSubmit(async (values) => {
    const strategy = values.payment_strategy as Strategy;
    let result: Awaited<ReturnType<typeof api.checkout>>;
    try {
      result = await api.checkout({
        cart_id: cart.id,
        payment_strategy: strategy === "WALLET" ? "DELAYED" : strategy,
        terms: true,
      });
    } catch (error) {
      handleError(error, setError, (path) =>
        path === "terms" || path === "payment_strategy" ? path : null,
      );
      if (error instanceof ApiRequestError && error.status === 409) await state.refresh();
      return;
    }
    if (result.next_action === "payment" && result.next_action_url) {
      toastSuccess(t("checkout.messages.online_payment"));
      window.location.assign(result.next_action_url);
      return;
    }
    toastSuccess(t("checkout.messages.delayed_payment"));
    await Promise.all([state.refresh(), revalidate()]);
    await navigate(localize(result.next_action_url), { replace: true });
  });

  const now = amountNow(cart.totals, watch("payment_strategy"));
  const termsError = errorMessage(errors.terms?.message);
  const strategyError = errorMessage(errors.payment_strategy?.message);
  const noMethod = cart.totals.total > 0 && options.length === 0;

  return (
    <form
      method="post"
      noValidate
      onSubmit={onSubmit}
      data-testid="checkout-form"
      className="flex flex-col gap-5 rounded-xl border border-slate-200 bg-white p-5"
    >
      <fieldset className="flex flex-col gap-3">
        <legend className="mb-3 text-lg font-semibold text-slate-950">
          {t("checkout.payment.title")}
        </legend>
        {cart.totals.total <= 0 ? (
          <p className="text-sm text-slate-700" data-testid="checkout-free">
            {t("checkout.payment.free")}
          </p>
        ) : noMethod ? (
          <p
            className="rounded-lg bg-amber-50 p-4 text-sm text-amber-900"
            data-testid="checkout-no-method"
          >
            {t("checkout.payment.empty")}
          </p>
        ) : (
          options.map((option) => (
            <label
              key={option}
              className="flex cursor-pointer items-start gap-3 rounded-lg border border-slate-300 p-4 has-[:checked]:border-[var(--accent-ink)] has-[:checked]:bg-accent-soft"
            >
              <input
                type="radio"
                value={option}
                className="mt-0.5 size-5 shrink-0 accent-[var(--accent-ink)]"
                data-testid={`payment-${option}`}
                {...register("payment_strategy")}
              />
              <span className="flex flex-col">
                <span className="font-semibold text-slate-950">
                  {t(`checkout.payment.methods.${option}.title`)}
                </span>
                <span className="text-sm text-slate-700">
                  {t(`checkout.payment.methods.${option}.description`, {
                    amount: format.money(
                      option === "IMMEDIATE_DEPOSIT"
                        ? cart.totals.deposit_payable
                        : cart.totals.wallet.use,
                    ),
                  })}
                </span>
              </span>
            </label>
          ))
        )}
        {strategyError ? (
          <FieldErrorText id="checkout-strategy-error">{strategyError}</FieldErrorText>
        ) : null}
      </fieldset>

      <div className="flex flex-col gap-1.5">
        <div className="flex items-start gap-3">
          <input
            id={termsId}
            type="checkbox"
            className="mt-0.5 size-5 shrink-0 accent-[var(--accent-ink)]"
            aria-invalid={termsError ? true : undefined}
            aria-describedby={termsError ? `${termsId}-error` : undefined}
            aria-required
            data-testid="checkout-terms"
            {...register("terms")}
          />
          <label htmlFor={termsId} className="text-sm text-slate-900">
            {t("checkout.form.terms_before")}{" "}
            <LocalizedLink
              to="/terms"
              target="_blank"
              className="font-medium text-accent-ink underline underline-offset-4"
            >
              {t("checkout.form.terms_link")}
            </LocalizedLink>
          </label>
        </div>
        {termsError ? <FieldErrorText id={`${termsId}-error`}>{termsError}</FieldErrorText> : null}
      </div>

      <SubmitButton
        pending={isSubmitting}
        disabled={noMethod}
        size="lg"
        className="w-full"
        data-testid="checkout-submit"
      >
        <LockIcon className="inline size-4 align-[-2px]" aria-hidden="true" />{" "}
        {now > 0
          ? t("checkout.form.submit_amount", { amount: format.money(now) })
          : t("checkout.form.submit")}
      </SubmitButton>
    </form>
  );
}
