import { fromMinorUnits, toMinorUnits } from "@booking/domain";
import { clsx } from "clsx";
import { useId } from "react";
import { LOCALES } from "../../../lib/format";
import { useLanguage } from "../../../lib/root-data";
import { describedBy, FieldShell, inputClasses } from "../../ui/field";

/** An amount in minor units as an input shows it: "15,00" in French, "15.00" in English. */
export function amountText(minor: number, currency: string, language: string): string {
  const text = fromMinorUnits(minor, currency);
  return language === "fr" ? text.replace(".", ",") : text;
}

/** What the collaborator typed, in minor units; null when it is not an amount above zero. */
export function typedAmount(text: string, currency: string): number | null {
  try {
    const amount = toMinorUnits(text, currency);
    return amount > 0 ? amount : null;
  } catch {
    return null;
  }
}

function currencySymbol(currency: string, language: string): string {
  const parts = new Intl.NumberFormat(LOCALES[language as keyof typeof LOCALES], {
    style: "currency",
    currency,
  }).formatToParts(0);
  return parts.find((part) => part.type === "currency")?.value ?? currency;
}

/** A money input in the currency's units, its symbol at the end. */
export function AmountField({
  label,
  hint,
  error,
  value,
  onChange,
  currency,
  testId,
}: {
  label: string;
  hint?: string;
  /** an error code (forms.errors.*) */
  error?: string;
  value: string;
  onChange: (value: string) => void;
  currency: string;
  testId?: string;
}) {
  const id = useId();
  const language = useLanguage();
  return (
    <FieldShell id={id} label={label} hint={hint} error={error}>
      <div className="relative">
        <input
          id={id}
          type="text"
          inputMode="decimal"
          autoComplete="off"
          aria-required
          value={value}
          onChange={(event) => onChange(event.target.value)}
          className={clsx(inputClasses(Boolean(error)), "pr-12 tabular-nums")}
          data-testid={testId}
          {...describedBy(id, hint, error)}
        />
        <span
          className="pointer-events-none absolute inset-y-0 right-3 flex items-center text-slate-500"
          aria-hidden="true"
        >
          {currencySymbol(currency, language)}
        </span>
      </div>
    </FieldShell>
  );
}
