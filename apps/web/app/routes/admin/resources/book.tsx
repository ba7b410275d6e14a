import type { AdminCustomerChoices, ResourcePlanningView } from "@booking/contracts";
import { DEFAULT_TIME_ZONE, toMinorUnits } from "@booking/domain";
import { localDay } from "@booking/domain/zoned-time";
import { useState } from "react";
import { Form, Link, useNavigate, useSearchParams } from "react-router";
import { SelectField } from "../../../components/admin/fields";
import { PageHeader } from "../../../components/admin/page-header";
import { AmountField, amountText } from "../../../components/admin/payments/amount-field";
import { Button } from "../../../components/ui/button";
import { inputClasses } from "../../../components/ui/field";
import { useTranslation } from "../../../i18n/react";
import { useConsole, useConsoleFormatters } from "../../../lib/admin/console";
import { adminGet, requirePermission } from "../../../lib/admin/loaders";
import { useAdminMutation } from "../../../lib/admin/mutation";
import { withQuery } from "../../../lib/admin/paths";
import { staffBookingsApi } from "../../../lib/admin/resources-api";
import { useLanguage } from "../../../lib/root-data";
import type { Route } from "./+types/book";

/**
 * /admin/resources/{cuid}/book?start_at=…: staff book a free slot of the planning for a
 * customer's participant (decision 0065) — whom (searched, in the URL as registering by hand
 * does), how long among the slot's prices, and the price, the slot's by default.
 */
export async function loader(args: Route.LoaderArgs) {
  const { session } = requirePermission(args, "bookings.bookings.create");
  const url = new URL(args.request.url);
  const param = (name: string) => url.searchParams.get(name)?.trim().slice(0, 100) || "";
  const startAt = param("start_at");
  if (Number.isNaN(Date.parse(startAt))) throw new Response("Not Found", { status: 404 });
  const timeZone = session.organiser?.timezone ?? DEFAULT_TIME_ZONE;
  const cuid = encodeURIComponent(args.params.cuid);
  const customers = (q: string) =>
    adminGet<AdminCustomerChoices>(args, withQuery("/api/admin/bookings/customers", { q }));
  const [planning, chosen, found] = await Promise.all([
    adminGet<ResourcePlanningView>(
      args,
      withQuery(`/api/admin/resources/${cuid}/planning`, {
        from: localDay(new Date(startAt), timeZone),
        days: "1",
      }),
    ),
    param("customer") ? customers(param("customer")) : null,
    param("q") ? customers(param("q")) : null,
  ]);
  const slot =
    planning.free_slots.find((free) => Date.parse(free.start_at) === Date.parse(startAt)) ?? null;
  const customer = chosen?.data.find((row) => row.cuid === param("customer")) ?? null;
  const participant =
    customer?.participants.find((row) => row.cuid === param("participant")) ?? null;
  return {
    resource: planning.resource,
    day: planning.from,
    slot,
    chosen: customer && participant ? { customer, participant } : null,
    customers: found?.data ?? null,
  };
}

export default function BookForCustomer({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const format = useConsoleFormatters();
  const [searchParams] = useSearchParams();
  const { resource, slot, chosen, day } = loaderData;
  const planning = withQuery("/admin/resources", { resource: resource.cuid, from: day, days: "1" });
  const href = (changes: Record<string, string | null>) => {
    const next = new URLSearchParams(searchParams);
    for (const [key, value] of Object.entries(changes)) {
      if (value === null) next.delete(key);
      else next.set(key, value);
    }
    return `?${next.toString()}`;
  };
  return (
    <div className="flex max-w-3xl flex-col gap-4">
      <PageHeader
        title={t("admin.staff_booking.title", { resource: resource.name })}
        description={slot ? format.fullDate(slot.start_at) : t("admin.staff_booking.slot_gone")}
        back={{ to: planning, label: t("admin.resource_editor.back") }}
      />
      {slot ? (
        <>
          <section className="flex flex-col gap-3 rounded-xl border border-slate-200 bg-white p-4 sm:p-5">
            <h2 className="text-base font-semibold text-slate-950">
              {t("admin.staff_booking.who")}
            </h2>
            {chosen ? (
              <div className="flex items-center justify-between gap-3">
                <p className="font-medium text-slate-950" data-testid="chosen">
                  {`${chosen.participant.fullname} (${chosen.customer.fullname})`}
                </p>
                <Link
                  to={href({ customer: null, participant: null })}
                  className="text-sm font-semibold text-accent-ink underline-offset-4 hover:underline"
                >
                  {t("admin.staff_booking.change")}
                </Link>
              </div>
            ) : (
              <CustomerSearch customers={loaderData.customers} href={href} />
            )}
          </section>
          {chosen ? (
            <BookingForm
              resource={resource.cuid}
              slot={slot}
              customer={chosen.customer.cuid}
              participant={chosen.participant.cuid}
              done={planning}
            />
          ) : null}
        </>
      ) : null}
    </div>
  );
}

function CustomerSearch({
  customers,
  href,
}: {
  customers: AdminCustomerChoices["data"] | null;
  href: (changes: Record<string, string | null>) => string;
}) {
  const { t } = useTranslation();
  const [searchParams] = useSearchParams();
  return (
    <>
      <Form method="get" role="search" className="flex gap-2">
        <input type="hidden" name="start_at" value={searchParams.get("start_at") ?? ""} />
        <label className="min-w-0 flex-1">
          <span className="sr-only">{t("admin.staff_booking.search")}</span>
          <input
            type="search"
            name="q"
            defaultValue={searchParams.get("q") ?? ""}
            placeholder={t("admin.staff_booking.search")}
            className={inputClasses(false)}
            data-testid="customer-search"
          />
        </label>
        <Button type="submit" variant="secondary">
          {t("admin.table.search")}
        </Button>
      </Form>
      {customers?.length === 0 ? (
        <p className="text-sm text-slate-600">{t("admin.staff_booking.no_customer")}</p>
      ) : null}
      <ul className="flex flex-col gap-2" data-testid="customer-choices">
        {(customers ?? []).map((customer) => (
          <li key={customer.cuid} className="rounded-lg border border-slate-200 p-3">
            <p className="font-medium text-slate-950">{customer.fullname}</p>
            <p className="text-xs text-slate-600">{customer.email}</p>
            <div className="mt-2 flex flex-wrap gap-2">
              {customer.participants.map((participant) => (
                <Link
                  key={participant.cuid}
                  to={href({ customer: customer.cuid, participant: participant.cuid, q: null })}
                  className="rounded-full bg-slate-100 px-3 py-1.5 text-sm font-medium text-slate-900 ring-1 ring-slate-300 hover:bg-slate-200"
                >
                  {participant.fullname}
                </Link>
              ))}
            </div>
          </li>
        ))}
      </ul>
    </>
  );
}

function BookingForm({
  resource,
  slot,
  customer,
  participant,
  done,
}: {
  resource: string;
  slot: ResourcePlanningView["free_slots"][number];
  customer: string;
  participant: string;
  done: string;
}) {
  const { t } = useTranslation();
  const format = useConsoleFormatters();
  const { session } = useConsole();
  const language = useLanguage();
  const navigate = useNavigate();
  const currency = session.organiser?.currency ?? "EUR";
  const [duration, setDuration] = useState(String(slot.prices[0]!.duration));
  const priceOf = (seconds: string) =>
    slot.prices.find((price) => String(price.duration) === seconds)?.amount ?? 0;
  const [amount, setAmount] = useState(amountText(priceOf(duration), currency, language));
  const [amountError, setAmountError] = useState<string>();
  const book = useAdminMutation(staffBookingsApi.create, {
    success: t("admin.staff_booking.booked"),
    revalidate: false,
  });
  const endOf = (seconds: string) =>
    new Date(Date.parse(slot.start_at) + Number(seconds) * 1000).toISOString();
  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    let typed: number;
    try {
      typed = toMinorUnits(amount.trim(), currency);
    } catch {
      setAmountError("INVALID_NUMBER");
      return;
    }
    setAmountError(undefined);
    const outcome = await book.mutate(resource, {
      customer,
      participant,
      start_at: slot.start_at,
      end_at: endOf(duration),
      amount: typed,
    });
    if (outcome.ok) navigate(done);
  };
  return (
    <form
      onSubmit={submit}
      className="flex flex-col gap-4 rounded-xl border border-slate-200 bg-white p-4 sm:p-5"
      data-testid="staff-booking-form"
    >
      <SelectField
        name="duration"
        label={t("admin.staff_booking.duration")}
        value={duration}
        onChange={(event) => {
          setDuration(event.target.value);
          setAmount(amountText(priceOf(event.target.value), currency, language));
        }}
        options={slot.prices.map((price) => ({
          value: String(price.duration),
          label: `${format.timeRange(slot.start_at, endOf(String(price.duration)))} · ${format.money(price.amount)}`,
        }))}
        data-testid="staff-booking-duration"
      />
      <AmountField
        label={t("admin.staff_booking.price")}
        hint={t("admin.staff_booking.price_hint")}
        value={amount}
        onChange={setAmount}
        currency={currency}
        error={amountError}
        testId="staff-booking-amount"
      />
      <div>
        <Button type="submit" disabled={book.pending} data-testid="staff-booking-save">
          {t("admin.staff_booking.book")}
        </Button>
      </div>
    </form>
  );
}
