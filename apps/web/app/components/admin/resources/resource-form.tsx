import type { AdminResourceView, ResourceBody } from "@booking/contracts";
import { toMinorUnits } from "@booking/domain";
import { useState } from "react";
import { useNavigate } from "react-router";
import { useTranslation } from "../../../i18n/react";
import { useConsole } from "../../../lib/admin/console";
import { useAdminMutation } from "../../../lib/admin/mutation";
import { resourcesApi } from "../../../lib/admin/resources-api";
import { ApiRequestError } from "../../../lib/api";
import { useLanguage } from "../../../lib/root-data";
import { Button } from "../../ui/button";
import { TextField } from "../../ui/field";
import { SelectField } from "../fields";
import { amountText } from "../payments/amount-field";
import { emptyRow, type HoursRow, OpeningHoursEditor, rowKey } from "./opening-hours-editor";

type Location = { cuid: string; title: string };
/** A group or a booking configuration the resource may be given */
type Choice = { cuid: string; name: string };

function rowsOf(
  resource: AdminResourceView | null,
  currency: string,
  language: string,
): HoursRow[] {
  if (!resource) return [emptyRow()];
  return resource.opening_hours.map((hours) => ({
    key: rowKey(),
    weekday: String(hours.weekday),
    start: hours.start,
    end: hours.end,
    prices: hours.prices.map((price) => ({
      key: rowKey(),
      minutes: String(price.duration / 60),
      amount: amountText(price.amount, currency, language),
    })),
  }));
}

/** The choices, with the resource's current one even when the collaborator may not list them. */
function withCurrent(choices: Choice[], current: Choice | null | undefined): Choice[] {
  return current && !choices.some((one) => one.cuid === current.cuid)
    ? [current, ...choices]
    : choices;
}

/** The amount typed in minor units, or -1 (refused by the contract) when it is not an amount. */
function minor(text: string, currency: string): number {
  try {
    return toMinorUnits(text.trim(), currency);
  } catch {
    return -1;
  }
}

/**
 * A resource's name, place, group, booking configuration, description, booking horizon and
 * weekly opening hours with prices (decisions 0065, 0071); saving makes its slots. A new resource
 * then opens its own page.
 */
export function ResourceForm({
  resource,
  locations,
  groups,
  configurations,
}: {
  resource: AdminResourceView | null;
  locations: Location[];
  groups: Choice[];
  configurations: Choice[];
}) {
  const { t } = useTranslation();
  const { can, session } = useConsole();
  const navigate = useNavigate();
  const language = useLanguage();
  const currency = session.organiser?.currency ?? "EUR";
  const editable = can(resource ? "resources.resources.update" : "resources.resources.create");
  const [name, setName] = useState(resource?.name ?? "");
  const [description, setDescription] = useState(resource?.description ?? "");
  const [location, setLocation] = useState(resource?.location?.cuid ?? "");
  const [group, setGroup] = useState(resource?.group?.cuid ?? "");
  const [configuration, setConfiguration] = useState(resource?.booking_configuration?.cuid ?? "");
  const [daysAhead, setDaysAhead] = useState(
    resource?.booking_days_ahead === null || resource === null
      ? ""
      : String(resource.booking_days_ahead),
  );
  const [rows, setRows] = useState<HoursRow[]>(() => rowsOf(resource, currency, language));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const save = useAdminMutation(
    (body: ResourceBody) =>
      resource ? resourcesApi.update(resource.cuid, body) : resourcesApi.create(body),
    { success: t("admin.resource_editor.saved") },
  );

  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    if (name.trim() === "") {
      setErrors({ name: "REQUIRED" });
      return;
    }
    const outcome = await save.mutate({
      name: name.trim(),
      description: description.trim() || null,
      location: location || null,
      group: group || null,
      booking_configuration: configuration || null,
      booking_days_ahead: daysAhead.trim() === "" ? null : Number(daysAhead),
      opening_hours: rows.map((row) => ({
        weekday: Number(row.weekday),
        start: row.start,
        end: row.end,
        prices: row.prices.map((price) => ({
          duration: Math.round(Number(price.minutes) * 60),
          amount: minor(price.amount, currency),
        })),
      })),
    });
    if (outcome.ok) {
      setErrors({});
      if (!resource) navigate(`/admin/resources/${outcome.value.cuid}/edit`);
    } else if (outcome.error instanceof ApiRequestError) {
      setErrors(outcome.error.fields);
    }
  };

  return (
    <form
      onSubmit={submit}
      noValidate
      className="flex flex-col gap-4 rounded-xl border border-slate-200 bg-white p-4 sm:p-6"
      data-testid="resource-form"
    >
      <fieldset disabled={!editable} className="flex flex-col gap-4">
        <div className="grid gap-4 sm:grid-cols-2">
          <TextField
            name="name"
            label={t("admin.resource_editor.name")}
            value={name}
            onChange={(event) => setName(event.target.value)}
            error={errors.name}
            maxLength={100}
            autoComplete="off"
            data-testid="resource-name"
          />
          <SelectField
            name="location"
            label={t("admin.resource_editor.location")}
            value={location}
            onChange={(event) => setLocation(event.target.value)}
            placeholder={t("admin.resource_editor.no_location")}
            options={locations.map((place) => ({ value: place.cuid, label: place.title }))}
            error={errors.location}
          />
          <SelectField
            name="group"
            label={t("admin.resource_editor.group")}
            value={group}
            onChange={(event) => setGroup(event.target.value)}
            placeholder={t("admin.resource_editor.no_group")}
            options={withCurrent(groups, resource?.group).map((one) => ({
              value: one.cuid,
              label: one.name,
            }))}
            error={errors.group}
            data-testid="resource-group"
          />
          <SelectField
            name="booking_configuration"
            label={t("admin.resource_editor.configuration")}
            hint={t("admin.resource_editor.configuration_hint")}
            value={configuration}
            onChange={(event) => setConfiguration(event.target.value)}
            placeholder={t("admin.resource_editor.no_configuration")}
            options={withCurrent(configurations, resource?.booking_configuration).map((one) => ({
              value: one.cuid,
              label: one.name,
            }))}
            error={errors.booking_configuration}
            data-testid="resource-configuration"
          />
        </div>
        <label className="flex flex-col gap-1 text-sm font-medium text-slate-900">
          {t("admin.resource_editor.description")}
          <textarea
            name="description"
            rows={3}
            maxLength={5000}
            value={description}
            onChange={(event) => setDescription(event.target.value)}
            className="rounded-lg border border-slate-300 px-3 py-2 font-normal"
          />
        </label>
        <TextField
          name="booking_days_ahead"
          type="number"
          inputMode="numeric"
          min={1}
          max={365}
          optional
          label={t("admin.resource_editor.days_ahead")}
          hint={t("admin.resource_editor.days_ahead_hint")}
          value={daysAhead}
          onChange={(event) => setDaysAhead(event.target.value)}
          error={errors.booking_days_ahead}
          className="sm:max-w-xs"
          data-testid="resource-days-ahead"
        />
        <OpeningHoursEditor rows={rows} onChange={setRows} currency={currency} errors={errors} />
      </fieldset>
      {editable ? (
        <div>
          <Button type="submit" disabled={save.pending} data-testid="resource-save">
            {t("admin.resource_editor.save")}
          </Button>
        </div>
      ) : null}
    </form>
  );
}
