import {
  type AdminAvailabilityFormChoices,
  availabilitySettingsBody,
  cuidValue,
  NEW_AVAILABILITY_STATUSES,
} from "@booking/contracts";
import { DEFAULT_TIME_ZONE } from "@booking/domain";
import { useRef, useState } from "react";
import { useNavigate } from "react-router";
import { z } from "zod";
import {
  type DateRow,
  DateRowsEditor,
  EMPTY_DATE_ROW,
  rowsToDates,
} from "../../../components/admin/availabilities/date-rows";
import {
  AVAILABILITIES_PATH,
  activityAvailabilitiesPath,
  availabilityPath,
} from "../../../components/admin/availabilities/paths";
import {
  EMPTY_SCHEDULE,
  ScheduleEditor,
  type ScheduleValue,
} from "../../../components/admin/availabilities/schedule-editor";
import {
  SchedulePreviewPanel,
  useSchedulePreview,
} from "../../../components/admin/availabilities/schedule-preview";
import {
  SETTINGS_FIELDS,
  SettingsFields,
  settingsFormShape,
  settingsFormValues,
} from "../../../components/admin/availabilities/settings-fields";
import { checkedBy } from "../../../components/admin/catalogue/form-inputs";
import { SelectField } from "../../../components/admin/fields";
import { FormPanel } from "../../../components/admin/form-panel";
import { PageHeader } from "../../../components/admin/page-header";
import { Button, SubmitButton } from "../../../components/ui/button";
import { useTranslation } from "../../../i18n/react";
import { availabilitiesApi } from "../../../lib/admin/availabilities-api";
import { useConsole } from "../../../lib/admin/console";
import { useAdminForm } from "../../../lib/admin/form";
import { adminGet, requirePermission } from "../../../lib/admin/loaders";
import { ApiRequestError } from "../../../lib/api";
import { useLanguage } from "../../../lib/root-data";
import type { Route } from "./+types/new";

/** /admin/availabilities/new[?activity=cuid]: what the form offers to pick. */
export async function loader(args: Route.LoaderArgs) {
  requirePermission(args, "availabilities.availabilities.create");
  const choices = await adminGet<AdminAvailabilityFormChoices>(
    args,
    "/api/admin/availabilities/choices",
  );
  const wanted = new URL(args.request.url).searchParams.get("activity");
  const activity = choices.activities.find((item) => item.cuid === wanted)?.cuid ?? "";
  return { choices, activity };
}

type Mode = "schedule" | "dates";

const FORM_FIELDS = [...SETTINGS_FIELDS, "activity", "status"] as const;
type FormField = (typeof FORM_FIELDS)[number];

function newAvailabilityForm(currency: string, timeZone: string) {
  return z
    .object({
      ...settingsFormShape(currency, timeZone),
      activity: z.string(),
      status: z.enum(NEW_AVAILABILITY_STATUSES),
    })
    .transform(
      checkedBy(
        availabilitySettingsBody.safeExtend({
          activity: cuidValue,
          status: z.enum(NEW_AVAILABILITY_STATUSES),
        }),
      ),
    );
}

/** The API's `schedule.…` and `dates.…` field errors, kept for the editors that show them. */
function splitFieldErrors(error: unknown, prefix: string): Record<string, string> | null {
  if (!(error instanceof ApiRequestError)) return null;
  const mine = Object.entries(error.fields)
    .filter(([path]) => path === prefix || path.startsWith(`${prefix}.`))
    .map(([path, code]) => [path.slice(prefix.length + 1) || prefix, code]);
  return mine.length > 0 ? Object.fromEntries(mine) : null;
}

/**
 * A new availability of an activity: its settings, then its dates, generated from a weekly
 * schedule (with the server's live preview) or typed one by one. Saving opens it.
 */
export default function NewAvailability({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const language = useLanguage();
  const { session, can } = useConsole();
  const { choices } = loaderData;
  const currency = session.organiser?.currency ?? "EUR";
  const timeZone = session.organiser?.timezone ?? DEFAULT_TIME_ZONE;
  const canSchedule = can("availabilities.schedules.create");
  const [mode, setMode] = useState<Mode>(canSchedule ? "schedule" : "dates");
  const [schedule, setSchedule] = useState<ScheduleValue>(EMPTY_SCHEDULE);
  const [rows, setRows] = useState<DateRow[]>([EMPTY_DATE_ROW]);
  const [scheduleErrors, setScheduleErrors] = useState<Record<string, string>>({});
  const [dateErrors, setDateErrors] = useState<Record<string, string>>({});
  const preview = useSchedulePreview(schedule);
  // The send function reads the latest dates, not the ones of the render that built it.
  const latest = useRef({ mode, schedule, rows });
  latest.current = { mode, schedule, rows };

  const defaults = (cuid: string) => {
    const activity = choices.activities.find((item) => item.cuid === cuid);
    return settingsFormValues(
      activity
        ? {
            price: activity.default_price,
            deposit: activity.default_deposit,
            capacity: activity.default_capacity,
            age_minimum: activity.age_minimum,
            age_maximum: activity.age_maximum,
            categories: activity.categories.map((cuid) => ({ cuid })),
          }
        : {},
      { currency, language, timeZone },
    );
  };

  const { form, field, onSubmit, pending } = useAdminForm({
    schema: newAvailabilityForm(currency, timeZone),
    defaultValues: {
      ...defaults(loaderData.activity),
      activity: loaderData.activity,
      status: "OPEN" as const,
    },
    send: async (values) => {
      const current = latest.current;
      try {
        if (current.mode === "schedule") {
          return await availabilitiesApi.createFromSchedule({
            ...values,
            schedule: current.schedule,
          });
        }
        const typed = rowsToDates(current.rows, timeZone);
        if ("errors" in typed) {
          setDateErrors(typed.errors);
          throw new ApiRequestError(400, "VALIDATION_ERROR", typed.errors);
        }
        return await availabilitiesApi.create({ ...values, dates: typed.dates });
      } catch (error) {
        setScheduleErrors(splitFieldErrors(error, "schedule") ?? {});
        setDateErrors((previous) => splitFieldErrors(error, "dates") ?? previous);
        throw error;
      }
    },
    success: (saved) =>
      t("admin.availabilities.new.created", {
        count: saved.dates_count,
        title: saved.activity.title,
      }),
    revalidate: false,
    onSuccess: (saved) => navigate(availabilityPath(saved.cuid)),
    resolveField: (path) => {
      const root = path.split(".")[0] ?? "";
      return (FORM_FIELDS as readonly string[]).includes(root) ? (root as FormField) : null;
    },
  });

  const chooseActivity = (cuid: string) => {
    form.reset({ ...form.getValues(), ...defaults(cuid), activity: cuid });
  };
  const activityField = field("activity");
  const back = loaderData.activity
    ? activityAvailabilitiesPath(loaderData.activity)
    : AVAILABILITIES_PATH;
  const scheduleShown = mode === "schedule" && canSchedule;

  return (
    <>
      <PageHeader
        title={t("admin.availabilities.new.title")}
        description={t("admin.availabilities.new.description")}
        back={{ to: back, label: t("admin.availabilities.back") }}
      />
      <form method="post" onSubmit={onSubmit} noValidate className="mt-6 flex flex-col gap-6">
        <FormPanel title={t("admin.availabilities.new.activity_panel")}>
          <div className="grid gap-3 sm:grid-cols-2">
            <SelectField
              label={t("admin.availabilities.form.activity")}
              placeholder={t("admin.availabilities.form.choose_activity")}
              options={choices.activities.map((activity) => ({
                value: activity.cuid,
                label: activity.title,
              }))}
              data-testid="availability-activity"
              {...activityField}
              onChange={(event) => {
                activityField.onChange(event);
                chooseActivity(event.target.value);
              }}
            />
            <SelectField
              label={t("admin.availabilities.form.status")}
              hint={t("admin.availabilities.form.status_hint")}
              options={NEW_AVAILABILITY_STATUSES.map((status) => ({
                value: status,
                label: t(`admin.availabilities.status.${status}`),
              }))}
              {...field("status")}
            />
          </div>
        </FormPanel>

        <SettingsFields
          field={field}
          choices={choices}
          categories={form.watch("categories")}
          onCategories={(cuids) => form.setValue("categories", cuids, { shouldDirty: true })}
          currency={currency}
        />

        <FormPanel
          title={t("admin.availabilities.new.dates_panel")}
          testId="availability-dates-panel"
          actions={
            canSchedule ? (
              <fieldset className="inline-flex rounded-lg border border-slate-300 p-0.5">
                <legend className="sr-only">{t("admin.availabilities.new.dates_panel")}</legend>
                {(["schedule", "dates"] as const).map((option) => (
                  <button
                    key={option}
                    type="button"
                    aria-pressed={mode === option}
                    onClick={() => setMode(option)}
                    data-testid={`dates-mode-${option}`}
                    className={`rounded-md px-3 py-1.5 text-sm font-medium ${
                      mode === option
                        ? "bg-slate-900 text-white"
                        : "text-slate-700 hover:bg-slate-100"
                    }`}
                  >
                    {t(`admin.availabilities.new.mode.${option}`)}
                  </button>
                ))}
              </fieldset>
            ) : null
          }
        >
          {scheduleShown ? (
            <div className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_minmax(0,22rem)]">
              <ScheduleEditor
                patterns={choices.date_configurations}
                value={schedule}
                onChange={(next) => {
                  setSchedule(next);
                  setScheduleErrors({});
                }}
                errors={{
                  ...(preview.kind === "invalid" ? preview.fields : {}),
                  ...scheduleErrors,
                }}
              />
              <SchedulePreviewPanel state={preview} />
            </div>
          ) : (
            <DateRowsEditor
              rows={rows}
              onChange={(next) => {
                setRows(next);
                setDateErrors({});
              }}
              errors={dateErrors}
            />
          )}
        </FormPanel>

        <div className="sticky bottom-0 -mx-4 flex items-center justify-end gap-2 border-t border-slate-200 bg-white/95 px-4 py-3 backdrop-blur sm:-mx-6 sm:px-6 lg:-mx-8 lg:px-8">
          <Button variant="secondary" onClick={() => navigate(back)}>
            {t("admin.common.cancel")}
          </Button>
          <SubmitButton pending={pending} data-testid="create-availability">
            {scheduleShown && preview.kind === "ready"
              ? t("admin.availabilities.new.create_count", { count: preview.preview.count })
              : t("admin.availabilities.new.create")}
          </SubmitButton>
        </div>
      </form>
    </>
  );
}
