import type { BookingPartnerView } from "@booking/contracts";
import { BOOKING_PARTNER_SEARCH_MIN } from "@booking/domain";
import { useEffect, useId, useState } from "react";
import { useForm } from "react-hook-form";
import { useTranslation } from "../../i18n/react";
import { api } from "../../lib/api";
import type { BookingFormData } from "../../lib/booking-page";
import { useSubmitErrorHandler } from "../../lib/form-errors";
import { Button } from "../ui/button";
import { describedBy, FieldShell, inputClasses } from "../ui/field";
import { AddToCartForm, ParticipantField, useAfterAdding } from "./add-to-cart-fields";

interface FormValues {
  participant_id: string;
  /** `${duration}|${amount}` */
  price: string;
  payment_split: boolean;
}

/** How long typing pauses before the partner search runs. */
const SEARCH_DEBOUNCE_MS = 300;

/**
 * The booking form of /cart/bookings/add (storefront.md §5 "Booking"): the price choice
 * (`duration|amount`, only when the slot has several — with one price the booking proceeds
 * directly), the participant (one of the customer's), extra participants found through
 * GET /api/participants?scope=booking (3 characters at least), and payment_split — offered only
 * once someone is added, false by default. Sent as one `bookings` entry of POST /api/carts/items.
 */
export function BookingForm({ data }: { data: BookingFormData }) {
  const { t } = useTranslation();
  const ids = useId();
  const afterAdding = useAfterAdding();
  const handleError = useSubmitErrorHandler();
  const [partners, setPartners] = useState<BookingPartnerView[]>([]);
  const {
    register,
    handleSubmit,
    setError,
    watch,
    formState: { errors, isSubmitting },
  } = useForm<FormValues>({
    defaultValues: {
      participant_id: data.participantId !== null ? String(data.participantId) : "",
      price: data.price,
      payment_split: false,
    },
  });
  const chosen = data.prices.find((price) => price.value === watch("price")) ?? data.prices[0]!;

  const onSubmit = handleSubmit(async (values) => {
    if (!values.participant_id) {
      setError("participant_id", { message: "REQUIRED" });
      return;
    }
    try {
      const answer = await api.addCartItems({
        bookings: [
          {
            resource_id: data.resourceId,
            participant_id: Number(values.participant_id),
            dates: [{ start_at: data.startAt, end_at: chosen.endAt }],
            participants: partners.map((partner) => ({ id: partner.id })),
            payment_split: partners.length > 0 && values.payment_split,
          },
        ],
      });
      await afterAdding(answer);
    } catch (error) {
      handleError(error, setError, (path) =>
        /participant_id$/.test(path) ? "participant_id" : null,
      );
    }
  });

  return (
    <AddToCartForm
      title={t("bookings.form.title")}
      testId="booking-panel"
      price={chosen.money}
      onSubmit={onSubmit}
      pending={isSubmitting}
    >
      {data.prices.length > 1 ? (
        <fieldset className="flex flex-col gap-2" data-testid="booking-prices">
          <legend className="mb-1 font-medium">{t("bookings.form.duration")}</legend>
          {data.prices.map((price) => (
            <label key={price.value} className="flex min-h-11 items-center gap-3">
              <input type="radio" value={price.value} {...register("price")} className="size-5" />
              <span className="flex-1">{price.time}</span>
              <span className="font-semibold">{price.money}</span>
            </label>
          ))}
        </fieldset>
      ) : (
        <p className="text-slate-700" data-testid="booking-single-price">
          {chosen.time}
        </p>
      )}
      <ParticipantField
        id={`${ids}-participant`}
        participants={data.participants}
        error={errors.participant_id}
        registration={register("participant_id")}
      />
      <PartnerPicker id={`${ids}-partners`} chosen={partners} onChange={setPartners} />
      {partners.length > 0 ? (
        <label className="flex min-h-11 items-center gap-3" data-testid="booking-split">
          <input type="checkbox" className="size-5" {...register("payment_split")} />
          <span>{t("bookings.form.payment_split", { count: partners.length + 1 })}</span>
        </label>
      ) : null}
    </AddToCartForm>
  );
}

/** Extra participants: a search of other customers' participants, and the ones chosen. */
function PartnerPicker({
  id,
  chosen,
  onChange,
}: {
  id: string;
  chosen: BookingPartnerView[];
  onChange: (partners: BookingPartnerView[]) => void;
}) {
  const { t } = useTranslation();
  const [search, setSearch] = useState("");
  const [found, setFound] = useState<BookingPartnerView[]>([]);
  const [failed, setFailed] = useState(false);
  const text = search.trim();

  useEffect(() => {
    if (text.length < BOOKING_PARTNER_SEARCH_MIN) {
      setFound([]);
      return;
    }
    let live = true;
    const timer = setTimeout(() => {
      api
        .bookingPartners(text)
        .then((answer) => {
          if (!live) return;
          setFailed(false);
          setFound(answer.data);
        })
        .catch(() => live && setFailed(true));
    }, SEARCH_DEBOUNCE_MS);
    return () => {
      live = false;
      clearTimeout(timer);
    };
  }, [text]);

  const add = (partner: BookingPartnerView) => {
    if (!chosen.some((one) => one.id === partner.id)) onChange([...chosen, partner]);
    setSearch("");
  };
  const hint =
    text.length > 0 && text.length < BOOKING_PARTNER_SEARCH_MIN
      ? t("bookings.form.partners_min", { count: BOOKING_PARTNER_SEARCH_MIN })
      : failed
        ? t("bookings.form.partners_failed")
        : text.length >= BOOKING_PARTNER_SEARCH_MIN && found.length === 0
          ? t("bookings.form.partners_none")
          : null;
  return (
    <div className="flex flex-col gap-2" data-testid="booking-partners">
      {chosen.length > 0 ? (
        <ul className="flex flex-col gap-1" aria-label={t("bookings.form.partners_chosen")}>
          {chosen.map((partner) => (
            <li
              key={partner.id}
              className="flex items-center justify-between gap-2"
              data-testid="booking-partner"
            >
              <span>
                {partner.fullname}{" "}
                <span className="text-sm text-slate-600">{partner.customer.email}</span>
              </span>
              <Button
                variant="ghost"
                onClick={() => onChange(chosen.filter((one) => one.id !== partner.id))}
              >
                {t("bookings.form.partner_remove", { name: partner.fullname })}
              </Button>
            </li>
          ))}
        </ul>
      ) : null}
      <FieldShell id={id} label={t("bookings.form.partners")} hint={hint ?? undefined}>
        <input
          id={id}
          type="search"
          autoComplete="off"
          value={search}
          onChange={(event) => setSearch(event.target.value)}
          className={inputClasses(false)}
          placeholder={t("bookings.form.partners_placeholder")}
          {...describedBy(id, hint, undefined)}
        />
      </FieldShell>
      {found.length > 0 ? (
        <ul className="flex flex-col divide-y divide-slate-100 rounded-lg border border-slate-200">
          {found.map((partner) => (
            <li key={partner.id}>
              <button
                type="button"
                onClick={() => add(partner)}
                className="flex min-h-11 w-full items-center justify-between gap-2 px-3 text-left hover:bg-slate-50"
                data-testid="booking-partner-option"
              >
                <span>{partner.fullname}</span>
                <span className="text-sm text-slate-600">{partner.customer.email}</span>
              </button>
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}
