import type { AdminAvailabilityFormChoices, AdminAvailabilityView } from "@booking/contracts";
import type { UseFormRegisterReturn } from "react-hook-form";
import { z } from "zod";
import { useTranslation } from "../../../i18n/react";
import { localInputValue, typedLocalDateTime } from "../../../lib/admin/zoned-input";
import { TextField } from "../../ui/field";
import { numberText, typedAmount, typedWholeNumber } from "../catalogue/form-inputs";
import { SelectField } from "../fields";
import { FormPanel } from "../form-panel";
import { amountText } from "../payments/amount-field";

/**
 * The settings of an availability as a form types them (amounts in the currency's units, dates
 * and times in the organiser's zone, blanks for "none"), turned into the API's values.
 */
export function settingsFormShape(currency: string, timeZone: string) {
  return {
    location: z.string().transform((value) => (value === "" ? null : value)),
    capacity: typedWholeNumber,
    price: typedAmount(currency),
    deposit: typedAmount(currency),
    registrations_start_at: typedLocalDateTime(timeZone),
    registrations_end_at: typedLocalDateTime(timeZone),
    age_minimum: typedWholeNumber,
    age_maximum: typedWholeNumber,
    categories: z.array(z.string()),
  };
}

export type SettingsFormValues = {
  location: string;
  capacity: string;
  price: string;
  deposit: string;
  registrations_start_at: string;
  registrations_end_at: string;
  age_minimum: string;
  age_maximum: string;
  categories: string[];
};

export const SETTINGS_FIELDS = [
  "location",
  "capacity",
  "price",
  "deposit",
  "registrations_start_at",
  "registrations_end_at",
  "age_minimum",
  "age_maximum",
  "categories",
] as const;

/** The form's values of an availability (or of an activity's defaults for a new one). */
export function settingsFormValues(
  source: Partial<
    Pick<
      AdminAvailabilityView,
      | "capacity"
      | "price"
      | "deposit"
      | "registrations_start_at"
      | "registrations_end_at"
      | "age_minimum"
      | "age_maximum"
    >
  > & { location?: { cuid: string } | null; categories?: { cuid: string }[] },
  format: { currency: string; language: string; timeZone: string },
): SettingsFormValues {
  return {
    location: source.location?.cuid ?? "",
    capacity: numberText(source.capacity),
    price: amountText(source.price ?? 0, format.currency, format.language),
    deposit: amountText(source.deposit ?? 0, format.currency, format.language),
    registrations_start_at: localInputValue(source.registrations_start_at, format.timeZone),
    registrations_end_at: localInputValue(source.registrations_end_at, format.timeZone),
    age_minimum: numberText(source.age_minimum),
    age_maximum: numberText(source.age_maximum),
    categories: source.categories?.map((category) => category.cuid) ?? [],
  };
}

/** What `useAdminForm().field(name)` gives an input. */
export type FieldProps = UseFormRegisterReturn & { error?: string };

/**
 * The settings panels of an availability form: place, prices, places, registration window,
 * ages, categories. `field(name)` wires an input to the form (`useAdminForm().field`).
 */
export function SettingsFields({
  field,
  choices,
  categories,
  onCategories,
  currency,
  minimumCapacity,
}: {
  field: (name: (typeof SETTINGS_FIELDS)[number]) => FieldProps;
  choices: AdminAvailabilityFormChoices;
  categories: string[];
  onCategories: (cuids: string[]) => void;
  currency: string;
  /** the places already taken on some date: the capacity cannot go below */
  minimumCapacity?: number;
}) {
  const { t } = useTranslation();
  const groups = new Map<
    string,
    { title: string; categories: { cuid: string; title: string }[] }
  >();
  for (const category of choices.categories) {
    const group = groups.get(category.group.cuid) ?? {
      title: category.group.title,
      categories: [],
    };
    group.categories.push(category);
    groups.set(category.group.cuid, group);
  }

  return (
    <div className="grid gap-4 lg:grid-cols-2">
      <FormPanel title={t("admin.availabilities.form.places_prices")}>
        <SelectField
          label={t("admin.availabilities.form.location")}
          placeholder={t("admin.availabilities.form.no_location")}
          options={choices.locations.map((location) => ({
            value: location.cuid,
            label: location.title,
          }))}
          {...field("location")}
        />
        <TextField
          label={t("admin.availabilities.form.capacity")}
          hint={
            minimumCapacity
              ? t("admin.availabilities.form.capacity_taken", { count: minimumCapacity })
              : t("admin.availabilities.form.capacity_hint")
          }
          inputMode="numeric"
          autoComplete="off"
          data-testid="availability-capacity"
          {...field("capacity")}
        />
        <div className="grid grid-cols-2 gap-3">
          <TextField
            label={t("admin.availabilities.form.price", { currency })}
            inputMode="decimal"
            autoComplete="off"
            data-testid="availability-price"
            {...field("price")}
          />
          <TextField
            label={t("admin.availabilities.form.deposit", { currency })}
            inputMode="decimal"
            autoComplete="off"
            {...field("deposit")}
          />
        </div>
      </FormPanel>

      <FormPanel
        title={t("admin.availabilities.form.registrations")}
        description={t("admin.availabilities.form.registrations_hint")}
      >
        <div className="grid gap-3 sm:grid-cols-2">
          <TextField
            type="datetime-local"
            label={t("admin.availabilities.form.registrations_start_at")}
            optional
            {...field("registrations_start_at")}
          />
          <TextField
            type="datetime-local"
            label={t("admin.availabilities.form.registrations_end_at")}
            optional
            {...field("registrations_end_at")}
          />
        </div>
        <div className="grid grid-cols-2 gap-3">
          <TextField
            label={t("admin.availabilities.form.age_minimum")}
            inputMode="numeric"
            optional
            {...field("age_minimum")}
          />
          <TextField
            label={t("admin.availabilities.form.age_maximum")}
            inputMode="numeric"
            optional
            {...field("age_maximum")}
          />
        </div>
      </FormPanel>

      {groups.size > 0 ? (
        <FormPanel title={t("admin.availabilities.form.categories")}>
          <div className="grid gap-4 sm:grid-cols-2">
            {[...groups.entries()].map(([cuid, group]) => (
              <fieldset key={cuid} className="flex flex-col gap-1.5">
                <legend className="mb-1 text-sm font-medium text-slate-900">{group.title}</legend>
                {group.categories.map((category) => (
                  <label key={category.cuid} className="flex items-center gap-2 text-sm">
                    <input
                      type="checkbox"
                      className="size-4"
                      checked={categories.includes(category.cuid)}
                      onChange={(event) =>
                        onCategories(
                          event.target.checked
                            ? [...categories, category.cuid]
                            : categories.filter((item) => item !== category.cuid),
                        )
                      }
                    />
                    {category.title}
                  </label>
                ))}
              </fieldset>
            ))}
          </div>
        </FormPanel>
      ) : null}
    </div>
  );
}
