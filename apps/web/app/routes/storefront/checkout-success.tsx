import type { CartPaymentView, ProcessedCartView } from "@booking/contracts";
import { type ReactNode, useEffect, useMemo, useState } from "react";
import { bookingItemLines } from "../../components/cart/booking-item-summary";
import { itemDatesSummary, itemTitle } from "../../components/cart/cart-item-row";
import { requestItemLines } from "../../components/cart/request-item-summary";
import { SummaryCard, SummaryRow } from "../../components/cart/summary";
import { BankTransfer } from "../../components/checkout/bank-transfer";
import { CheckCircleIcon, LockIcon } from "../../components/icons";
import { useAuthLinks } from "../../components/layout/use-auth-links";
import { ButtonLink, buttonClasses } from "../../components/ui/button";
import { Spinner } from "../../components/ui/spinner";
import { useTranslation } from "../../i18n/react";
import { ApiRequestError, api } from "../../lib/api";
import { createFormatters, type Formatters } from "../../lib/format";
import { useLanguage, useStorefrontShell } from "../../lib/root-data";
import { seoMeta } from "../../lib/seo";
import { requireStorefront } from "../../lib/server-context";
import { simplePageSeo } from "../../lib/storefront-page";
import type { Route } from "./+types/checkout-success";

export function loader({ context, params, request }: Route.LoaderArgs) {
  const { organiser } = requireStorefront(context);
  return {
    seo: simplePageSeo(context, params, request, {
      title: "checkout.success.title",
      description: "checkout.meta_description",
      path: `/checkout/${encodeURIComponent(params.cart)}/success`,
      robots: "noindex",
    }),
    cuid: params.cart,
    catalogue: organiser.catalogue?.path || "/",
  };
}

export const meta: Route.MetaFunction = ({ loaderData }) => seoMeta(loaderData?.seo);

type Payment = NonNullable<CartPaymentView["payment"]>;

type Load =
  | { state: "loading" }
  | { state: "ready"; cart: ProcessedCartView }
  /** an online payment not confirmed yet: `waiting` once the polls are over */
  | { state: "confirming"; payment: Payment | null; waiting: boolean }
  | { state: "failed" }
  | { state: "refunded"; payment: Payment }
  | { state: "not_completed" }
  | { state: "error"; code: string };

/** How often and how long the page asks whether the provider's webhook has landed. */
const POLL_INTERVAL_MS = 2_000;
const POLL_ATTEMPTS = 15;

/** What the page shows of a cart that is not processed (yet). */
function unprocessedState(
  view: CartPaymentView,
): Exclude<Load, { state: "ready" | "loading" | "error" }> {
  const payment = view.payment;
  if (view.cart.state === "awaiting_payment") {
    return { state: "confirming", payment, waiting: false };
  }
  if (payment?.status === "refunded") return { state: "refunded", payment };
  if (payment && payment.status !== "open" && payment.status !== "paid") return { state: "failed" };
  return { state: "not_completed" };
}

/**
 * The cart after checkout (storefront.md "/checkout/{cart}/success"), read in the browser: the
 * loaders have no reader for it, and the page is only for its customer. First where the cart
 * stands (GET /api/carts/{cuid}/payment): processed → the order (GET /api/carts/{cuid}); waiting
 * for its online payment → "payment being confirmed", asked again every 2 s until the provider's
 * webhook lands (then "still being confirmed" with the way back to the payment); a payment that
 * failed → "retry" back to /checkout; a payment refunded → why.
 */
export default function CheckoutSuccess({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const shell = useStorefrontShell();
  const authLinks = useAuthLinks();
  const language = useLanguage();
  const loggedIn = Boolean(shell?.customer);
  const currency = shell?.organiser.currency ?? "EUR";
  const timezone = shell?.organiser.timezone ?? "UTC";
  const format = useMemo(
    () => createFormatters(language, timezone, currency),
    [language, timezone, currency],
  );
  const [load, setLoad] = useState<Load>({ state: "loading" });

  useEffect(() => {
    if (!loggedIn) return;
    let current = true;
    let timer: ReturnType<typeof setTimeout> | undefined;
    setLoad({ state: "loading" });
    const read = async (attempt: number): Promise<void> => {
      try {
        const view = await api.cartPayment(loaderData.cuid);
        if (!current) return;
        if (view.cart.state === "processed") {
          const response = await api.processedCart(loaderData.cuid);
          if (current) setLoad({ state: "ready", cart: response.cart });
          return;
        }
        const next = unprocessedState(view);
        if (next.state === "confirming" && attempt + 1 < POLL_ATTEMPTS) {
          setLoad(next);
          timer = setTimeout(() => void read(attempt + 1), POLL_INTERVAL_MS);
          return;
        }
        setLoad(next.state === "confirming" ? { ...next, waiting: true } : next);
      } catch (error) {
        if (current) {
          setLoad({
            state: "error",
            code: error instanceof ApiRequestError ? error.code : "UNKNOWN_ERROR",
          });
        }
      }
    };
    void read(0);
    return () => {
      current = false;
      clearTimeout(timer);
    };
  }, [loaderData.cuid, loggedIn]);

  let content: ReactNode;
  if (!shell) {
    content = null;
  } else if (!loggedIn) {
    content = (
      <Message title={t("checkout.login.title")} subtitle={t("checkout.success.login")}>
        <ButtonLink to={authLinks.login}>{t("checkout.login.action")}</ButtonLink>
      </Message>
    );
  } else if (load.state === "loading") {
    content = (
      <div className="flex justify-center py-16" role="status" data-testid="success-loading">
        <Spinner />
        <span className="sr-only">{t("checkout.loading")}</span>
      </div>
    );
  } else if (load.state === "error") {
    content = (
      <Message
        title={t(
          load.code === "CART_NOT_FOUND" || load.code === "NOT_FOUND"
            ? "checkout.success.not_found"
            : "checkout.success.error",
        )}
        subtitle={t(`forms.errors.${load.code}`, { defaultValue: load.code })}
      >
        <ButtonLink to={loaderData.catalogue}>{t("checkout.success.catalogue")}</ButtonLink>
      </Message>
    );
  } else if (load.state === "confirming") {
    content = (
      <Message
        testId={load.waiting ? "success-waiting" : "success-confirming"}
        title={t(
          load.waiting
            ? "checkout.success.states.waiting_title"
            : "checkout.success.states.confirming_title",
        )}
        subtitle={t(
          load.waiting
            ? "checkout.success.states.waiting_subtitle"
            : "checkout.success.states.confirming_subtitle",
        )}
      >
        {load.waiting ? (
          <div className="flex flex-col gap-2 sm:flex-row">
            {load.payment?.checkout_url ? (
              <a href={load.payment.checkout_url} className={buttonClasses("primary")}>
                <LockIcon className="inline size-4" aria-hidden="true" />
                {t("checkout.in_progress.resume")}
              </a>
            ) : null}
            <ButtonLink to="/checkout" variant="secondary">
              {t("checkout.title")}
            </ButtonLink>
          </div>
        ) : (
          <div role="status">
            <Spinner />
            <span className="sr-only">{t("checkout.loading")}</span>
          </div>
        )}
      </Message>
    );
  } else if (load.state === "failed") {
    content = (
      <Message
        testId="success-payment-failed"
        title={t("checkout.success.states.failed_title")}
        subtitle={t("checkout.success.states.failed_subtitle")}
      >
        <ButtonLink to="/checkout" data-testid="success-retry">
          {t("checkout.success.states.retry")}
        </ButtonLink>
      </Message>
    );
  } else if (load.state === "refunded") {
    content = (
      <Message
        testId="success-refunded"
        title={t("checkout.success.states.refunded_title")}
        subtitle={t(
          `checkout.success.states.refunded_${load.payment.refund_reason ?? "NOT_AWAITED"}`,
        )}
      >
        <ButtonLink to={loaderData.catalogue}>{t("checkout.success.catalogue")}</ButtonLink>
      </Message>
    );
  } else if (load.state === "not_completed") {
    content = (
      <Message
        testId="success-not-completed"
        title={t("checkout.success.states.not_completed_title")}
        subtitle={t("checkout.success.states.not_completed_subtitle")}
      >
        <ButtonLink to="/checkout">{t("checkout.title")}</ButtonLink>
      </Message>
    );
  } else {
    content = <ProcessedCart cart={load.cart} format={format} catalogue={loaderData.catalogue} />;
  }

  return <div className="mx-auto w-full max-w-4xl px-4 py-10 sm:px-6 lg:py-14">{content}</div>;
}

function Message({
  title,
  subtitle,
  testId,
  children,
}: {
  title: string;
  subtitle: string;
  testId?: string;
  children?: ReactNode;
}) {
  return (
    <div
      data-testid={testId}
      className="mx-auto flex max-w-lg flex-col items-center gap-3 rounded-2xl border border-slate-200 bg-white px-6 py-12 text-center"
    >
      <h1 className="text-2xl font-bold text-slate-950">{title}</h1>
      <p className="text-slate-700">{subtitle}</p>
      <div className="mt-3">{children}</div>
    </div>
  );
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className="flex flex-col gap-3">
      <h2 className="text-xl font-semibold text-slate-950">{title}</h2>
      <ul className="divide-y divide-slate-200 rounded-xl border border-slate-200 bg-white px-4">
        {children}
      </ul>
    </section>
  );
}

function Line({
  title,
  lines,
  amount,
  testId,
  extra,
}: {
  title: string;
  lines: Array<string | null>;
  amount: string;
  testId: string;
  extra?: ReactNode;
}) {
  return (
    <li data-testid={testId} className="flex gap-3 py-4">
      <div className="min-w-0 flex-1">
        <p className="font-semibold break-words text-slate-950">{title}</p>
        {lines.filter(Boolean).map((line) => (
          <p key={line} className="text-sm text-slate-700">
            {line}
          </p>
        ))}
        {extra}
      </div>
      <p className="font-semibold whitespace-nowrap text-slate-950">{amount}</p>
    </li>
  );
}

function firstStart(registration: ProcessedCartView["registrations"][number]): number {
  const starts = registration.dates.map((entry) => Date.parse(entry.date.start_at));
  return starts.length > 0 ? Math.min(...starts) : Date.parse(registration.availability.start_at);
}

function ProcessedCart({
  cart,
  format,
  catalogue,
}: {
  cart: ProcessedCartView;
  format: Formatters;
  catalogue: string;
}) {
  const { t } = useTranslation();
  const registrations = [...cart.registrations].sort((a, b) => firstStart(a) - firstStart(b));
  // Registration requests are what the order's request items asked for (approved later).
  const requests = cart.items.filter((item) => item.request !== null);
  const bookings = cart.items.filter((item) => item.resource !== null);
  const { totals } = cart;
  // What an online payment paid (the rest of `paid` is the wallet).
  const paidOnline = totals.paid - totals.wallet_used;
  const paidInFull = !cart.bank_transfer && paidOnline > 0 && totals.outstanding === 0;

  return (
    <div className="flex flex-col gap-10" data-testid="checkout-success">
      <header className="flex flex-col items-center gap-3 text-center">
        <span className="inline-flex size-16 items-center justify-center rounded-full bg-accent-soft text-accent-ink">
          <CheckCircleIcon className="size-9" />
        </span>
        <h1 className="text-3xl font-bold tracking-tight text-slate-950 md:text-4xl">
          {t("checkout.success.title")}
        </h1>
        <p className="max-w-xl text-slate-700">
          {t(
            cart.bank_transfer
              ? "checkout.success.subtitle_delayed"
              : paidInFull
                ? "checkout.success.subtitle_paid"
                : "checkout.success.subtitle",
          )}
        </p>
        <p className="text-sm text-slate-600">
          {t("checkout.success.order", {
            reference: cart.reference,
            date: format.dateTime(cart.processed_at),
          })}
        </p>
      </header>

      {cart.bank_transfer ? <BankTransfer transfer={cart.bank_transfer} format={format} /> : null}
      {paidInFull ? (
        <section
          aria-labelledby="paid-title"
          className="flex items-start gap-3 rounded-2xl border-2 border-[var(--accent-ink)] bg-white p-6"
          data-testid="success-paid"
        >
          <CheckCircleIcon className="mt-1 size-5 shrink-0 text-accent-ink" aria-hidden="true" />
          <div>
            <h2 id="paid-title" className="text-xl font-semibold text-slate-950">
              {t("checkout.success.paid_title")}
            </h2>
            <p className="mt-1 text-sm text-slate-700">
              {t("checkout.success.paid_text", { amount: format.money(paidOnline) })}
            </p>
          </div>
        </section>
      ) : null}

      {registrations.length > 0 ? (
        <Section title={t("checkout.success.registrations", { count: registrations.length })}>
          {registrations.map((registration) => (
            <Line
              key={registration.id}
              testId="success-registration"
              title={registration.availability.activity.title}
              lines={[
                t("cart.item.participant", { name: registration.participant.fullname }),
                itemDatesSummary(
                  registration.dates.map((entry) => entry.date),
                  registration.availability,
                  format,
                  t,
                ),
                registration.deposit_amount > 0
                  ? t("cart.item.deposit", { amount: format.money(registration.deposit_amount) })
                  : null,
              ]}
              amount={format.money(registration.total_amount)}
            />
          ))}
        </Section>
      ) : null}

      {requests.length > 0 ? (
        <Section title={t("checkout.success.requests", { count: requests.length })}>
          {requests.map((item) => (
            <Line
              key={item.id}
              testId="success-request"
              title={itemTitle(item)}
              lines={[
                item.participant
                  ? t("cart.item.participant", { name: item.participant.fullname })
                  : null,
                ...requestItemLines(item.request!, format, t),
              ]}
              amount={format.money(item.price)}
            />
          ))}
        </Section>
      ) : null}

      {bookings.length > 0 ? (
        <Section title={t("checkout.success.bookings", { count: bookings.length })}>
          {bookings.map((item) => (
            <Line
              key={item.id}
              testId="success-booking"
              title={itemTitle(item)}
              lines={[
                item.participant
                  ? t("cart.item.participant", { name: item.participant.fullname })
                  : null,
                itemDatesSummary(item.booking_dates, null, format, t),
                ...bookingItemLines(item, format, t),
              ]}
              amount={format.money(item.price)}
            />
          ))}
        </Section>
      ) : null}

      {cart.bundles.length > 0 ? (
        <Section title={t("checkout.success.bundles", { count: cart.bundles.length })}>
          {cart.bundles.map((bundle) => (
            <Line
              key={bundle.id}
              testId="success-bundle"
              title={bundle.bundle.title}
              lines={[
                bundle.participant
                  ? t("cart.item.participant", { name: bundle.participant.fullname })
                  : null,
                bundle.expires_at
                  ? t("checkout.success.valid_until", { date: format.date(bundle.expires_at) })
                  : null,
              ]}
              amount={format.money(bundle.total_amount)}
            />
          ))}
        </Section>
      ) : null}

      {cart.vouchers.length > 0 ? (
        <Section title={t("checkout.success.vouchers", { count: cart.vouchers.length })}>
          {cart.vouchers.map((voucher) => (
            <Line
              key={voucher.id}
              testId="success-voucher"
              title={voucher.voucher.title}
              lines={[
                voucher.expires_at
                  ? t("checkout.success.valid_until", { date: format.date(voucher.expires_at) })
                  : null,
              ]}
              extra={
                <p className="mt-1 text-sm text-slate-700">
                  {t("checkout.success.voucher_code")}{" "}
                  <span className="rounded bg-slate-100 px-2 py-0.5 font-mono font-semibold tracking-wider text-slate-950">
                    {voucher.code}
                  </span>
                </p>
              }
              amount={format.money(voucher.total_amount)}
            />
          ))}
        </Section>
      ) : null}

      {cart.memberships.length > 0 ? (
        <Section title={t("checkout.success.memberships", { count: cart.memberships.length })}>
          {cart.memberships.map((membership) => (
            <Line
              key={membership.id}
              testId="success-membership"
              title={membership.membership.title}
              lines={[
                membership.participant
                  ? t("cart.item.participant", { name: membership.participant.fullname })
                  : null,
                t("checkout.success.period", {
                  start: format.date(membership.start_at),
                  end: format.date(membership.end_at),
                }),
              ]}
              amount={format.money(membership.total_amount)}
            />
          ))}
        </Section>
      ) : null}

      <SummaryCard title={t("checkout.summary.title")}>
        <SummaryRow label={t("checkout.summary.total")} value={format.money(totals.total)} strong />
        {totals.wallet_used > 0 ? (
          <SummaryRow
            label={t("checkout.summary.wallet")}
            value={`− ${format.money(totals.wallet_used)}`}
          />
        ) : null}
        {totals.service_fees > 0 ? (
          <SummaryRow
            label={t("checkout.summary.service_fees")}
            value={format.money(totals.service_fees)}
          />
        ) : null}
        <SummaryRow label={t("checkout.summary.payable")} value={format.money(totals.payable)} />
        {paidOnline > 0 ? (
          <SummaryRow
            label={t("checkout.success.paid")}
            value={format.money(paidOnline)}
            testId="success-paid-online"
          />
        ) : null}
        <SummaryRow
          label={t("checkout.success.outstanding")}
          value={format.money(totals.outstanding)}
          strong
          testId="success-outstanding"
        />
      </SummaryCard>

      <div className="flex flex-col justify-center gap-3 sm:flex-row">
        <ButtonLink to="/account/registrations">{t("checkout.success.account")}</ButtonLink>
        <ButtonLink to={catalogue} variant="secondary">
          {t("checkout.success.catalogue")}
        </ButtonLink>
      </div>
    </div>
  );
}
