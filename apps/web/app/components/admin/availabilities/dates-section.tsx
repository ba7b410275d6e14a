import type { AdminAvailabilityView, AdminDateView } from "@booking/contracts";
import { DEFAULT_TIME_ZONE } from "@booking/domain";
import { type FormEvent, useState } from "react";
import { Link } from "react-router";
import { useTranslation } from "../../../i18n/react";
import { availabilitiesApi } from "../../../lib/admin/availabilities-api";
import { useConsole, useConsoleFormatters } from "../../../lib/admin/console";
import { type MutationOutcome, useAdminMutation } from "../../../lib/admin/mutation";
import { localInputValue } from "../../../lib/admin/zoned-input";
import { ApiRequestError } from "../../../lib/api";
import { CalendarIcon, CheckCircleIcon, PencilIcon, PlusIcon, TrashIcon } from "../../icons";
import { Button } from "../../ui/button";
import { TextField } from "../../ui/field";
import { DataTable, type DataTableColumn } from "../data-table";
import { ConfirmDialog, Modal, ModalActions } from "../dialog";
import { EmptyState } from "../empty-state";
import { FormPanel } from "../form-panel";
import { SendMessageLink } from "../notifications/manual-link";
import { type DateRow, DateRowsEditor, EMPTY_DATE_ROW, rowsToDates } from "./date-rows";
import {
  EMPTY_SCHEDULE,
  ScheduleEditor,
  type ScheduleValue,
  type WeeklyPatternChoice,
} from "./schedule-editor";
import { SchedulePreviewPanel, useSchedulePreview } from "./schedule-preview";
import { AvailabilityStatusBadge } from "./status-badge";

/**
 * The dates of an availability: places taken on each, its status, and (with the dates
 * permissions) edit, close, reopen and remove one, add one, or add a schedule's dates.
 */
export function DatesSection({
  availability,
  patterns,
}: {
  availability: AdminAvailabilityView;
  /** the date configurations the schedule generator offers */
  patterns: readonly WeeklyPatternChoice[];
}) {
  const { t } = useTranslation();
  const { can } = useConsole();
  const format = useConsoleFormatters();
  const closed = availability.status === "CLOSED";

  const columns: DataTableColumn<AdminDateView>[] = [
    {
      id: "date",
      header: t("admin.availabilities.dates.columns.date"),
      cell: (date) => (
        <span className="font-medium text-slate-900">{format.fullDate(date.start_at)}</span>
      ),
    },
    {
      id: "time",
      header: t("admin.availabilities.dates.columns.time"),
      cell: (date) => format.timeRange(date.start_at, date.end_at),
    },
    {
      id: "places",
      header: t("admin.availabilities.dates.columns.places"),
      cell: (date) => (
        <span>
          {date.capacity === null
            ? t("admin.availabilities.places_unlimited", { registered: date.registered })
            : t("admin.availabilities.places", {
                registered: date.registered,
                capacity: date.capacity,
              })}
          {date.held > 0 ? (
            <span className="block text-xs text-slate-600">
              {t("admin.availabilities.dates.held", { count: date.held })}
            </span>
          ) : null}
        </span>
      ),
    },
    {
      id: "status",
      header: t("admin.availabilities.dates.columns.status"),
      cell: (date) => <AvailabilityStatusBadge status={date.status} />,
    },
    {
      id: "actions",
      header: t("admin.availabilities.dates.columns.actions"),
      hideHeader: true,
      align: "end",
      cell: (date) => <DateActions availability={availability} date={date} closed={closed} />,
    },
  ];

  return (
    <FormPanel
      title={t("admin.availabilities.dates.title", { count: availability.dates_count })}
      description={closed ? t("admin.availabilities.dates.closed_hint") : undefined}
      testId="availability-dates"
      actions={
        <>
          {can("availabilities.schedules.create") ? (
            <ScheduleDialog availability={availability} patterns={patterns} />
          ) : null}
          {can("availabilities.dates.create") ? (
            <AddDateDialog availability={availability} />
          ) : null}
        </>
      }
    >
      <DataTable
        caption={t("admin.availabilities.dates.title", { count: availability.dates_count })}
        testId="dates-table"
        columns={columns}
        rows={availability.dates}
        rowKey={(date) => date.cuid}
        empty={<EmptyState icon={CalendarIcon} title={t("admin.availabilities.dates.empty")} />}
      />
    </FormPanel>
  );
}

/** A date's buttons: its attendance sheet, edit, close or reopen, remove. */
function DateActions({
  availability,
  date,
  closed,
}: {
  availability: AdminAvailabilityView;
  date: AdminDateView;
  closed: boolean;
}) {
  const { t } = useTranslation();
  const { can } = useConsole();
  const format = useConsoleFormatters();
  const label = format.dateRange(date.start_at, date.end_at);
  const remove = useAdminMutation(
    () => availabilitiesApi.removeDate(availability.cuid, date.cuid),
    {
      success: t("admin.availabilities.dates.removed"),
    },
  );
  const taken = date.registered + date.held;
  return (
    <div className="flex flex-wrap items-center justify-end gap-1">
      {can("registrations.attendances.read") && date.registered > 0 ? (
        <Link
          to={`/admin/availabilities/${availability.cuid}/dates/${date.cuid}/attendance`}
          className="inline-flex items-center gap-1 rounded-lg px-2 py-1.5 text-sm font-medium text-slate-700 hover:bg-slate-100"
        >
          <CheckCircleIcon className="size-4" />
          {t("admin.availabilities.dates.attendance")}
        </Link>
      ) : null}
      {date.registered > 0 ? (
        <SendMessageLink
          compact
          testId="send-message-date"
          target={{ type: "AVAILABILITY_DATE", availability: availability.cuid, date: date.cuid }}
        />
      ) : null}
      {can("availabilities.dates.update") ? (
        <EditDateDialog availability={availability} date={date} closed={closed} />
      ) : null}
      {can("availabilities.dates.delete") && taken === 0 && availability.dates_count > 1 ? (
        <ConfirmDialog
          trigger={
            <button
              type="button"
              aria-label={t("admin.availabilities.dates.remove", { date: label })}
              title={t("admin.availabilities.dates.remove", { date: label })}
              className="inline-flex size-9 items-center justify-center rounded-lg text-slate-600 hover:bg-slate-100 hover:text-red-700"
            >
              <TrashIcon className="size-4" />
            </button>
          }
          title={t("admin.availabilities.dates.remove_title")}
          description={label}
          confirmLabel={t("admin.availabilities.dates.remove_confirm")}
          onConfirm={async () => (await remove.mutate()).ok}
        />
      ) : null}
    </div>
  );
}

/** The local day and times of a date as the rows editor types them. */
function dateRowOf(date: AdminDateView, timeZone: string): DateRow {
  const [day = "", start = ""] = localInputValue(date.start_at, timeZone).split("T");
  return { day, start, end: localInputValue(date.end_at, timeZone).split("T")[1] ?? "" };
}

/** Moves a date, changes its places, closes or reopens it. */
function EditDateDialog({
  availability,
  date,
  closed,
}: {
  availability: AdminAvailabilityView;
  date: AdminDateView;
  closed: boolean;
}) {
  const { t } = useTranslation();
  const format = useConsoleFormatters();
  const [dateStatus, setDateStatus] = useState<"OPEN" | "CLOSED">(
    date.status === "CLOSED" ? "CLOSED" : "OPEN",
  );
  const save = useAdminMutation(
    (body: Parameters<typeof availabilitiesApi.updateDate>[2]) =>
      availabilitiesApi.updateDate(availability.cuid, date.cuid, body),
    { success: t("admin.availabilities.dates.saved") },
  );
  const form = useOneDateForm({
    row: (timeZone) => dateRowOf(date, timeZone),
    capacity: date.capacity,
    send: (typed) => save.mutate({ ...typed, status: dateStatus }),
  });
  const label = format.dateRange(date.start_at, date.end_at);

  return (
    <Modal
      title={t("admin.availabilities.dates.edit_title")}
      description={label}
      open={form.open}
      onOpenChange={form.onOpenChange}
      trigger={
        <button
          type="button"
          aria-label={t("admin.availabilities.dates.edit", { date: label })}
          title={t("admin.availabilities.dates.edit", { date: label })}
          className="inline-flex size-9 items-center justify-center rounded-lg text-slate-600 hover:bg-slate-100 hover:text-slate-950"
          data-testid="edit-date"
        >
          <PencilIcon className="size-4" />
        </button>
      }
    >
      <form className="flex flex-col gap-4" onSubmit={form.onSubmit}>
        <DateRowsEditor {...form.rows} single />
        <CapacityInput {...form.capacity} taken={date.registered + date.held} />
        <fieldset className="flex flex-col gap-1.5">
          <legend className="mb-1 text-sm font-medium text-slate-900">
            {t("admin.availabilities.dates.status")}
          </legend>
          {(["OPEN", "CLOSED"] as const).map((option) => (
            <label key={option} className="flex items-center gap-2 text-sm">
              <input
                type="radio"
                name="date-status"
                className="size-4"
                checked={dateStatus === option}
                disabled={closed && option === "OPEN"}
                onChange={() => setDateStatus(option)}
              />
              {t(`admin.availabilities.dates.status_${option}`)}
            </label>
          ))}
          {closed ? (
            <p className="text-sm text-slate-600">{t("admin.availabilities.dates.closed_hint")}</p>
          ) : null}
        </fieldset>
        <ModalActions>
          <Button type="submit" disabled={save.pending} data-testid="save-date">
            {t("admin.availabilities.dates.save")}
          </Button>
        </ModalActions>
      </form>
    </Modal>
  );
}

/**
 * The state of a dialog typing one date and its places: `row(timeZone)` is the row it starts
 * with (again each time it opens), `capacity` the places it starts with. `send` gets the date
 * checked; the dialog closes once it is sent, the API's field errors stay on its inputs.
 */
function useOneDateForm({
  row,
  capacity,
  send,
}: {
  row: (timeZone: string) => DateRow;
  capacity: number | null;
  send: (date: {
    start_at: string;
    end_at: string;
    capacity: number | null;
  }) => Promise<MutationOutcome<unknown>>;
}) {
  const { session } = useConsole();
  const timeZone = session.organiser?.timezone ?? DEFAULT_TIME_ZONE;
  const [open, setOpen] = useState(false);
  const [rows, setRows] = useState<DateRow[]>(() => [row(timeZone)]);
  const [places, setPlaces] = useState(capacity === null ? "" : String(capacity));
  const [errors, setErrors] = useState<Record<string, string>>({});

  return {
    open,
    onOpenChange: (next: boolean) => {
      setOpen(next);
      if (next) {
        setRows([row(timeZone)]);
        setErrors({});
      }
    },
    onSubmit: async (event: FormEvent<HTMLFormElement>) => {
      event.preventDefault();
      const typed = rowsToDates(rows, timeZone);
      const typedCapacity = typedPlaces(places);
      if ("errors" in typed || typedCapacity === "INVALID") {
        setErrors("errors" in typed ? typed.errors : { capacity: "INVALID_TYPE" });
        return;
      }
      const outcome = await send({ ...typed.dates[0]!, capacity: typedCapacity });
      if (outcome.ok) setOpen(false);
      else if (outcome.error instanceof ApiRequestError) setErrors(outcome.error.fields);
    },
    rows: { rows, onChange: setRows, errors: prefixed(errors) },
    capacity: { value: places, onChange: setPlaces, error: errors.capacity },
  };
}

/** The single date's API errors (`start_at`) as the rows editor names them (`dates.0.start_at`). */
function prefixed(errors: Record<string, string>): Record<string, string> {
  return Object.fromEntries(
    Object.entries(errors)
      .filter(([path]) => path === "start_at" || path === "end_at" || path.startsWith("dates."))
      .map(([path, code]) => [path.startsWith("dates.") ? path : `dates.0.${path}`, code]),
  );
}

function CapacityInput({
  value,
  onChange,
  error,
  taken,
}: {
  value: string;
  onChange: (value: string) => void;
  error?: string;
  taken: number;
}) {
  const { t } = useTranslation();
  return (
    <TextField
      name="capacity"
      label={t("admin.availabilities.form.capacity")}
      hint={
        taken > 0
          ? t("admin.availabilities.form.capacity_taken", { count: taken })
          : t("admin.availabilities.form.capacity_hint")
      }
      inputMode="numeric"
      autoComplete="off"
      optional
      value={value}
      onChange={(event) => onChange(event.target.value)}
      error={error}
      data-testid="date-capacity"
    />
  );
}

/** Places typed in an input: blank is unlimited (null), anything but a whole number is refused. */
function typedPlaces(text: string): number | null | "INVALID" {
  const value = text.trim();
  if (value === "") return null;
  return /^\d{1,6}$/.test(value) ? Number(value) : "INVALID";
}

/** One more date, at the availability's capacity unless another is typed. */
function AddDateDialog({ availability }: { availability: AdminAvailabilityView }) {
  const { t } = useTranslation();
  const last = availability.dates.at(-1);
  const add = useAdminMutation(
    (body: Parameters<typeof availabilitiesApi.addDate>[1]) =>
      availabilitiesApi.addDate(availability.cuid, body),
    { success: t("admin.availabilities.dates.added") },
  );
  const form = useOneDateForm({
    row: (timeZone) => ({ ...(last ? dateRowOf(last, timeZone) : EMPTY_DATE_ROW), day: "" }),
    capacity: availability.capacity,
    send: add.mutate,
  });

  return (
    <Modal
      title={t("admin.availabilities.dates.add_title")}
      open={form.open}
      onOpenChange={form.onOpenChange}
      trigger={
        <Button variant="secondary" size="sm" data-testid="add-date">
          <PlusIcon className="size-4" />
          {t("admin.availabilities.dates.add")}
        </Button>
      }
    >
      <form className="flex flex-col gap-4" onSubmit={form.onSubmit}>
        <DateRowsEditor {...form.rows} single />
        <CapacityInput {...form.capacity} taken={0} />
        <ModalActions>
          <Button type="submit" disabled={add.pending} data-testid="save-new-date">
            {t("admin.availabilities.dates.add")}
          </Button>
        </ModalActions>
      </form>
    </Modal>
  );
}

/** Adds the dates of a weekly schedule (previewed live); dates it already has are skipped. */
function ScheduleDialog({
  availability,
  patterns,
}: {
  availability: AdminAvailabilityView;
  patterns: readonly WeeklyPatternChoice[];
}) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const [schedule, setSchedule] = useState<ScheduleValue>(EMPTY_SCHEDULE);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const preview = useSchedulePreview(open ? schedule : EMPTY_SCHEDULE);
  const add = useAdminMutation(() => availabilitiesApi.addSchedule(availability.cuid, schedule), {
    success: (saved) =>
      t("admin.availabilities.schedule.added", {
        count: saved.dates_count - availability.dates_count,
      }),
  });

  return (
    <Modal
      wide
      title={t("admin.availabilities.schedule.title")}
      description={t("admin.availabilities.schedule.description")}
      open={open}
      onOpenChange={setOpen}
      trigger={
        <Button variant="secondary" size="sm" data-testid="generate-dates">
          <CalendarIcon className="size-4" />
          {t("admin.availabilities.schedule.open")}
        </Button>
      }
    >
      <form
        className="flex flex-col gap-5"
        onSubmit={async (event) => {
          event.preventDefault();
          const outcome = await add.mutate();
          if (outcome.ok) {
            setOpen(false);
            setSchedule(EMPTY_SCHEDULE);
          } else if (outcome.error instanceof ApiRequestError) {
            setErrors(outcome.error.fields);
          }
        }}
      >
        <ScheduleEditor
          patterns={patterns}
          value={schedule}
          onChange={(next) => {
            setSchedule(next);
            setErrors({});
          }}
          errors={{ ...(preview.kind === "invalid" ? preview.fields : {}), ...errors }}
        />
        <SchedulePreviewPanel state={preview} />
        <ModalActions>
          <Button
            type="submit"
            disabled={add.pending || preview.kind !== "ready"}
            data-testid="save-schedule"
          >
            {preview.kind === "ready"
              ? t("admin.availabilities.schedule.submit_count", { count: preview.preview.count })
              : t("admin.availabilities.schedule.submit")}
          </Button>
        </ModalActions>
      </form>
    </Modal>
  );
}
