import {
  type AdminMembershipView,
  MEMBERSHIP_PERIOD_TYPES,
  membershipBody,
  PRODUCT_ENTITIES,
  ROLLING_PERIOD_UNITS,
} from "@booking/contracts";
import { z } from "zod";
import { useTranslation } from "../../../i18n/react";
import { productsApi } from "../../../lib/admin/products-api";
import { TextField } from "../../ui/field";
import { checkedBy, numberText, typedAmount, typedWholeNumber } from "../catalogue/form-inputs";
import { SelectField } from "../fields";
import { FormPanel } from "../form-panel";
import { amountText } from "../payments/amount-field";
import { dayInput, typedDayAt } from "./form-inputs";
import { EntityField, PriceField, ProductTexts } from "./product-fields";
import { ProductFormPage, SwitchOnCreate, storefrontProduct } from "./product-form-page";
import { useProductForm, useProductInputs } from "./use-product-form";

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
  const { currency, timeZone, language } = useProductInputs();
  const { form, field, richText, onSubmit, pending } = useProductForm({
    kind: "memberships",
    product: membership,
    calls: productsApi.memberships,
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
    fields: [
      "title",
      "description",
      "price",
      "entity",
      "period_type",
      "fixed_period_start_at",
      "fixed_period_end_at",
      "rolling_period_type",
      "rolling_period_duration",
    ],
  });
  const fixed = form.watch("period_type") === "FIXED";

  return (
    <ProductFormPage
      kind="memberships"
      product={storefrontProduct(membership)}
      onSubmit={onSubmit}
      pending={pending}
    >
      <ProductTexts title={field("title")} description={richText("description")} />
      <div className="flex flex-col gap-4">
        <FormPanel title={t("admin.products.fields.sale")}>
          <PriceField currency={currency} {...field("price")} />
          <EntityField {...field("entity")} />
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
