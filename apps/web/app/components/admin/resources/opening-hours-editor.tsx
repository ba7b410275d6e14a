import { useTranslation } from "../../../i18n/react";
import { Button } from "../../ui/button";
import { TextField } from "../../ui/field";
import { SelectField } from "../fields";
import { AmountField } from "../payments/amount-field";

/** A period of a weekday as the form holds it: times as typed, durations in minutes, amounts as text. */
export type HoursRow = {
  key: number;
  weekday: string;
  start: string;
  end: string;
  prices: { key: number; minutes: string; amount: string }[];
};

let nextKey = 0;
export const rowKey = () => {
  nextKey += 1;
  return nextKey;
};

export function emptyRow(weekday = "1"): HoursRow {
  return {
    key: rowKey(),
    weekday,
    start: "09:00",
    end: "18:00",
    prices: [{ key: rowKey(), minutes: "60", amount: "" }],
  };
}

/**
 * The weekly opening hours of a resource: periods of a weekday, each with its prices by duration
 * (the first duration is the slots' length). `errors` are codes by API field path.
 */
export function OpeningHoursEditor({
  rows,
  onChange,
  currency,
  errors,
}: {
  rows: HoursRow[];
  onChange: (rows: HoursRow[]) => void;
  currency: string;
  errors: Record<string, string>;
}) {
  const { t } = useTranslation();
  const update = (index: number, change: Partial<HoursRow>) =>
    onChange(rows.map((row, at) => (at === index ? { ...row, ...change } : row)));
  const weekdays = [1, 2, 3, 4, 5, 6, 7].map((day) => ({
    value: String(day),
    label: t(`admin.resource_editor.weekdays.${day}`),
  }));
  return (
    <fieldset className="flex flex-col gap-3" data-testid="opening-hours">
      <legend className="text-base font-semibold text-slate-950">
        {t("admin.resource_editor.hours")}
      </legend>
      <p className="text-sm text-slate-700">{t("admin.resource_editor.hours_hint")}</p>
      {errors.opening_hours ? (
        <p className="text-sm font-medium text-red-700" role="alert">
          {t(`forms.errors.${errors.opening_hours}`)}
        </p>
      ) : null}
      {rows.map((row, index) => (
        <div
          key={row.key}
          className="flex flex-col gap-3 rounded-lg border border-slate-200 p-3"
          data-testid="hours-row"
        >
          <div className="grid gap-3 sm:grid-cols-[2fr_1fr_1fr_auto] sm:items-end">
            <SelectField
              name={`opening_hours.${index}.weekday`}
              label={t("admin.resource_editor.weekday")}
              value={row.weekday}
              onChange={(event) => update(index, { weekday: event.target.value })}
              options={weekdays}
              data-testid="hours-weekday"
            />
            <TextField
              type="time"
              name={`opening_hours.${index}.start`}
              label={t("admin.resource_editor.opens")}
              value={row.start}
              onChange={(event) => update(index, { start: event.target.value })}
              error={errors[`opening_hours.${index}.start`]}
              data-testid="hours-start"
            />
            <TextField
              type="time"
              name={`opening_hours.${index}.end`}
              label={t("admin.resource_editor.closes")}
              value={row.end}
              onChange={(event) => update(index, { end: event.target.value })}
              error={errors[`opening_hours.${index}.end`]}
              data-testid="hours-end"
            />
            <Button
              type="button"
              variant="ghost"
              onClick={() => onChange(rows.filter((_, at) => at !== index))}
            >
              {t("admin.resource_editor.remove_period")}
            </Button>
          </div>
          {row.prices.map((price, priceIndex) => {
            const field = `opening_hours.${index}.prices.${priceIndex}`;
            const setPrice = (change: Partial<typeof price>) =>
              update(index, {
                prices: row.prices.map((candidate, at) =>
                  at === priceIndex ? { ...candidate, ...change } : candidate,
                ),
              });
            return (
              <div key={price.key} className="grid gap-3 sm:grid-cols-[1fr_1fr_auto] sm:items-end">
                <TextField
                  type="number"
                  inputMode="numeric"
                  name={`${field}.duration`}
                  min={5}
                  step={5}
                  label={t(
                    priceIndex === 0
                      ? "admin.resource_editor.slot_minutes"
                      : "admin.resource_editor.minutes",
                  )}
                  value={price.minutes}
                  onChange={(event) => setPrice({ minutes: event.target.value })}
                  error={errors[`${field}.duration`] ?? errors[`opening_hours.${index}.prices`]}
                  data-testid="price-minutes"
                />
                <AmountField
                  label={t("admin.resource_editor.price")}
                  value={price.amount}
                  onChange={(amount) => setPrice({ amount })}
                  currency={currency}
                  error={errors[`${field}.amount`]}
                  testId="price-amount"
                />
                {priceIndex > 0 ? (
                  <Button
                    type="button"
                    variant="ghost"
                    onClick={() =>
                      update(index, { prices: row.prices.filter((_, at) => at !== priceIndex) })
                    }
                  >
                    {t("admin.resource_editor.remove_price")}
                  </Button>
                ) : null}
              </div>
            );
          })}
          <div>
            <Button
              type="button"
              variant="secondary"
              size="sm"
              onClick={() =>
                update(index, {
                  prices: [...row.prices, { key: rowKey(), minutes: "", amount: "" }],
                })
              }
              data-testid="add-price"
            >
              {t("admin.resource_editor.add_price")}
            </Button>
          </div>
        </div>
      ))}
      <div>
        <Button
          type="button"
          variant="secondary"
          onClick={() => {
            const last = rows.at(-1);
            const weekday = last ? String((Number(last.weekday) % 7) + 1) : "1";
            // A new period copies the last one's hours and prices for the next weekday.
            onChange([
              ...rows,
              last
                ? {
                    ...last,
                    key: rowKey(),
                    weekday,
                    prices: last.prices.map((price) => ({ ...price, key: rowKey() })),
                  }
                : emptyRow(),
            ]);
          }}
          data-testid="add-period"
        >
          {t("admin.resource_editor.add_period")}
        </Button>
      </div>
    </fieldset>
  );
}
