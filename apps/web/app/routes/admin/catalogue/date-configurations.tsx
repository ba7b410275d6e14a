import type { AdminDateConfigurationView } from "@booking/contracts";
import { useState } from "react";
import {
  useWeekdayNames,
  WeeklyPatternFields,
  type WeeklyPatternValue,
} from "../../../components/admin/availabilities/schedule-editor";
import { OrderedItems } from "../../../components/admin/catalogue/ordered-items";
import { ModalActions } from "../../../components/admin/dialog";
import { PageHeader } from "../../../components/admin/page-header";
import { ClockIcon } from "../../../components/icons";
import { SubmitButton } from "../../../components/ui/button";
import { TextField } from "../../../components/ui/field";
import { useTranslation } from "../../../i18n/react";
import { useConsole } from "../../../lib/admin/console";
import { dateConfigurationsApi } from "../../../lib/admin/date-configurations-api";
import { adminGet, requirePermission } from "../../../lib/admin/loaders";
import { useAdminMutation } from "../../../lib/admin/mutation";
import { ApiRequestError } from "../../../lib/api";
import type { Route } from "./+types/date-configurations";

export async function loader(args: Route.LoaderArgs) {
  requirePermission(args, "date_configurations.date_configurations.read");
  const list = await adminGet<{ data: AdminDateConfigurationView[] }>(
    args,
    "/api/admin/date-configurations",
  );
  return { configurations: list.data };
}

/**
 * /admin/date-configurations: named weekly patterns (« Stage d'été : lun–ven 9 h–16 h ») that the
 * availability dates generator offers, in staff's order.
 */
export default function DateConfigurations({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { can } = useConsole();
  const weekdayName = useWeekdayNames();
  return (
    <>
      <PageHeader
        title={t("admin.date_configurations.title")}
        description={t("admin.date_configurations.description")}
      />
      <OrderedItems
        items={loaderData.configurations}
        nameOf={(configuration) => configuration.name}
        testId="date-configurations"
        icon={ClockIcon}
        can={{
          create: can("date_configurations.date_configurations.create"),
          update: can("date_configurations.date_configurations.update"),
          delete: can("date_configurations.date_configurations.delete"),
        }}
        reorder={dateConfigurationsApi.order}
        remove={(configuration) => dateConfigurationsApi.remove(configuration.cuid)}
        renderItem={(configuration) => (
          <div>
            <p className="font-semibold text-slate-950">{configuration.name}</p>
            <p className="text-sm text-slate-600">
              {t("admin.date_configurations.summary", {
                days: configuration.weekdays.map(weekdayName).join(", "),
                slots: configuration.slots.map((slot) => `${slot.start}–${slot.end}`).join(", "),
              })}
            </p>
          </div>
        )}
        renderForm={(configuration, done) => (
          <DateConfigurationForm configuration={configuration} onDone={done} />
        )}
        labels={{
          heading: t("admin.date_configurations.heading"),
          intro: t("admin.date_configurations.intro"),
          create: t("admin.date_configurations.new"),
          edit: t("admin.date_configurations.edit"),
          empty: t("admin.date_configurations.empty"),
          deleteTitle: (configuration) =>
            t("admin.date_configurations.delete_title", { name: configuration.name }),
          deleteDescription: () => t("admin.date_configurations.delete_description"),
          deleted: (configuration) =>
            t("admin.date_configurations.deleted", { name: configuration.name }),
        }}
      />
    </>
  );
}

const EMPTY_PATTERN: WeeklyPatternValue = { weekdays: [], slots: [{ start: "", end: "" }] };

/** A configuration's name, weekdays and slots; the server answers the generator's codes. */
function DateConfigurationForm({
  configuration,
  onDone,
}: {
  configuration?: AdminDateConfigurationView;
  onDone: () => void;
}) {
  const { t } = useTranslation();
  const [name, setName] = useState(configuration?.name ?? "");
  const [pattern, setPattern] = useState<WeeklyPatternValue>(
    configuration
      ? { weekdays: configuration.weekdays, slots: configuration.slots }
      : EMPTY_PATTERN,
  );
  const [errors, setErrors] = useState<Record<string, string>>({});
  const save = useAdminMutation(
    () => {
      const body = { name, ...pattern };
      return configuration
        ? dateConfigurationsApi.update(configuration.cuid, body)
        : dateConfigurationsApi.create(body);
    },
    { success: (saved) => t("admin.date_configurations.saved", { name: saved.name }) },
  );
  return (
    <form
      method="post"
      noValidate
      className="grid gap-5"
      onSubmit={async (event) => {
        event.preventDefault();
        const outcome = await save.mutate();
        if (outcome.ok) onDone();
        else if (outcome.error instanceof ApiRequestError) setErrors(outcome.error.fields);
      }}
    >
      <TextField
        label={t("admin.date_configurations.fields.name")}
        hint={t("admin.date_configurations.fields.name_hint")}
        autoComplete="off"
        value={name}
        onChange={(event) => setName(event.target.value)}
        error={errors.name}
        name="name"
        data-testid="date-configuration-name"
      />
      <WeeklyPatternFields
        value={pattern}
        onChange={(changes) => {
          setPattern({ ...pattern, ...changes });
          setErrors({});
        }}
        errors={errors}
      />
      <ModalActions>
        <SubmitButton pending={save.pending} data-testid="save-date-configuration">
          {t("admin.catalogue.save")}
        </SubmitButton>
      </ModalActions>
    </form>
  );
}
