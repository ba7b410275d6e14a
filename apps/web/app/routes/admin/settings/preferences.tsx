import { type PreferencesSettingsView, preferencesSettingsBody } from "@booking/contracts";
import {
  CARTS_EXPIRATION_DELAY_BOUNDS,
  DEFAULT_TIME_ZONE,
  paymentReference,
  paymentReferencePrefixError,
} from "@booking/domain";
import { z } from "zod";
import { checkedBy } from "../../../components/admin/catalogue/form-inputs";
import { FormPanel } from "../../../components/admin/form-panel";
import {
  AgeFormatsEditor,
  ageRuleRow,
  ageRuleRowOf,
  typedDecimal,
} from "../../../components/admin/settings/age-formats-editor";
import { SettingsForm } from "../../../components/admin/settings/settings-form";
import { TextField } from "../../../components/ui/field";
import { useTranslation } from "../../../i18n/react";
import { useConsole } from "../../../lib/admin/console";
import { useAdminForm } from "../../../lib/admin/form";
import { adminGet, requirePermission } from "../../../lib/admin/loaders";
import { settingsApi } from "../../../lib/admin/settings-api";
import type { Route } from "./+types/preferences";

/**
 * What the form types, turned into the API's body: the delay in minutes (the API keeps
 * seconds), numbers as text. Field names are the API's, so its field errors land in place.
 */
const preferencesForm = z
  .object({
    carts_expiration_delay: z.string(),
    create_customers_participant: z.boolean(),
    payments_references_prefix: z.string(),
    formats: z.object({ ages: z.array(ageRuleRow) }),
  })
  .transform((values, context) => {
    const invalid = (path: (string | number)[]) =>
      context.addIssue({ code: "custom", message: "INVALID_TYPE", path });
    const minutes = typedDecimal(values.carts_expiration_delay);
    if (minutes === null || Number.isNaN(minutes)) invalid(["carts_expiration_delay"]);
    const ages = values.formats.ages.map((row, index) => {
      const limit = typedDecimal(row.limit);
      const interval = typedDecimal(row.rounding_interval);
      if (Number.isNaN(limit)) invalid(["formats", "ages", index, "limit"]);
      if (interval === null || Number.isNaN(interval)) {
        invalid(["formats", "ages", index, "rounding_interval"]);
      }
      return { ...row, limit, rounding_interval: interval ?? 0 };
    });
    return {
      ...values,
      carts_expiration_delay: Math.round((minutes ?? 0) * 60),
      formats: { ages },
    };
  })
  .transform(checkedBy(preferencesSettingsBody));
type PreferencesFormValues = z.input<typeof preferencesForm>;

export async function loader(args: Route.LoaderArgs) {
  requirePermission(args, "organiser.preferences.read");
  return {
    preferences: await adminGet<PreferencesSettingsView>(args, "/api/admin/settings/preferences"),
  };
}

/** How carts, registrations and references behave, and how ages are shown. */
export default function PreferencesSettings({ loaderData }: Route.ComponentProps) {
  // A save reloads the settings: the form starts again from them as stored.
  const { preferences } = loaderData;
  return <PreferencesForm key={JSON.stringify(preferences)} preferences={preferences} />;
}

function PreferencesForm({ preferences }: { preferences: PreferencesSettingsView }) {
  const { t } = useTranslation();
  const { session, can } = useConsole();
  const readOnly = !can("organiser.preferences.update");
  const { form, field, onSubmit, pending } = useAdminForm({
    schema: preferencesForm,
    defaultValues: {
      carts_expiration_delay: String(preferences.carts_expiration_delay / 60),
      create_customers_participant: preferences.create_customers_participant,
      payments_references_prefix: preferences.payments_references_prefix,
      formats: { ages: preferences.formats.ages.map(ageRuleRowOf) },
    } satisfies PreferencesFormValues,
    send: settingsApi.updatePreferences,
    success: t("admin.settings.saved"),
    resolveField: (path) =>
      [
        "carts_expiration_delay",
        "create_customers_participant",
        "payments_references_prefix",
      ].includes(path) || path.startsWith("formats.ages.")
        ? (path as never)
        : null,
  });
  const prefix = form.watch("payments_references_prefix").trim();
  const label = (key: string) => t(`admin.settings.preferences.${key}`);

  return (
    <SettingsForm
      onSubmit={onSubmit}
      readOnly={readOnly}
      pending={pending}
      testId="preferences-form"
    >
      <FormPanel title={label("carts")}>
        <TextField
          label={label("carts_expiration_delay")}
          hint={t("admin.settings.preferences.carts_expiration_delay_hint", {
            min: CARTS_EXPIRATION_DELAY_BOUNDS.min / 60,
            max: CARTS_EXPIRATION_DELAY_BOUNDS.max / 60,
          })}
          inputMode="decimal"
          className="max-w-60"
          data-testid="carts-expiration-delay"
          {...field("carts_expiration_delay")}
        />
        <label className="flex items-start gap-2 text-sm text-slate-800">
          <input
            type="checkbox"
            className="mt-0.5 size-4"
            {...form.register("create_customers_participant")}
          />
          <span>
            <span className="font-medium">{label("create_customers_participant")}</span>
            <span className="block text-slate-600">
              {label("create_customers_participant_hint")}
            </span>
          </span>
        </label>
      </FormPanel>
      <FormPanel title={label("references")} description={label("references_hint")}>
        <TextField
          label={label("payments_references_prefix")}
          inputMode="numeric"
          autoComplete="off"
          className="max-w-60"
          optional
          {...field("payments_references_prefix")}
        />
        {paymentReferencePrefixError(prefix) === null ? (
          <p className="text-sm text-slate-600">
            {label("reference_example")}{" "}
            <span className="font-mono font-medium text-slate-950">
              {paymentReference(preferences.payment_reference_kind, 1, prefix)}
            </span>
          </p>
        ) : null}
      </FormPanel>
      <div className="lg:col-span-2">
        <FormPanel title={label("ages.title")} description={label("ages.hint")}>
          <AgeFormatsEditor
            form={form}
            timeZone={session.organiser?.timezone ?? DEFAULT_TIME_ZONE}
            readOnly={readOnly}
          />
        </FormPanel>
      </div>
    </SettingsForm>
  );
}
