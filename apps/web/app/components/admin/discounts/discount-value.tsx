import type { ReactNode } from "react";
import type { UseFormRegisterReturn } from "react-hook-form";
import { z } from "zod";
import { TextField } from "../../ui/field";
import { typedAmount, typedPercentage } from "../catalogue/form-inputs";
import { amountText } from "../payments/amount-field";

/**
 * A discount's value as staff type it — a percentage or an amount, one of the two — shared by
 * the customer discounts' and the volume discounts' forms.
 */
export const DISCOUNT_KINDS = ["percentage", "amount"] as const;

export type DiscountKind = (typeof DISCOUNT_KINDS)[number];

/** The form's fields of the value, as typed. */
export const discountValueShape = {
  kind: z.enum(DISCOUNT_KINDS),
  amount: z.string(),
  percentage: z.string(),
};

type TypedValue = { kind: DiscountKind; amount: string; percentage: string };

/**
 * The value as the contracts take it: the kind chosen, the other null. An unreadable number is
 * an INVALID_FORMAT issue on its field, and `z.NEVER`.
 */
export function discountValue(
  currency: string,
  { kind, amount, percentage }: TypedValue,
  context: z.RefinementCtx,
): { amount: number | null; percentage: number | null } {
  const value =
    kind === "amount"
      ? typedAmount(currency).safeParse(amount)
      : typedPercentage.safeParse(percentage);
  if (!value.success) {
    context.addIssue({ code: "custom", message: "INVALID_FORMAT", path: [kind] });
    return z.NEVER;
  }
  return {
    amount: kind === "amount" ? value.data : null,
    percentage: kind === "percentage" ? value.data : null,
  };
}

/** The form's typed value of a stored discount (a new one: a percentage to type). */
export function typedDiscountValue(
  stored: { amount: number | null; percentage: number | null } | undefined,
  currency: string,
  language: string,
): TypedValue {
  return {
    kind: stored?.amount !== null && stored?.amount !== undefined ? "amount" : "percentage",
    amount: stored?.amount ? amountText(stored.amount, currency, language) : "",
    percentage: stored?.percentage ? String(stored.percentage) : "",
  };
}

type FieldProps = UseFormRegisterReturn & { error?: string };

/**
 * The kind's radios, then the field of the kind chosen. `labels` come from the caller's own area
 * of the translations; `testId` prefixes the two fields' test ids.
 */
export function DiscountValueFields({
  kind,
  radio,
  field,
  labels,
  testId,
}: {
  kind: DiscountKind;
  radio: UseFormRegisterReturn;
  field: (name: "amount" | "percentage") => FieldProps;
  labels: {
    legend: ReactNode;
    kinds: Record<DiscountKind, ReactNode>;
    amount: string;
    percentage: string;
  };
  testId: string;
}) {
  return (
    <>
      <fieldset className="flex flex-wrap gap-4">
        <legend className="mb-1 text-sm font-medium text-slate-900">{labels.legend}</legend>
        {DISCOUNT_KINDS.map((value) => (
          <label key={value} className="flex min-h-11 items-center gap-2 text-sm">
            <input type="radio" value={value} className="size-4" {...radio} />
            {labels.kinds[value]}
          </label>
        ))}
      </fieldset>
      <TextField
        key={kind}
        label={labels[kind]}
        inputMode="decimal"
        autoComplete="off"
        className="sm:max-w-40"
        data-testid={`${testId}-${kind}`}
        {...field(kind)}
      />
    </>
  );
}
