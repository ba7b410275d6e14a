import type {
  AdminAvailabilityChoices,
  AdminCustomerChoices,
  AdminRegistrationForm,
} from "@booking/contracts";
import type { ReactNode } from "react";
import { Form, Link, useSearchParams } from "react-router";
import { PageHeader } from "../../../components/admin/page-header";
import { ByHandForm } from "../../../components/admin/registrations/by-hand-form";
import { SearchIcon } from "../../../components/icons";
import { Button } from "../../../components/ui/button";
import { inputClasses } from "../../../components/ui/field";
import { useTranslation } from "../../../i18n/react";
import { useConsoleFormatters } from "../../../lib/admin/console";
import { adminGet, requirePermission } from "../../../lib/admin/loaders";
import { withQuery } from "../../../lib/admin/paths";
import type { Route } from "./+types/new";

/**
 * Registering a customer by hand, one choice after the other in the URL (keyboard and back
 * button friendly): the customer and their participant, the availability, then its dates,
 * options, questions and price. `?availability=` comes preselected from an availability's page.
 */
export async function loader(args: Route.LoaderArgs) {
  requirePermission(args, "registrations.registrations.create");
  const url = new URL(args.request.url);
  const param = (name: string) => url.searchParams.get(name)?.trim().slice(0, 100) || "";
  const customerCuid = param("customer");
  const participantCuid = param("participant");
  const availabilityCuid = param("availability");
  const customers = (q: string) =>
    adminGet<AdminCustomerChoices>(args, withQuery("/api/admin/registrations/customers", { q }));
  const [chosenCustomers, found, availabilities, form] = await Promise.all([
    customerCuid ? customers(customerCuid) : null,
    !participantCuid && param("q") ? customers(param("q")) : null,
    availabilityCuid
      ? null
      : adminGet<AdminAvailabilityChoices>(
          args,
          withQuery("/api/admin/registrations/availabilities", { q: param("aq") }),
        ),
    availabilityCuid
      ? adminGet<AdminRegistrationForm>(
          args,
          `/api/admin/availabilities/${encodeURIComponent(availabilityCuid)}/registration-form`,
        )
      : null,
  ]);
  const customer = chosenCustomers?.data.find((row) => row.cuid === customerCuid) ?? null;
  const participant = customer?.participants.find((row) => row.cuid === participantCuid) ?? null;
  return {
    chosen: customer && participant ? { customer, participant } : null,
    customers: found?.data ?? null,
    availabilities: availabilities?.data ?? null,
    form,
  };
}

export default function NewRegistration({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const format = useConsoleFormatters();
  const [searchParams] = useSearchParams();
  const { chosen, form } = loaderData;
  const href = (changes: Record<string, string | null>) => {
    const next = new URLSearchParams(searchParams);
    for (const [key, value] of Object.entries(changes)) {
      if (value === null) next.delete(key);
      else next.set(key, value);
    }
    return `?${next.toString()}`;
  };

  return (
    <>
      <PageHeader
        title={t("admin.registrations.new.title")}
        description={t("admin.registrations.new.description")}
        back={{ to: "/admin/registrations", label: t("admin.registrations.title") }}
      />
      <div className="flex max-w-3xl flex-col gap-4">
        <Step number={1} title={t("admin.registrations.new.who")}>
          {chosen ? (
            <Chosen
              label={`${chosen.participant.fullname} (${chosen.customer.fullname})`}
              detail={chosen.customer.email}
              change={href({ customer: null, participant: null })}
            />
          ) : (
            <>
              <SearchForm
                name="q"
                label={t("admin.registrations.new.search_customer")}
                keep={["availability"]}
              />
              {loaderData.customers?.length === 0 ? (
                <p className="text-sm text-slate-600">{t("admin.registrations.new.no_customer")}</p>
              ) : null}
              <ul className="flex flex-col gap-2" data-testid="customer-choices">
                {(loaderData.customers ?? []).map((customer) => (
                  <li key={customer.cuid} className="rounded-lg border border-slate-200 p-3">
                    <p className="font-medium text-slate-950">{customer.fullname}</p>
                    <p className="text-xs text-slate-600">
                      {customer.email} · {customer.phone}
                    </p>
                    {customer.participants.length === 0 ? (
                      <p className="mt-2 text-sm text-slate-600">
                        {t("admin.registrations.new.no_participant")}
                      </p>
                    ) : (
                      <div className="mt-2 flex flex-wrap gap-2">
                        {customer.participants.map((participant) => (
                          <Link
                            key={participant.cuid}
                            to={href({
                              customer: customer.cuid,
                              participant: participant.cuid,
                              q: null,
                            })}
                            className="rounded-full bg-slate-100 px-3 py-1.5 text-sm font-medium text-slate-900 ring-1 ring-slate-300 hover:bg-slate-200"
                          >
                            {participant.fullname}
                          </Link>
                        ))}
                      </div>
                    )}
                  </li>
                ))}
              </ul>
            </>
          )}
        </Step>

        <Step number={2} title={t("admin.registrations.new.what")}>
          {form ? (
            <Chosen
              label={form.availability.activity.title}
              detail={format.dateRange(form.availability.start_at, form.availability.end_at)}
              change={href({ availability: null })}
            />
          ) : (
            <>
              <SearchForm
                name="aq"
                label={t("admin.registrations.new.search_availability")}
                keep={["customer", "participant"]}
              />
              <ul className="flex flex-col gap-2" data-testid="availability-choices">
                {(loaderData.availabilities ?? []).map((availability) => (
                  <li key={availability.cuid}>
                    <Link
                      to={href({ availability: availability.cuid, aq: null })}
                      className="flex flex-col rounded-lg border border-slate-200 p-3 hover:border-slate-400"
                    >
                      <span className="font-medium text-slate-950">
                        {availability.activity.title}
                      </span>
                      <span className="text-sm text-slate-600">
                        {format.dateRange(availability.start_at, availability.end_at)}
                      </span>
                    </Link>
                  </li>
                ))}
              </ul>
            </>
          )}
        </Step>

        {chosen && form ? (
          <Step number={3} title={t("admin.registrations.new.details")}>
            <ByHandForm
              key={`${chosen.participant.cuid}-${form.availability.cuid}`}
              customer={chosen.customer.cuid}
              participant={chosen.participant.cuid}
              data={form}
              walletAmount={chosen.customer.wallet_amount}
            />
          </Step>
        ) : null}
      </div>
    </>
  );
}

function Step({ number, title, children }: { number: number; title: string; children: ReactNode }) {
  return (
    <section className="flex flex-col gap-3 rounded-xl border border-slate-200 bg-white p-4 shadow-xs sm:p-5">
      <h2 className="flex items-center gap-2 text-base font-semibold text-slate-950">
        <span
          aria-hidden="true"
          className="inline-flex size-6 items-center justify-center rounded-full bg-slate-900 text-xs text-white"
        >
          {number}
        </span>
        {title}
      </h2>
      {children}
    </section>
  );
}

function Chosen({ label, detail, change }: { label: string; detail: string; change: string }) {
  const { t } = useTranslation();
  return (
    <div className="flex items-center justify-between gap-3">
      <div className="min-w-0">
        <p className="font-medium text-slate-950" data-testid="chosen">
          {label}
        </p>
        <p className="text-sm text-slate-600">{detail}</p>
      </div>
      <Link
        to={change}
        className="text-sm font-semibold text-accent-ink underline-offset-4 hover:underline"
      >
        {t("admin.registrations.new.change")}
      </Link>
    </div>
  );
}

/** A GET search of one step, keeping the other steps' choices. */
function SearchForm({ name, label, keep }: { name: string; label: string; keep: string[] }) {
  const { t } = useTranslation();
  const [searchParams] = useSearchParams();
  return (
    <Form method="get" role="search" className="flex gap-2">
      {keep.map((key) =>
        searchParams.get(key) ? (
          <input key={key} type="hidden" name={key} value={searchParams.get(key)!} />
        ) : null,
      )}
      <label className="relative min-w-0 flex-1">
        <span className="sr-only">{label}</span>
        <SearchIcon
          aria-hidden="true"
          className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-slate-500"
        />
        <input
          type="search"
          name={name}
          defaultValue={searchParams.get(name) ?? ""}
          placeholder={label}
          className={`${inputClasses(false)} pl-9`}
        />
      </label>
      <Button type="submit" variant="secondary">
        {t("admin.table.search")}
      </Button>
    </Form>
  );
}
