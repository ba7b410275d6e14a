import type { EstimateAnswer, EstimateCartItemBody, EstimateView } from "@booking/contracts";
import { formatMoney } from "@booking/domain/money";
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { useCallback, useEffect, useState } from "react";
import { useTranslation } from "../../i18n/react";
import { ApiRequestError, api } from "../../lib/api";
import { useDataCache } from "../../lib/data-cache";
import { estimateLines } from "../../lib/price-lines";
import { Spinner } from "../ui/spinner";

/** Every estimate of the data cache: invalidated when the cart changes (storefront.md §4, §7). */
const ESTIMATES_KEY = ["estimates"] as const;
const ESTIMATE_DEBOUNCE_MS = 300;

/**
 * Marks every cached estimate stale. The ones on screen are asked again, unless `refetch` is
 * false: then each is asked again when its form next changes.
 */
export function useInvalidateEstimates(): (options?: { refetch?: boolean }) => Promise<void> {
  const client = useDataCache();
  return useCallback(
    (options) =>
      client.invalidateQueries({
        queryKey: ESTIMATES_KEY,
        refetchType: options?.refetch === false ? "none" : "active",
      }),
    [client],
  );
}

/** `value` once it has not changed for `delay` ms (compared by its JSON text). */
function useDebounced<T>(value: T, delay: number): T {
  const text = JSON.stringify(value);
  const [settled, setSettled] = useState(text);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(text), delay);
    return () => clearTimeout(timer);
  }, [text, delay]);
  return JSON.parse(settled) as T;
}

/**
 * The live estimate of a registration (POST /api/carts/items/estimate) through the data cache:
 * asked when `body` is known (a participant and at least one date), again when it changes
 * (debounced) or the cart changes (`useInvalidateEstimates`), never on window focus or on mount
 * of a body already answered; the last answer stays on screen while the next loads. `first`, the
 * answer the page carried for the body of the form's first render, is that body's answer: its
 * estimate, or its refusal (`refused`, not asked again while the body stays the first).
 */
export function useEstimate(
  body: EstimateCartItemBody | null,
  first: EstimateAnswer | null = null,
) {
  const settled = useDebounced(body, ESTIMATE_DEBOUNCE_MS);
  const [firstBody] = useState(() => JSON.stringify(body));
  const carried = first && JSON.stringify(settled) === firstBody ? first : null;
  const refused = carried && "error" in carried ? carried.error : null;
  const query = useQuery(
    {
      queryKey: [...ESTIMATES_KEY, settled],
      queryFn: () => api.estimateCartItem(settled as EstimateCartItemBody),
      enabled: settled !== null && refused === null,
      initialData: carried && "estimate" in carried ? carried.estimate : undefined,
      // Fresh until the body or the cart changes: the page's estimate is not asked again.
      staleTime: Number.POSITIVE_INFINITY,
      placeholderData: keepPreviousData,
    },
    useDataCache(),
  );
  return { query, refused };
}

/**
 * The estimate box of the add form: the estimated price, how it is built (what a bundle or a
 * discount takes off shown as taken off) and, when a bundle pays, a sentence saying how much it
 * pays and what is left.
 */
export function EstimatePanel({
  body,
  first = null,
  currency,
  locale,
}: {
  body: EstimateCartItemBody | null;
  /** the page's answer for the first body (see useEstimate) */
  first?: EstimateAnswer | null;
  currency: string;
  locale: string;
}) {
  const { t } = useTranslation();
  const { query, refused } = useEstimate(body, first);
  const money = (minor: number) => formatMoney(minor, currency, locale);
  const estimate: EstimateView | undefined = body && !refused ? query.data : undefined;
  const lines = estimate ? estimateLines(estimate) : [];
  const errorCode = !body
    ? null
    : (refused ??
      (query.isError
        ? query.error instanceof ApiRequestError
          ? query.error.code
          : "UNKNOWN_ERROR"
        : null));

  return (
    <section
      aria-live="polite"
      aria-label={t("cart.add-to-cart.form.estimate.title")}
      className="rounded-lg bg-slate-50 p-3 ring-1 ring-slate-200"
    >
      <div className="flex items-baseline justify-between gap-4">
        <span className="font-medium">{t("cart.add-to-cart.form.estimate.title")}</span>
        {estimate ? (
          <span className="text-xl font-bold text-slate-950" data-testid="estimate-price">
            {money(estimate.price)}
          </span>
        ) : body && query.isFetching ? (
          <Spinner />
        ) : null}
      </div>
      {body ? null : (
        <p className="mt-1 text-sm text-slate-600">{t("cart.add-to-cart.form.estimate.idle")}</p>
      )}
      {errorCode ? (
        <p className="mt-1 text-sm text-red-700" data-testid="estimate-error">
          {t(`forms.errors.${errorCode}`, { defaultValue: errorCode })}
        </p>
      ) : null}
      {lines.length > 0 ? (
        <dl
          className="mt-2 flex flex-col gap-1 text-sm text-slate-700"
          data-testid="estimate-details"
        >
          {lines.map((line) => (
            <div key={line.key} className="flex justify-between gap-4">
              <dt>
                {t(`cart.add-to-cart.form.estimate.details.${line.key}`, { name: line.name })}
              </dt>
              <dd className="whitespace-nowrap">
                {line.deduction ? `− ${money(line.amount)}` : money(line.amount)}
              </dd>
            </div>
          ))}
        </dl>
      ) : null}
      {estimate && estimate.details.bundle_total > 0 ? (
        <p className="mt-2 text-sm font-medium text-slate-900" data-testid="estimate-bundle">
          {t("cart.add-to-cart.form.estimate.bundle_note", {
            covered: money(estimate.details.bundle_total),
            left: money(estimate.price),
          })}
        </p>
      ) : null}
      {estimate && estimate.deposit > 0 ? (
        <p className="mt-1 flex justify-between gap-4 text-sm text-slate-700">
          <span>{t("catalogue.deposit")}</span>
          <span>{money(estimate.deposit)}</span>
        </p>
      ) : null}
    </section>
  );
}
