import { type DiscountList, type DiscountView, discountBody } from "@booking/contracts";
import { z } from "zod";
import { useTranslation } from "../../../i18n/react";
import { useAdminForm } from "../../../lib/admin/form";
import { apiRequest } from "../../../lib/api";
import { SubmitButton } from "../../ui/button";
import { TextField } from "../../ui/field";
import { checkedBy } from "../catalogue/form-inputs";
import { ModalActions } from "../dialog";
import { useProductInputs } from "../products/use-product-form";
import {
  DiscountValueFields,
  discountValue,
  discountValueShape,
  typedDiscountValue,
} from "./discount-value";

export const DISCOUNTS_API = "/api/admin/discounts";
type Choice = DiscountList["choices"]["activities"][number];

/** The form's typed values to the contract: the kind chosen is sent, the other is null. */
function discountForm(currency: string) {
  return z
    .object({
      name: z.string(),
      ...discountValueShape,
      activities: z.array(z.string()),
      categories: z.array(z.string()),
      valid_from: z.string(),
      valid_until: z.string(),
      active: z.boolean(),
    })
    .transform(({ kind, amount, percentage, valid_from, valid_until, ...rest }, context) => ({
      ...rest,
      ...discountValue(currency, { kind, amount, percentage }, context),
      valid_from: valid_from || null,
      valid_until: valid_until || null,
    }))
    .transform(checkedBy(discountBody));
}

/** Ticks among `choices`, kept as a list of cuids in the form. */
function LimitChoices({
  legend,
  choices,
  chosen,
  onChange,
  testId,
}: {
  legend: string;
  choices: Choice[];
  chosen: string[];
  onChange: (cuids: string[]) => void;
  testId: string;
}) {
  if (choices.length === 0) return null;
  return (
    <fieldset data-testid={testId}>
      <legend className="mb-1 text-sm font-medium text-slate-900">{legend}</legend>
      <div className="grid max-h-44 gap-1.5 overflow-y-auto rounded border border-slate-200 p-2 sm:grid-cols-2">
        {choices.map((choice) => (
          <label key={choice.cuid} className="flex min-h-8 items-center gap-2 text-sm">
            <input
              type="checkbox"
              className="size-4"
              checked={chosen.includes(choice.cuid)}
              onChange={(event) =>
                onChange(
                  event.target.checked
                    ? [...chosen, choice.cuid]
                    : chosen.filter((cuid) => cuid !== choice.cuid),
                )
              }
            />
            {choice.title}
          </label>
        ))}
      </div>
    </fieldset>
  );
}

/** Adds or changes a customer discount (Catalogue › Réductions clients, decision 0100). */
export function DiscountForm({
  discount,
  choices,
  onDone,
}: {
  discount?: DiscountView;
  choices: DiscountList["choices"];
  onDone: () => void;
}) {
  const { t } = useTranslation();
  const { currency, language } = useProductInputs();
  const { form, field, onSubmit, pending } = useAdminForm({
    schema: discountForm(currency),
    defaultValues: {
      name: discount?.name ?? "",
      ...typedDiscountValue(discount, currency, language),
      activities: discount?.activities.map((activity) => activity.cuid) ?? [],
      categories: discount?.categories.map((category) => category.cuid) ?? [],
      valid_from: discount?.valid_from ?? "",
      valid_until: discount?.valid_until ?? "",
      active: discount?.active ?? true,
    },
    send: (values) =>
      discount
        ? apiRequest<DiscountView>(
            "PUT",
            `${DISCOUNTS_API}/${encodeURIComponent(discount.cuid)}`,
            values,
          )
        : apiRequest<DiscountView>("POST", DISCOUNTS_API, values),
    success: t("admin.customer_discounts.saved"),
    onSuccess: onDone,
  });
  const kind = form.watch("kind");
  const limit = (key: "activities" | "categories") => ({
    chosen: form.watch(key),
    onChange: (cuids: string[]) => form.setValue(key, cuids, { shouldDirty: true }),
  });
  return (
    <form method="post" onSubmit={onSubmit} noValidate className="flex flex-col gap-4">
      <TextField
        label={t("admin.customer_discounts.fields.name")}
        hint={t("admin.customer_discounts.fields.name_hint")}
        autoComplete="off"
        data-testid="discount-name"
        {...field("name")}
      />
      <DiscountValueFields
        kind={kind}
        radio={form.register("kind")}
        field={field}
        labels={{
          legend: t("admin.customer_discounts.fields.kind"),
          kinds: {
            percentage: t("admin.customer_discounts.kinds.percentage"),
            amount: t("admin.customer_discounts.kinds.amount"),
          },
          amount: t("admin.customer_discounts.fields.amount", { currency }),
          percentage: t("admin.customer_discounts.fields.percentage"),
        }}
        testId="discount"
      />
      <p className="text-sm text-slate-600">{t("admin.customer_discounts.fields.limits_hint")}</p>
      <LimitChoices
        legend={t("admin.customer_discounts.fields.activities")}
        choices={choices.activities}
        testId="discount-activities"
        {...limit("activities")}
      />
      <LimitChoices
        legend={t("admin.customer_discounts.fields.categories")}
        choices={choices.categories}
        testId="discount-categories"
        {...limit("categories")}
      />
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField
          type="date"
          label={t("admin.customer_discounts.fields.valid_from")}
          optional
          {...field("valid_from")}
        />
        <TextField
          type="date"
          label={t("admin.customer_discounts.fields.valid_until")}
          optional
          {...field("valid_until")}
        />
      </div>
      <label className="flex min-h-11 items-center gap-2 text-sm">
        <input type="checkbox" className="size-4" {...form.register("active")} />
        {t("admin.customer_discounts.fields.active")}
      </label>
      <ModalActions>
        <SubmitButton pending={pending} data-testid="save-discount">
          {t("admin.catalogue.save")}
        </SubmitButton>
      </ModalActions>
    </form>
  );
}
