import {
  type AdminMembershipView,
  MEMBERSHIP_PERIOD_TYPES,
  membershipBody,
  PRODUCT_ENTITIES,
  ROLLING_PERIOD_UNITS,
} from "@booking/contracts";
import { DEFAULT_TIME_ZONE } from "@booking/domain";
import { useTranslation } from "react-i18next";
import { useNavigate } from "react-router";
import { z } from "zod";
import { useConsole } from "../../../lib/admin/console";
import { useAdminForm } from "../../../lib/admin/form";
import { productsApi } from "../../../lib/admin/products-api";
import { useLanguage } from "../../../lib/root-data";
import { TextField } from "../../ui/field";
import {
  apiPathFields,
  checkedBy,
  numberText,
  typedAmount,
  typedWholeNumber,
} from "../catalogue/form-inputs";
import { RichTextEditor } from "../catalogue/rich-text-editor";
import { SelectField } from "../fields";
import { FormPanel } from "../form-panel";
import { amountText } from "../payments/amount-field";
import { dayInput, typedDayAt } from "./form-inputs";
import { ProductFormPage, SwitchOnCreate } from "./product-form-page";
import { productPath } from "./product-kinds";

function membershipForm(currency: string, timeZone: string) {
  return z
    .object({
      title: z.string(),
      description: z.string(),
      price: typedAmount(currency),
      entity: z.enum(PRODUCT_ENTITIES),
      period_type: z.enum(MEMBERSHIP_PERIOD_TYPES),
      fixed_period_start_at: typedDayAt(timeZone, { hour: 0, minute: 0 }),
      fixed_period_end_at: typedDayAt(timeZone, { hour: 23, minute: 59 }),
      rolling_period_type: z.enum(ROLLING_PERIOD_UNITS),
      rolling_period_duration: typedWholeNumber,
      published: z.boolean(),
    })
    .transform(checkedBy(membershipBody));
}
type MembershipFormValues = z.input<ReturnType<typeof membershipForm>>;

/**
 * A membership: its price and who it covers, and its period, FIXED (the same first and last day
 * for everyone: a season) or ROLLING (a length from the purchase: 12 months).
 */
export function MembershipForm({ membership }: { membership?: AdminMembershipView }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const language = useLanguage();
  const { session } = useConsole();
  const currency = session.organiser?.currency ?? "EUR";
  const timeZone = session.organiser?.timezone ?? DEFAULT_TIME_ZONE;
  const { form, field, onSubmit, pending } = useAdminForm({
    schema: membershipForm(currency, timeZone),
    defaultValues: {
      title: membership?.title ?? "",
      description: membership?.description ?? "",
      price: amountText(membership?.price ?? 0, currency, language),
      entity: membership?.entity ?? "CUSTOMERS",
      period_type: membership?.period_type ?? "FIXED",
      fixed_period_start_at: dayInput(membership?.fixed_period_start_at, timeZone),
      fixed_period_end_at: dayInput(membership?.fixed_period_end_at, timeZone),
      rolling_period_type: membership?.rolling_period_type ?? "months",
      rolling_period_duration: numberText(membership?.rolling_period_duration ?? 12),
      published: membership?.published ?? false,
    } satisfies MembershipFormValues,
    send: (values) =>
      membership
        ? productsApi.memberships.update(membership.cuid, values)
        : productsApi.memberships.create(values),
    success: (saved) =>
      t(membership ? "admin.products.saved" : "admin.products.created", { title: saved.title }),
    revalidate: Boolean(membership),
    resolveField: apiPathFields<MembershipFormValues>([
      "title",
      "description",
      "price",
      "entity",
      "period_type",
      "fixed_period_start_at",
      "fixed_period_end_at",
      "rolling_period_type",
      "rolling_period_duration",
    ]),
    onSuccess: (saved) => {
      if (!membership) navigate(productPath("memberships", saved.cuid));
    },
  });
  const fixed = form.watch("period_type") === "FIXED";

  return (
    <ProductFormPage
      kind="memberships"
      product={
        membership && {
          cuid: membership.cuid,
          title: membership.title,
          on: membership.published,
          used: membership.sold,
        }
      }
      onSubmit={onSubmit}
      pending={pending}
    >
      <div className="flex flex-col gap-5">
        <TextField
          label={t("admin.products.fields.title")}
          autoComplete="off"
          data-testid="product-title"
          {...field("title")}
        />
        <RichTextEditor
          label={t("admin.products.fields.description")}
          value={form.getValues("description")}
          onChange={(html) => form.setValue("description", html, { shouldDirty: true })}
          error={form.formState.errors.description?.message}
        />
      </div>
      <div className="flex flex-col gap-4">
        <FormPanel title={t("admin.products.fields.sale")}>
          <TextField
            label={t("admin.products.fields.price", { currency })}
            inputMode="decimal"
            autoComplete="off"
            data-testid="product-price"
            {...field("price")}
          />
          <SelectField
            label={t("admin.products.fields.entity")}
            options={PRODUCT_ENTITIES.map((entity) => ({
              value: entity,
              label: t(`admin.products.entity.${entity}`),
            }))}
            {...field("entity")}
          />
        </FormPanel>
        <FormPanel title={t("admin.products.memberships.period")}>
          <fieldset className="flex flex-col gap-1.5">
            <legend className="sr-only">{t("admin.products.memberships.period")}</legend>
            {MEMBERSHIP_PERIOD_TYPES.map((type) => (
              <label key={type} className="flex items-start gap-2 text-sm">
                <input
                  type="radio"
                  value={type}
                  className="mt-0.5 size-4"
                  {...form.register("period_type")}
                />
                <span>
                  <span className="font-medium">
                    {t(`admin.products.memberships.period_type.${type}`)}
                  </span>
                  <span className="block text-slate-600">
                    {t(`admin.products.memberships.period_hint.${type}`)}
                  </span>
                </span>
              </label>
            ))}
          </fieldset>
          {fixed ? (
            <div className="grid grid-cols-2 gap-3">
              <TextField
                type="date"
                label={t("admin.products.memberships.first_day")}
                {...field("fixed_period_start_at")}
              />
              <TextField
                type="date"
                label={t("admin.products.memberships.last_day")}
                {...field("fixed_period_end_at")}
              />
            </div>
          ) : (
            <div className="grid grid-cols-2 gap-3">
              <TextField
                label={t("admin.products.memberships.length")}
                inputMode="numeric"
                {...field("rolling_period_duration")}
              />
              <SelectField
                label={t("admin.products.memberships.unit")}
                options={ROLLING_PERIOD_UNITS.map((unit) => ({
                  value: unit,
                  label: t(`admin.products.memberships.units.${unit}`),
                }))}
                {...field("rolling_period_type")}
              />
            </div>
          )}
        </FormPanel>
        {membership ? null : (
          <SwitchOnCreate switchParam="published" registration={form.register("published")} />
        )}
      </div>
    </ProductFormPage>
  );
}
