import type { ProcessedCartView } from "@booking/contracts";
import { type ReactNode, useEffect, useMemo, useState } from "react";
import { useTranslation } from "react-i18next";
import { itemDatesSummary } from "../../components/cart/cart-item-row";
import { SummaryCard, SummaryRow } from "../../components/cart/summary";
import { CheckCircleIcon, InfoIcon } from "../../components/icons";
import { useAuthLinks } from "../../components/layout/use-auth-links";
import { Button, ButtonLink } from "../../components/ui/button";
import { Spinner } from "../../components/ui/spinner";
import { ApiRequestError, api } from "../../lib/api";
import { createFormatters, type Formatters } from "../../lib/format";
import { useLanguage, useStorefrontShell } from "../../lib/root-data";
import { seoMeta } from "../../lib/seo";
import { requireStorefront } from "../../lib/server-context";
import { simplePageSeo } from "../../lib/storefront-page";
import { toastError, toastSuccess } from "../../lib/toast";
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

/** "BE68539007547034" → "BE68 5390 0754 7034". */
export function formatIban(iban: string): string {
  return iban
    .replace(/\s+/g, "")
    .toUpperCase()
    .replace(/(.{4})/g, "$1 ")
    .trim();
}

type Load =
  | { state: "loading" }
  | { state: "ready"; cart: ProcessedCartView }
  | { state: "error"; code: string };

/**
 * The processed cart (storefront.md "/checkout/{cart}/success"), read in the browser with
 * GET /api/carts/{cuid}: the loaders have no reader for it, and the page is only for its customer.
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
    setLoad({ state: "loading" });
    api
      .processedCart(loaderData.cuid)
      .then((response) => {
        if (current) setLoad({ state: "ready", cart: response.cart });
      })
      .catch((error: unknown) => {
        if (current) {
          setLoad({
            state: "error",
            code: error instanceof ApiRequestError ? error.code : "UNKNOWN_ERROR",
          });
        }
      });
    return () => {
      current = false;
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
  } else {
    content = <ProcessedCart cart={load.cart} format={format} catalogue={loaderData.catalogue} />;
  }

  return <div className="mx-auto w-full max-w-4xl px-4 py-10 sm:px-6 lg:py-14">{content}</div>;
}

function Message({
  title,
  subtitle,
  children,
}: {
  title: string;
  subtitle: string;
  children?: ReactNode;
}) {
  return (
    <div className="mx-auto flex max-w-lg flex-col items-center gap-3 rounded-2xl border border-slate-200 bg-white px-6 py-12 text-center">
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
  const { totals } = cart;

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
            cart.bank_transfer ? "checkout.success.subtitle_delayed" : "checkout.success.subtitle",
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
        {totals.paid > totals.wallet_used ? (
          <SummaryRow
            label={t("checkout.success.paid")}
            value={format.money(totals.paid - totals.wallet_used)}
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

function BankTransfer({
  transfer,
  format,
}: {
  transfer: NonNullable<ProcessedCartView["bank_transfer"]>;
  format: Formatters;
}) {
  const { t } = useTranslation();
  const [copied, setCopied] = useState(false);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(transfer.reference);
      setCopied(true);
      toastSuccess(t("checkout.bank_transfer.copied"));
      setTimeout(() => setCopied(false), 2000);
    } catch {
      toastError("UNKNOWN_ERROR", t);
    }
  };
  return (
    <section
      aria-labelledby="bank-transfer-title"
      className="rounded-2xl border-2 border-[var(--accent-ink)] bg-white p-6"
      data-testid="bank-transfer"
    >
      <div className="flex items-start gap-3">
        <InfoIcon className="mt-1 size-5 shrink-0 text-accent-ink" aria-hidden="true" />
        <div>
          <h2 id="bank-transfer-title" className="text-xl font-semibold text-slate-950">
            {t("checkout.bank_transfer.title")}
          </h2>
          <p className="mt-1 text-sm text-slate-700">{t("checkout.bank_transfer.intro")}</p>
        </div>
      </div>
      <dl className="mt-5 grid gap-4 sm:grid-cols-2">
        <Detail label={t("checkout.bank_transfer.beneficiary")} value={transfer.beneficiary} />
        <Detail
          label={t("checkout.bank_transfer.amount")}
          value={format.money(transfer.amount)}
          testId="success-amount"
        />
        {transfer.iban ? (
          <Detail
            label={t("checkout.bank_transfer.iban")}
            value={formatIban(transfer.iban)}
            mono
            testId="success-iban"
          />
        ) : null}
        {transfer.bic ? (
          <Detail label={t("checkout.bank_transfer.bic")} value={transfer.bic} mono />
        ) : null}
      </dl>
      <div className="mt-6 rounded-xl bg-slate-50 p-4">
        <p className="text-sm font-medium text-slate-700">
          {t("checkout.bank_transfer.reference")}
        </p>
        <div className="mt-2 flex flex-wrap items-center gap-3">
          <p
            className="font-mono text-2xl font-bold tracking-wide break-all text-slate-950 sm:text-3xl"
            data-testid="success-reference"
          >
            {transfer.reference}
          </p>
          <Button variant="secondary" onClick={copy} data-testid="success-reference-copy">
            {copied ? t("checkout.bank_transfer.copied_short") : t("checkout.bank_transfer.copy")}
          </Button>
        </div>
        <p className="mt-2 text-sm text-slate-600">{t("checkout.bank_transfer.reference_hint")}</p>
      </div>
    </section>
  );
}

function Detail({
  label,
  value,
  mono,
  testId,
}: {
  label: string;
  value: string;
  mono?: boolean;
  testId?: string;
}) {
  return (
    <div>
      <dt className="text-sm text-slate-600">{label}</dt>
      <dd
        data-testid={testId}
        className={
          mono
            ? "font-mono text-base font-semibold break-all text-slate-950"
            : "text-base font-semibold break-words text-slate-950"
        }
      >
        {value}
      </dd>
    </div>
  );
}
