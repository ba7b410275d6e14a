import type { AvailabilityView } from "@booking/contracts";
import {
  defaultDateSelection,
  isDateSelectable,
  sortByStart,
} from "@booking/domain/availability-dates";
import { zodResolver } from "@hookform/resolvers/zod";
import { useEffect, useId } from "react";
import { type Path, type UseFormReturn, useForm } from "react-hook-form";
import { redirect, useNavigate } from "react-router";
import { z } from "zod";
import {
  AddToCartForm,
  ParticipantField,
  QuantityField,
  quantitySchema,
} from "../../components/cart/add-to-cart-fields";
import { LoginPrompt } from "../../components/catalogue/detail";
import { CalendarIcon, CartIcon } from "../../components/icons";
import { LocalizedLink, useLocalizedHref } from "../../components/localized-link";
import { ButtonLink } from "../../components/ui/button";
import { FieldErrorText, useErrorMessage } from "../../components/ui/field";
import { useTranslation } from "../../i18n/react";
import { api } from "../../lib/api";
import { useCart } from "../../lib/cart-context";
import { useSubmitErrorHandler } from "../../lib/form-errors";
import { withAgeEligibility } from "../../lib/participant-eligibility";
import { languagePath, seoMeta } from "../../lib/seo";
import { participantChoice, simplePageSeo, storefrontPage } from "../../lib/storefront-page";
import { toastSuccessOf } from "../../lib/toast";
import type { Route } from "./+types/cart-add";

/** The most availabilities one selection takes (the rest of the list is ignored). */
const MAX_SELECTED = 20;
/** The most places of each registration. */
const MAX_QUANTITY = 20;

/** A comma-separated list of cuids, blanks and repeats dropped. */
function cuidList(value: string | null): string[] {
  if (!value) return [];
  return [
    ...new Set(
      value
        .split(",")
        .map((part) => part.trim())
        .filter(Boolean),
    ),
  ];
}

/** The query of a selection: `availabilities` then `dates` (omitted when empty), commas kept. */
function selectionSearch(availabilities: readonly string[], dates: readonly string[]) {
  const parts: string[] = [];
  if (availabilities.length > 0)
    parts.push(`availabilities=${availabilities.map(encodeURIComponent).join(",")}`);
  if (dates.length > 0) parts.push(`dates=${dates.map(encodeURIComponent).join(",")}`);
  return parts.length > 0 ? `?${parts.join("&")}` : "";
}

/**
 * The dates chosen of an availability: with `dates` in the query, those of its dates that are
 * listed (and selectable); without, every selectable date.
 */
function chosenDates(availability: AvailabilityView, wanted: ReadonlySet<string>, now: Date) {
  if (wanted.size === 0) {
    const ids = new Set(defaultDateSelection(availability.dates, now));
    return sortByStart(availability.dates).filter((date) => ids.has(date.id));
  }
  return sortByStart(availability.dates).filter(
    (date) => wanted.has(date.cuid) && isDateSelectable(date, now),
  );
}

/** A lookup the reader refuses (malformed cuid) counts as unknown. */
async function readAvailability(
  read: (cuid: string) => Promise<AvailabilityView | null>,
  cuid: string,
): Promise<AvailabilityView | null> {
  try {
    return await read(cuid);
  } catch (error) {
    if ((error as { code?: unknown } | null)?.code === "VALIDATION_ERROR") return null;
    throw error;
  }
}

export async function loader({ context, params, request }: Route.LoaderArgs) {
  const { storefront, format, language } = storefrontPage(context, params);
  const url = new URL(request.url);
  const cuids = cuidList(url.searchParams.get("availabilities")).slice(0, MAX_SELECTED);
  const wanted = new Set(cuidList(url.searchParams.get("dates")));
  const now = new Date();
  const reader = storefront.reader;

  const [found, participants] = await Promise.all([
    Promise.all(cuids.map((cuid) => readAvailability((value) => reader.availability(value), cuid))),
    storefront.session.customer ? reader.participants() : Promise.resolve([]),
  ]);

  // Sessions of an activity taking requests are asked for, not added: the request page.
  const listed = found.filter((availability) => availability !== null);
  if (
    listed.length > 0 &&
    listed.every((availability) => availability.activity.registration_flow === "REQUEST")
  ) {
    throw redirect(
      languagePath(
        language,
        `/cart/registrations/request?availabilities=${listed.map((item) => item.cuid).join(",")}`,
      ),
    );
  }

  const items = found
    .filter((availability) => availability !== null)
    .map((availability) => {
      const dates = chosenDates(availability, wanted, now);
      return {
        id: availability.id,
        cuid: availability.cuid,
        title: availability.activity.title,
        price: format.money(availability.price),
        dateRange: format.dateRange(availability.start_at, availability.end_at),
        /** every date cuid of the availability, to drop them from the query on removal */
        allDateCuids: availability.dates.map((date) => date.cuid),
        dates: dates.map((date) => ({
          id: date.id,
          label: format.dateRange(date.start_at, date.end_at),
        })),
        // The API's booking state (decision 0030) and a date left to book.
        bookable: availability.booking.bookable && dates.length > 0,
      };
    });

  return {
    seo: simplePageSeo(context, params, request, {
      title: "cart.add_several.title",
      description: "cart.add_several.meta_description",
      path: "/cart/add",
      robots: "noindex",
    }),
    customer: storefront.session.customer !== null && storefront.session.customer !== undefined,
    items,
    /** the query's date cuids, kept as they are when an item is removed */
    dates: [...wanted],
    // The sessions picked in a calendar go to one participant: the form starts on the first
    // who may go to every one of them (the age limits, decision 0031).
    ...withAgeEligibility(
      participantChoice(participants, request, { autoSelect: true }),
      participants,
      found.filter(
        (availability): availability is AvailabilityView => availability?.booking.bookable === true,
      ),
      storefront.organiser.timezone,
      { autoSelect: true },
    ),
  };
}

export const meta: Route.MetaFunction = ({ loaderData }) => seoMeta(loaderData?.seo);

type LoaderData = Route.ComponentProps["loaderData"];
type Item = LoaderData["items"][number];

interface FormValues {
  participant_id: string;
  quantity: number;
  /** one entry per listed item: where the API's `registrations.{i}.…` errors land */
  items: Array<{ dates: string }>;
}

const formSchema = z.object({
  participant_id: z.string().min(1, "REQUIRED"),
  quantity: quantitySchema(MAX_QUANTITY),
  items: z.array(z.object({ dates: z.string() })),
});

export default function CartAdd({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { items, customer } = loaderData;
  const form = useForm<FormValues>({
    resolver: zodResolver(formSchema),
    defaultValues: {
      participant_id: loaderData.participantId !== null ? String(loaderData.participantId) : "",
      quantity: 1,
      items: items.map(() => ({ dates: "" })),
    },
  });
  // A removal shifts the indexes: errors of the former list no longer apply.
  const selection = items.map((item) => item.cuid).join(",");
  const { clearErrors } = form;
  useEffect(() => {
    void selection;
    clearErrors("items");
  }, [selection, clearErrors]);

  return (
    <div className="mx-auto w-full max-w-6xl px-4 py-10 sm:px-6 lg:py-14">
      <h1 className="text-3xl font-bold tracking-tight text-slate-950 md:text-4xl">
        {t("cart.add_several.title")}
      </h1>
      {items.length === 0 ? (
        <EmptyState />
      ) : (
        <div className="mt-8 grid gap-8 lg:grid-cols-[minmax(0,1fr)_minmax(18rem,24rem)] lg:items-start lg:gap-12">
          <div className="min-w-0 lg:sticky lg:top-24 lg:col-start-2 lg:row-start-1">
            {customer ? <SeveralForm data={loaderData} form={form} /> : <LoginPrompt />}
          </div>
          <section
            aria-labelledby="cart-add-items"
            className="flex min-w-0 flex-col gap-4 lg:col-start-1 lg:row-start-1"
          >
            <h2 id="cart-add-items" className="text-xl font-semibold text-slate-950">
              {t("cart.add_several.selection", { count: items.length })}
            </h2>
            <ul className="flex flex-col gap-3">
              {items.map((item, index) => (
                <SelectedItem
                  key={item.cuid}
                  item={item}
                  index={index}
                  data={loaderData}
                  error={form.formState.errors.items?.[index]?.dates?.message}
                />
              ))}
            </ul>
          </section>
        </div>
      )}
    </div>
  );
}

function EmptyState() {
  const { t } = useTranslation();
  return (
    <div
      data-testid="cart-add-empty"
      className="mt-8 flex flex-col items-center gap-2 rounded-2xl border border-dashed border-slate-300 px-6 py-12 text-center"
    >
      <CartIcon className="size-10 text-slate-400" />
      <h2 className="text-lg font-semibold text-slate-950">{t("cart.add_several.empty.title")}</h2>
      <p className="text-slate-700">{t("cart.add_several.empty.subtitle")}</p>
      <ButtonLink to="/" className="mt-3">
        {t("cart.add_several.empty.action")}
      </ButtonLink>
    </div>
  );
}

/** One selected availability: title, dates, price, and the link that removes it from the query. */
function SelectedItem({
  item,
  index,
  data,
  error,
}: {
  item: Item;
  index: number;
  data: LoaderData;
  error: string | undefined;
}) {
  const { t } = useTranslation();
  const errorMessage = useErrorMessage();
  const remaining = data.items.filter((other) => other.cuid !== item.cuid).map((o) => o.cuid);
  const dropped = new Set(item.allDateCuids);
  const search = selectionSearch(
    remaining,
    data.dates.filter((date) => !dropped.has(date)),
  );
  const message = errorMessage(error);
  return (
    <li
      data-testid="cart-add-item"
      className="flex flex-col gap-2 rounded-2xl border border-slate-200 bg-white p-4 shadow-sm sm:flex-row sm:items-start sm:justify-between"
    >
      <div className="flex min-w-0 flex-col gap-1">
        <LocalizedLink
          to={`/availabilities/${item.cuid}`}
          className="font-semibold break-words text-slate-950 underline-offset-2 hover:underline"
        >
          {item.title}
        </LocalizedLink>
        <ul className="flex flex-col gap-0.5 text-sm text-slate-700">
          {(item.dates.length > 0 ? item.dates.map((date) => date.label) : [item.dateRange]).map(
            (label) => (
              <li key={label} className="flex items-start gap-2">
                <CalendarIcon className="mt-0.5 size-4 shrink-0 text-accent-ink" />
                <span>{label}</span>
              </li>
            ),
          )}
        </ul>
        {!item.bookable ? (
          <p className="text-sm font-medium text-amber-800">{t("cart.add_several.unavailable")}</p>
        ) : item.dates.length === 0 ? (
          <p className="text-sm font-medium text-amber-800">{t("cart.add_several.no_dates")}</p>
        ) : null}
        {message ? (
          <FieldErrorText id={`cart-add-item-${index}-error`}>{message}</FieldErrorText>
        ) : null}
      </div>
      <div className="flex shrink-0 items-center justify-between gap-4 sm:flex-col sm:items-end">
        <span className="font-semibold text-slate-950">{item.price}</span>
        <LocalizedLink
          to={`/cart/add${search}`}
          replace
          data-testid="cart-add-remove"
          aria-label={t("cart.add_several.remove_label", { title: item.title })}
          className="text-sm font-medium text-accent-ink underline underline-offset-2"
        >
          {t("cart.add_several.remove")}
        </LocalizedLink>
      </div>
    </li>
  );
}

/**
 * The customer's form: participant and quantity for every listed availability, sent as ONE
 * POST /api/carts/items (one registration per bookable availability, with its chosen dates),
 * then /checkout.
 */
function SeveralForm({ data, form }: { data: LoaderData; form: UseFormReturn<FormValues> }) {
  const { t, i18n } = useTranslation();
  const ids = useId();
  const cart = useCart();
  const navigate = useNavigate();
  const localized = useLocalizedHref();
  const handleError = useSubmitErrorHandler();
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = form;
  const sent = data.items
    .map((item, index) => ({ item, index }))
    .filter(({ item }) => item.bookable && item.dates.length > 0);

  const onSubmit = handleSubmit(async (values) => {
    try {
      await api.addCartItems({
        registrations: sent.map(({ item }) => ({
          availability_id: item.id,
          participant_id: Number(values.participant_id),
          quantity: values.quantity,
          availability_dates: item.dates.map((date) => ({ date_id: date.id })),
        })),
      });
      toastSuccessOf(i18n, "cart.messages.updated");
      await cart.refresh();
      await navigate(localized("/checkout"));
    } catch (error) {
      handleError(error, setError, (path) => {
        const match = /^registrations\.(\d+)\.(.+)$/.exec(path);
        if (!match) return null;
        const field = match[2]!;
        if (field === "participant_id" || field === "quantity") return field;
        const entry = sent[Number(match[1])];
        if (!entry) return null;
        return `items.${entry.index}.dates` as Path<FormValues>;
      });
    }
  });

  return (
    <AddToCartForm
      title={t("cart.add_several.form_title")}
      testId="cart-add-panel"
      onSubmit={onSubmit}
      pending={isSubmitting}
      submitTestId="cart-add-submit"
      submitDisabled={sent.length === 0}
    >
      <p className="text-base text-slate-700">
        {t("cart.add_several.form_body", { count: sent.length })}
      </p>
      <ParticipantField
        id={`${ids}-participant`}
        participants={data.participants}
        error={errors.participant_id}
        registration={register("participant_id")}
      >
        {data.participants.length === 0 ? (
          <p className="text-sm text-slate-700">{t("cart.add-to-cart.form.no_participants")}</p>
        ) : null}
      </ParticipantField>
      <QuantityField
        id={`${ids}-quantity`}
        max={MAX_QUANTITY}
        error={errors.quantity}
        registration={register("quantity", { valueAsNumber: true })}
      />
    </AddToCartForm>
  );
}
