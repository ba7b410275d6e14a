import {
  type AdminAvailabilityFormChoices,
  type AdminAvailabilityView,
  availabilitySettingsBody,
} from "@booking/contracts";
import { DEFAULT_TIME_ZONE } from "@booking/domain";
import { z } from "zod";
import { useTranslation } from "../../../i18n/react";
import { availabilitiesApi } from "../../../lib/admin/availabilities-api";
import { useConsole } from "../../../lib/admin/console";
import { useAdminForm } from "../../../lib/admin/form";
import { useLanguage } from "../../../lib/root-data";
import { SubmitButton } from "../../ui/button";
import { apiPathFields, checkedBy } from "../catalogue/form-inputs";
import {
  SETTINGS_FIELDS,
  SettingsFields,
  type SettingsFormValues,
  settingsFormShape,
  settingsFormValues,
} from "./settings-fields";

/**
 * An availability's settings, saved together: a new capacity applies to every date and cannot
 * go below the places already taken (the hint says how many). Read-only without the update
 * permission.
 */
export function AvailabilitySettingsForm({
  availability,
  choices,
}: {
  availability: AdminAvailabilityView;
  choices: AdminAvailabilityFormChoices;
}) {
  const { t } = useTranslation();
  const language = useLanguage();
  const { session, can } = useConsole();
  const currency = session.organiser?.currency ?? "EUR";
  const timeZone = session.organiser?.timezone ?? DEFAULT_TIME_ZONE;
  const readOnly = !can("availabilities.availabilities.update");

  const { form, field, onSubmit, pending } = useAdminForm({
    schema: z
      .object(settingsFormShape(currency, timeZone))
      .transform(checkedBy(availabilitySettingsBody)),
    defaultValues: settingsFormValues(availability, { currency, language, timeZone }),
    send: (values) => availabilitiesApi.update(availability.cuid, values),
    success: t("admin.availabilities.form.saved"),
    resolveField: apiPathFields<SettingsFormValues>(SETTINGS_FIELDS),
  });

  return (
    <form method="post" onSubmit={onSubmit} noValidate className="flex flex-col gap-4">
      <fieldset disabled={readOnly} className="contents">
        <SettingsFields
          field={field}
          choices={choices}
          categories={form.watch("categories")}
          onCategories={(cuids) => form.setValue("categories", cuids, { shouldDirty: true })}
          currency={currency}
          minimumCapacity={availability.minimum_capacity}
        />
      </fieldset>
      {readOnly ? null : (
        <div className="flex justify-end">
          <SubmitButton pending={pending} data-testid="save-availability">
            {t("admin.availabilities.form.save")}
          </SubmitButton>
        </div>
      )}
    </form>
  );
}
