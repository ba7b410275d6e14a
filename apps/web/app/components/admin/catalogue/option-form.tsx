import { type AdminOptionView, optionBody } from "@booking/contracts";
import { useFieldArray } from "react-hook-form";
import { z } from "zod";
import { useTranslation } from "../../../i18n/react";
import { catalogueApi } from "../../../lib/admin/catalogue-api";
import { useAdminForm } from "../../../lib/admin/form";
import { useLanguage } from "../../../lib/root-data";
import { PlusIcon, TrashIcon } from "../../icons";
import { Button, SubmitButton } from "../../ui/button";
import { FieldErrorText, TextField, useErrorMessage } from "../../ui/field";
import { ModalActions } from "../dialog";
import { SelectField } from "../fields";
import { amountText } from "../payments/amount-field";
import { checkedBy, typedAmount, typedPercentage } from "./form-inputs";

function optionForm(currency: string) {
  const price = z
    .object({
      cuid: z.string().optional(),
      label: z.string(),
      kind: z.enum(["amount", "percentage"]),
      value: z.string(),
    })
    .transform((input, context) => {
      const parsed = (input.kind === "amount" ? typedAmount(currency) : typedPercentage).safeParse(
        input.value,
      );
      if (!parsed.success) {
        context.addIssue({ code: "custom", message: "INVALID_FORMAT", path: ["value"] });
        return z.NEVER;
      }
      return {
        cuid: input.cuid,
        label: input.label,
        amount: input.kind === "amount" ? parsed.data : null,
        percentage: input.kind === "percentage" ? parsed.data : null,
      };
    });
  return z
    .object({
      title: z.string(),
      description: z.string(),
      answer_required: z.boolean(),
      prices: z.array(price),
    })
    .transform(checkedBy(optionBody));
}
type OptionFormValues = z.input<ReturnType<typeof optionForm>>;

/** `prices.2.amount` of the API is the value input of the third price row. */
function optionField(path: string) {
  const price = /^prices\.(\d+)\.(label|amount|percentage|cuid)$/.exec(path);
  if (price) return `prices.${price[1]}.${price[2] === "label" ? "label" : "value"}` as const;
  if (path === "title" || path === "description" || path === "prices") return path;
  return null;
}

/**
 * An option and its prices in a modal: one price makes it a yes/no switch on the registration
 * form, several a choice; each is an amount or a percentage of the registration price.
 */
export function OptionForm({
  activityCuid,
  option,
  currency,
  onDone,
}: {
  activityCuid: string;
  option?: AdminOptionView;
  currency: string;
  onDone: () => void;
}) {
  const { t } = useTranslation();
  const language = useLanguage();
  const { form, field, onSubmit, pending } = useAdminForm({
    schema: optionForm(currency),
    defaultValues: {
      title: option?.title ?? "",
      description: option?.description ?? "",
      answer_required: option?.answer_required ?? false,
      prices: option?.prices.map((price) => ({
        cuid: price.cuid,
        label: price.label,
        kind: price.percentage === null ? "amount" : "percentage",
        value:
          price.percentage === null
            ? amountText(price.amount ?? 0, currency, language)
            : String(price.percentage),
      })) ?? [{ label: "", kind: "amount", value: "" }],
    } satisfies OptionFormValues,
    send: (values) =>
      option
        ? catalogueApi.updateOption(activityCuid, option.cuid, values)
        : catalogueApi.createOption(activityCuid, values),
    success: (saved) => t("admin.options.saved", { title: saved.title }),
    resolveField: (path) => optionField(path) as never,
    onSuccess: onDone,
  });
  const prices = useFieldArray({ control: form.control, name: "prices" });
  const pricesError = useErrorMessage()(form.formState.errors.prices?.message);

  return (
    <form method="post" onSubmit={onSubmit} noValidate className="flex flex-col gap-4">
      <TextField
        label={t("admin.options.title_label")}
        autoComplete="off"
        data-testid="option-title"
        {...field("title")}
      />
      <TextField
        label={t("admin.options.description")}
        optional
        autoComplete="off"
        {...field("description")}
      />
      <label className="flex items-start gap-2 text-sm text-slate-800">
        <input type="checkbox" className="mt-0.5 size-4" {...form.register("answer_required")} />
        <span>
          <span className="font-medium">{t("admin.options.answer_required")}</span>
          <span className="block text-slate-600">{t("admin.options.answer_required_hint")}</span>
        </span>
      </label>

      <fieldset className="flex flex-col gap-3">
        <legend className="mb-1 text-sm font-semibold text-slate-950">
          {t("admin.options.prices")}
        </legend>
        <p className="text-sm text-slate-600">{t("admin.options.prices_hint")}</p>
        {prices.fields.map((price, index) => (
          <div
            key={price.id}
            className="grid grid-cols-2 items-end gap-2 rounded-lg border border-slate-200 p-3 sm:grid-cols-[1fr_9rem_7rem_auto]"
          >
            <TextField
              label={t("admin.options.price_label")}
              autoComplete="off"
              className="col-span-2 sm:col-span-1"
              data-testid={`price-label-${index}`}
              {...field(`prices.${index}.label`)}
            />
            <SelectField
              label={t("admin.options.price_kind")}
              options={[
                { value: "amount", label: t("admin.options.kind.amount", { currency }) },
                { value: "percentage", label: t("admin.options.kind.percentage") },
              ]}
              {...field(`prices.${index}.kind`)}
            />
            <TextField
              label={t("admin.options.price_value")}
              inputMode="decimal"
              autoComplete="off"
              data-testid={`price-value-${index}`}
              {...field(`prices.${index}.value`)}
            />
            <Button
              variant="ghost"
              size="sm"
              className="text-red-700 hover:bg-red-50"
              disabled={prices.fields.length === 1}
              onClick={() => prices.remove(index)}
              aria-label={t("admin.options.remove_price", { index: index + 1 })}
            >
              <TrashIcon className="size-4" />
            </Button>
          </div>
        ))}
        {pricesError ? <FieldErrorText id="prices-error">{pricesError}</FieldErrorText> : null}
        <div>
          <Button
            variant="secondary"
            size="sm"
            onClick={() => prices.append({ label: "", kind: "amount", value: "" })}
          >
            <PlusIcon className="size-4" />
            {t("admin.options.add_price")}
          </Button>
        </div>
      </fieldset>
      <ModalActions>
        <SubmitButton pending={pending} data-testid="save-option">
          {t("admin.catalogue.save")}
        </SubmitButton>
      </ModalActions>
    </form>
  );
}
