import {
  type AdminActivityView,
  type AdminCategoryGroupView,
  activityBody,
  REGISTRATION_FLOWS,
} from "@booking/contracts";
import { useNavigate } from "react-router";
import { z } from "zod";
import { useTranslation } from "../../../i18n/react";
import { catalogueApi } from "../../../lib/admin/catalogue-api";
import { useConsole } from "../../../lib/admin/console";
import { useAdminForm } from "../../../lib/admin/form";
import { useLanguage } from "../../../lib/root-data";
import { Button, SubmitButton } from "../../ui/button";
import { TextField } from "../../ui/field";
import { FormPanel } from "../form-panel";
import { amountText } from "../payments/amount-field";
import { apiPathFields, checkedBy, numberText, typedAmount, typedWholeNumber } from "./form-inputs";
import { RichTextEditor } from "./rich-text-editor";

export const ACTIVITIES_PATH = "/admin/activities";

const SETTINGS = [
  "allow_registrations_after_start",
  "partial_registrations",
  "waiting_list",
] as const;

function activityForm(currency: string) {
  return z
    .object({
      title: z.string(),
      description: z.string(),
      instructions: z.string(),
      age_minimum: typedWholeNumber,
      age_maximum: typedWholeNumber,
      default_capacity: typedWholeNumber,
      default_price: typedAmount(currency),
      default_deposit: typedAmount(currency),
      registration_flow: z.enum(REGISTRATION_FLOWS),
      settings: z.object({
        allow_registrations_after_start: z.boolean(),
        partial_registrations: z.boolean(),
        waiting_list: z.boolean(),
      }),
      categories: z.array(z.string()),
    })
    .transform(checkedBy(activityBody));
}
type ActivityFormValues = z.input<ReturnType<typeof activityForm>>;

/**
 * The details of an activity: what the storefront shows (title, rich description, ages), the
 * defaults new availabilities copy (price, deposit, places), how registrations work, and its
 * categories. Without `activity` it creates one (unpublished) and opens it.
 */
export function ActivityForm({
  activity,
  groups,
}: {
  activity?: AdminActivityView;
  groups: AdminCategoryGroupView[];
}) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const language = useLanguage();
  const { session, can } = useConsole();
  const currency = session.organiser?.currency ?? "EUR";
  const readOnly = activity
    ? !can("activities.activities.update")
    : !can("activities.activities.create");
  const money = (minor: number | undefined) => amountText(minor ?? 0, currency, language);

  const { form, field, richText, onSubmit, pending } = useAdminForm({
    schema: activityForm(currency),
    defaultValues: {
      title: activity?.title ?? "",
      description: activity?.description ?? "",
      instructions: activity?.instructions ?? "",
      age_minimum: numberText(activity?.age_minimum),
      age_maximum: numberText(activity?.age_maximum),
      default_capacity: numberText(activity?.default_capacity),
      default_price: money(activity?.default_price),
      default_deposit: money(activity?.default_deposit),
      registration_flow: activity?.registration_flow ?? "DIRECT",
      settings: activity?.settings ?? {
        allow_registrations_after_start: false,
        partial_registrations: false,
        waiting_list: true,
      },
      categories: activity?.categories.map((category) => category.cuid) ?? [],
    } satisfies ActivityFormValues,
    send: (values) =>
      activity
        ? catalogueApi.updateActivity(activity.cuid, values)
        : catalogueApi.createActivity(values),
    success: (saved) =>
      t(activity ? "admin.activities.form.updated" : "admin.activities.form.created", {
        title: saved.title,
      }),
    revalidate: Boolean(activity),
    resolveField: apiPathFields<ActivityFormValues>([
      "title",
      "description",
      "instructions",
      "age_minimum",
      "age_maximum",
      "default_capacity",
      "default_price",
      "default_deposit",
      "registration_flow",
      "settings",
      "categories",
    ]),
    onSuccess: (saved) => {
      if (!activity) navigate(`${ACTIVITIES_PATH}/${saved.cuid}`);
    },
  });
  const chosen = form.watch("categories");
  const toggleCategory = (cuid: string, checked: boolean) =>
    form.setValue(
      "categories",
      checked ? [...chosen, cuid] : chosen.filter((item) => item !== cuid),
      { shouldDirty: true },
    );

  return (
    <form method="post" onSubmit={onSubmit} noValidate className="flex flex-col gap-6">
      <fieldset disabled={readOnly} className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_22rem]">
        <div className="flex flex-col gap-5">
          <TextField
            label={t("admin.activities.form.title")}
            autoComplete="off"
            data-testid="activity-title"
            {...field("title")}
          />
          <RichTextEditor
            label={t("admin.activities.form.description")}
            hint={t("admin.activities.form.description_hint")}
            {...richText("description")}
            testId="activity-description"
            readOnly={readOnly}
          />
          <RichTextEditor
            label={t("admin.activities.form.instructions")}
            hint={t("admin.activities.form.instructions_hint")}
            {...richText("instructions")}
            readOnly={readOnly}
          />
        </div>

        <div className="flex flex-col gap-5">
          <FormPanel title={t("admin.activities.form.defaults")}>
            <p className="text-sm text-slate-600">{t("admin.activities.form.defaults_hint")}</p>
            <div className="grid grid-cols-2 gap-3">
              <TextField
                label={t("admin.activities.form.price", { currency })}
                inputMode="decimal"
                autoComplete="off"
                data-testid="activity-price"
                {...field("default_price")}
              />
              <TextField
                label={t("admin.activities.form.deposit", { currency })}
                inputMode="decimal"
                autoComplete="off"
                {...field("default_deposit")}
              />
            </div>
            <TextField
              label={t("admin.activities.form.capacity")}
              hint={t("admin.activities.form.capacity_hint")}
              inputMode="numeric"
              optional
              {...field("default_capacity")}
            />
          </FormPanel>

          <FormPanel title={t("admin.activities.form.ages")}>
            <div className="grid grid-cols-2 gap-3">
              <TextField
                label={t("admin.activities.form.age_minimum")}
                inputMode="numeric"
                optional
                {...field("age_minimum")}
              />
              <TextField
                label={t("admin.activities.form.age_maximum")}
                inputMode="numeric"
                optional
                {...field("age_maximum")}
              />
            </div>
          </FormPanel>

          <FormPanel title={t("admin.activities.form.registrations")}>
            <fieldset className="flex flex-col gap-2">
              <legend className="mb-1 text-sm font-medium text-slate-900">
                {t("admin.activities.form.flow")}
              </legend>
              {REGISTRATION_FLOWS.map((flow) => (
                <label key={flow} className="flex items-start gap-2 text-sm text-slate-800">
                  <input
                    type="radio"
                    value={flow}
                    className="mt-0.5 size-4"
                    {...form.register("registration_flow")}
                  />
                  <span>
                    <span className="font-medium">{t(`admin.activities.flow.${flow}`)}</span>
                    <span className="block text-slate-600">
                      {t(`admin.activities.flow_hint.${flow}`)}
                    </span>
                  </span>
                </label>
              ))}
            </fieldset>
            {SETTINGS.map((setting) => (
              <label key={setting} className="flex items-start gap-2 text-sm text-slate-800">
                <input
                  type="checkbox"
                  className="mt-0.5 size-4"
                  data-testid={`setting-${setting}`}
                  {...form.register(`settings.${setting}`)}
                />
                <span>
                  <span className="font-medium">{t(`admin.activities.settings.${setting}`)}</span>
                  <span className="block text-slate-600">
                    {t(`admin.activities.settings_hint.${setting}`)}
                  </span>
                </span>
              </label>
            ))}
          </FormPanel>

          <FormPanel title={t("admin.activities.form.categories")}>
            {groups.length === 0 ? (
              <p className="text-sm text-slate-600">{t("admin.activities.form.no_categories")}</p>
            ) : (
              groups.map((group) => (
                <fieldset key={group.cuid} className="flex flex-col gap-1.5">
                  <legend className="mb-1 text-sm font-medium text-slate-900">{group.title}</legend>
                  {group.categories.map((category) => (
                    <label key={category.cuid} className="flex items-center gap-2 text-sm">
                      <input
                        type="checkbox"
                        className="size-4"
                        checked={chosen.includes(category.cuid)}
                        onChange={(event) => toggleCategory(category.cuid, event.target.checked)}
                      />
                      {category.title}
                    </label>
                  ))}
                </fieldset>
              ))
            )}
          </FormPanel>
        </div>
      </fieldset>

      {readOnly ? null : (
        <div className="sticky bottom-0 -mx-4 flex items-center justify-end gap-2 border-t border-slate-200 bg-white/95 px-4 py-3 backdrop-blur sm:-mx-6 sm:px-6 lg:-mx-8 lg:px-8">
          {activity ? null : (
            <Button variant="secondary" onClick={() => navigate(ACTIVITIES_PATH)}>
              {t("admin.common.cancel")}
            </Button>
          )}
          <SubmitButton pending={pending} data-testid="save-activity">
            {t(activity ? "admin.activities.form.save" : "admin.activities.form.create")}
          </SubmitButton>
        </div>
      )}
    </form>
  );
}
