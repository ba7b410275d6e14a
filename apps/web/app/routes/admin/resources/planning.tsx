import type { AdminResourceList, ResourcePlanningView } from "@booking/contracts";
import { useState } from "react";
import { Form, Link } from "react-router";
import { Modal, ModalActions } from "../../../components/admin/dialog";
import { EmptyState } from "../../../components/admin/empty-state";
import { SelectField } from "../../../components/admin/fields";
import { PageHeader } from "../../../components/admin/page-header";
import { ResourcesTabs } from "../../../components/admin/resources/resources-tabs";
import { StatusBadge } from "../../../components/admin/status-badge";
import { CalendarIcon } from "../../../components/icons";
import { Button, ButtonLink } from "../../../components/ui/button";
import { useTranslation } from "../../../i18n/react";
import { useConsole, useConsoleFormatters } from "../../../lib/admin/console";
import { adminGet, requirePermission } from "../../../lib/admin/loaders";
import { useAdminMutation } from "../../../lib/admin/mutation";
import { withQuery } from "../../../lib/admin/paths";
import { staffBookingsApi } from "../../../lib/admin/resources-api";
import type { Route } from "./+types/planning";

/**
 * The planning of a resource (issue 15 §3, decision 0063): pick a resource, a day or a week, and
 * see what takes it — bookings with each participant, their family and what they paid, carts
 * holding a slot right now, closures. `?resource={cuid}&from=YYYY-MM-DD&days=1|7`.
 */
export async function loader(args: Route.LoaderArgs) {
  requirePermission(args, "bookings.bookings.read");
  const url = new URL(args.request.url);
  const resources = await adminGet<AdminResourceList>(args, "/api/admin/resources");
  const chosen =
    resources.data.find((resource) => resource.cuid === url.searchParams.get("resource")) ??
    resources.data[0];
  const days = url.searchParams.get("days") === "1" ? "1" : "7";
  const from = url.searchParams.get("from");
  const planning = chosen
    ? await adminGet<ResourcePlanningView>(
        args,
        withQuery(`/api/admin/resources/${chosen.cuid}/planning`, {
          days,
          ...(from && /^\d{4}-\d{2}-\d{2}$/.test(from) ? { from } : {}),
        }),
      )
    : null;
  return { resources: resources.data, planning };
}

/** The resources to choose from, those of a group under its name (decision 0071). */
function resourceOptions(resources: AdminResourceList["data"]) {
  const option = (resource: AdminResourceList["data"][number]) => (
    <option key={resource.cuid} value={resource.cuid}>
      {resource.location ? `${resource.name} · ${resource.location}` : resource.name}
    </option>
  );
  const groups = [...new Set(resources.map((resource) => resource.group))];
  return groups.map((group) =>
    group === null ? (
      resources.filter((resource) => resource.group === null).map(option)
    ) : (
      <optgroup key={group} label={group}>
        {resources.filter((resource) => resource.group === group).map(option)}
      </optgroup>
    ),
  );
}

/** YYYY-MM-DD `days` after `day`. */
function shift(day: string, days: number): string {
  const date = new Date(`${day}T12:00:00Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
}

type Entry =
  | {
      kind: "booking";
      start_at: string;
      end_at: string;
      booking: ResourcePlanningView["bookings"][number];
    }
  | { kind: "hold"; start_at: string; end_at: string; expires_at: string }
  | { kind: "free"; start_at: string; end_at: string }
  | { kind: "closure"; start_at: string; end_at: string };

/** Links to a new resource and to the shown one's editor, as the collaborator may use them. */
function EditorLinks({ resource }: { resource?: string }) {
  const { t } = useTranslation();
  const { can } = useConsole();
  return (
    <span className="flex flex-wrap gap-2">
      {resource && can("resources.resources.read") ? (
        <ButtonLink
          variant="secondary"
          to={`/admin/resources/${resource}/edit`}
          data-testid="edit-resource"
        >
          {t("admin.resource_editor.edit")}
        </ButtonLink>
      ) : null}
      {can("resources.resources.create") ? (
        <ButtonLink to="/admin/resources/new" data-testid="new-resource">
          {t("admin.resource_editor.new")}
        </ButtonLink>
      ) : null}
    </span>
  );
}

export default function ResourcePlanning({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const format = useConsoleFormatters();
  const { resources, planning } = loaderData;
  if (!planning) {
    return (
      <div className="flex flex-col gap-6">
        <PageHeader
          title={t("admin.resources.title")}
          description={t("admin.resources.description")}
          actions={<EditorLinks />}
        />
        <ResourcesTabs />
        <EmptyState icon={CalendarIcon} title={t("admin.resources.none")} />
      </div>
    );
  }
  const base = { resource: planning.resource.cuid, days: String(planning.days) };
  const link = (from: string, days = planning.days) =>
    withQuery("/admin/resources", { ...base, from, days: String(days) });
  const entries: Entry[] = [
    ...planning.bookings.map((booking) => ({ kind: "booking" as const, ...booking, booking })),
    ...planning.holds.map((hold) => ({ kind: "hold" as const, ...hold })),
    ...planning.closures.map((closure) => ({ kind: "closure" as const, ...closure })),
    ...planning.free_slots.map((slot) => ({
      kind: "free" as const,
      start_at: slot.start_at,
      end_at: new Date(Date.parse(slot.start_at) + slot.prices[0]!.duration * 1000).toISOString(),
    })),
  ].sort((a, b) => Date.parse(a.start_at) - Date.parse(b.start_at));
  const byDay = new Map<string, Entry[]>();
  for (const entry of entries) {
    const day = format.fullDate(entry.start_at);
    byDay.set(day, [...(byDay.get(day) ?? []), entry]);
  }
  return (
    <div className="flex flex-col gap-6">
      <PageHeader
        title={t("admin.resources.title")}
        description={t("admin.resources.description")}
        actions={<EditorLinks resource={planning.resource.cuid} />}
      />
      <ResourcesTabs />
      <Form method="get" className="flex flex-wrap items-end gap-3" data-testid="planning-filters">
        <label className="flex flex-col gap-1 text-sm font-medium text-slate-900">
          {t("admin.resources.resource")}
          <select
            name="resource"
            defaultValue={planning.resource.cuid}
            className="min-h-10 rounded-lg border border-slate-300 px-3"
          >
            {resourceOptions(resources)}
          </select>
        </label>
        <label className="flex flex-col gap-1 text-sm font-medium text-slate-900">
          {t("admin.resources.period")}
          <select
            name="days"
            defaultValue={String(planning.days)}
            className="min-h-10 rounded-lg border border-slate-300 px-3"
          >
            <option value="1">{t("admin.resources.day")}</option>
            <option value="7">{t("admin.resources.week")}</option>
          </select>
        </label>
        <input type="hidden" name="from" value={planning.from} />
        <button
          type="submit"
          className="min-h-10 rounded-lg bg-slate-900 px-4 text-sm font-semibold text-white"
        >
          {t("admin.resources.show")}
        </button>
      </Form>
      <nav className="flex items-center gap-3 text-sm" aria-label={t("admin.resources.period")}>
        <Link
          className="font-medium text-accent-ink underline"
          to={link(shift(planning.from, -planning.days))}
        >
          {t("admin.resources.previous")}
        </Link>
        <span className="font-semibold text-slate-950" data-testid="planning-range">
          {planning.days === 1
            ? format.fullDate(`${planning.from}T12:00:00Z`)
            : t("admin.resources.range", {
                from: format.date(`${planning.from}T12:00:00Z`),
                to: format.date(`${shift(planning.from, planning.days - 1)}T12:00:00Z`),
              })}
        </span>
        <Link
          className="font-medium text-accent-ink underline"
          to={link(shift(planning.from, planning.days))}
        >
          {t("admin.resources.next")}
        </Link>
      </nav>
      {byDay.size === 0 ? (
        <EmptyState icon={CalendarIcon} title={t("admin.resources.empty")} />
      ) : (
        <div className="flex flex-col gap-6" data-testid="planning">
          {[...byDay.entries()].map(([day, list]) => (
            <section
              key={day}
              aria-label={day}
              className="rounded-xl border border-slate-200 bg-white"
            >
              <h2 className="border-b border-slate-100 px-4 py-2 font-semibold text-slate-950">
                {day}
              </h2>
              <ul className="divide-y divide-slate-100">
                {list.map((entry) => (
                  <li
                    key={`${entry.kind}-${entry.start_at}`}
                    className="flex flex-col gap-1 px-4 py-3 sm:flex-row sm:gap-4"
                    data-testid={`planning-${entry.kind}`}
                  >
                    <span className="w-32 shrink-0 font-medium tabular-nums text-slate-900">
                      {format.timeRange(entry.start_at, entry.end_at)}
                    </span>
                    <PlanningEntry
                      entry={entry}
                      resource={planning.resource.cuid}
                      freeSlots={planning.free_slots}
                    />
                  </li>
                ))}
              </ul>
            </section>
          ))}
        </div>
      )}
    </div>
  );
}

type FreeSlots = ResourcePlanningView["free_slots"];

function PlanningEntry({
  entry,
  resource,
  freeSlots,
}: {
  entry: Entry;
  resource: string;
  freeSlots: FreeSlots;
}) {
  const { t } = useTranslation();
  const format = useConsoleFormatters();
  const { can } = useConsole();
  if (entry.kind === "free") {
    return (
      <span className="flex flex-wrap items-center gap-2 text-sm text-slate-700">
        <StatusBadge tone="green">{t("admin.staff_booking.free")}</StatusBadge>
        {can("bookings.bookings.create") ? (
          <Link
            to={withQuery(`/admin/resources/${resource}/book`, { start_at: entry.start_at })}
            className="font-medium text-accent-ink underline"
            data-testid="book-slot"
          >
            {t("admin.staff_booking.book_for")}
          </Link>
        ) : null}
      </span>
    );
  }
  if (entry.kind === "closure")
    return <StatusBadge tone="red">{t("admin.resources.closed")}</StatusBadge>;
  if (entry.kind === "hold") {
    return (
      <span className="flex flex-wrap items-center gap-2 text-sm text-slate-700">
        <StatusBadge tone="yellow">{t("admin.resources.held")}</StatusBadge>
        {t("admin.resources.held_until", { time: format.time(entry.expires_at) })}
      </span>
    );
  }
  return (
    <div className="flex flex-1 flex-wrap items-start justify-between gap-2">
      <ul className="flex flex-col gap-1 text-sm">
        {entry.booking.participants.map((participant) => (
          <li
            key={`${participant.customer.cuid}-${participant.fullname}`}
            className="flex flex-wrap gap-x-2"
          >
            <span className="font-medium text-slate-950">{participant.fullname}</span>
            <Link
              to={`/admin/customers/${participant.customer.cuid}`}
              className="text-accent-ink underline-offset-4 hover:underline"
            >
              {participant.customer.fullname}
            </Link>
            <span className="tabular-nums text-slate-600">
              {t("admin.resources.paid", {
                paid: format.money(participant.paid_amount),
                total: format.money(participant.total_amount),
              })}
            </span>
          </li>
        ))}
      </ul>
      <span className="flex gap-1">
        {can("bookings.bookings.update") && Date.parse(entry.start_at) > Date.now() ? (
          <MoveBooking booking={entry.booking} freeSlots={freeSlots} />
        ) : null}
        {can("bookings.bookings.delete") ? <CancelBooking booking={entry.booking} /> : null}
      </span>
    </div>
  );
}

/** Cancelling a booking from the planning: what was paid refunded to the wallet, or kept. */
function CancelBooking({ booking }: { booking: ResourcePlanningView["bookings"][number] }) {
  const { t } = useTranslation();
  const format = useConsoleFormatters();
  const [open, setOpen] = useState(false);
  const [refund, setRefund] = useState(true);
  const paid = booking.participants.reduce((sum, share) => sum + share.paid_amount, 0);
  const cancel = useAdminMutation(staffBookingsApi.cancel, {
    success: t("admin.staff_booking.canceled"),
  });
  return (
    <Modal
      title={t("admin.staff_booking.cancel_title")}
      description={t("admin.staff_booking.cancel_description")}
      open={open}
      onOpenChange={setOpen}
      trigger={
        <Button variant="ghost" size="sm" data-testid="cancel-booking">
          {t("admin.staff_booking.cancel")}
        </Button>
      }
    >
      {paid > 0 ? (
        <fieldset className="flex flex-col gap-2 text-sm text-slate-900">
          <legend className="mb-1 font-medium">
            {t("admin.staff_booking.paid", { amount: format.money(paid) })}
          </legend>
          <label className="flex items-center gap-2">
            <input type="radio" name="refund" checked={refund} onChange={() => setRefund(true)} />
            {t("admin.staff_booking.refund_wallet")}
          </label>
          <label className="flex items-center gap-2">
            <input type="radio" name="refund" checked={!refund} onChange={() => setRefund(false)} />
            {t("admin.staff_booking.refund_none")}
          </label>
        </fieldset>
      ) : null}
      <ModalActions>
        <Button
          variant="danger"
          disabled={cancel.pending}
          onClick={async () => {
            const outcome = await cancel.mutate(booking.cuid, { refund: paid > 0 && refund });
            if (outcome.ok) setOpen(false);
          }}
          data-testid="confirm-cancel-booking"
        >
          {t("admin.staff_booking.confirm_cancel")}
        </Button>
      </ModalActions>
    </Modal>
  );
}

/** Moving a booking to another free slot shown in the planning that offers its length. */
function MoveBooking({
  booking,
  freeSlots,
}: {
  booking: ResourcePlanningView["bookings"][number];
  freeSlots: FreeSlots;
}) {
  const { t } = useTranslation();
  const format = useConsoleFormatters();
  const [open, setOpen] = useState(false);
  const length = (Date.parse(booking.end_at) - Date.parse(booking.start_at)) / 1000;
  const choices = freeSlots.filter((slot) =>
    slot.prices.some((price) => price.duration === length),
  );
  const [chosen, setChosen] = useState("");
  const move = useAdminMutation(staffBookingsApi.move, {
    success: t("admin.staff_booking.moved"),
  });
  const endOf = (start: string) => new Date(Date.parse(start) + length * 1000).toISOString();
  return (
    <Modal
      title={t("admin.staff_booking.move_title")}
      description={t("admin.staff_booking.move_description")}
      open={open}
      onOpenChange={setOpen}
      trigger={
        <Button variant="ghost" size="sm" data-testid="move-booking">
          {t("admin.staff_booking.move")}
        </Button>
      }
    >
      {choices.length === 0 ? (
        <p className="text-sm text-slate-700">{t("admin.staff_booking.no_free_slot")}</p>
      ) : (
        <SelectField
          name="start_at"
          label={t("admin.staff_booking.new_slot")}
          value={chosen}
          onChange={(event) => setChosen(event.target.value)}
          placeholder={t("admin.staff_booking.choose_slot")}
          options={choices.map((slot) => ({
            value: slot.start_at,
            label: `${format.date(slot.start_at)} ${format.timeRange(slot.start_at, endOf(slot.start_at))}`,
          }))}
          data-testid="move-slot"
        />
      )}
      <ModalActions>
        <Button
          disabled={move.pending || chosen === ""}
          onClick={async () => {
            const outcome = await move.mutate(booking.cuid, {
              start_at: chosen,
              end_at: endOf(chosen),
            });
            if (outcome.ok) setOpen(false);
          }}
          data-testid="confirm-move-booking"
        >
          {t("admin.staff_booking.confirm_move")}
        </Button>
      </ModalActions>
    </Modal>
  );
}
