import { useId } from "react";
import { useErrorMessage } from "../../ui/field";

/**
 * A list of checkboxes choosing several values (a webhook's events, an API key's scopes), with
 * the group's error code under it.
 */
export function ChoiceList({
  legend,
  hint,
  name,
  choices,
  value,
  onChange,
  error,
  hideLegend = false,
}: {
  legend: string;
  /** the legend for screen readers only (a panel above already says it) */
  hideLegend?: boolean;
  hint?: string;
  name: string;
  choices: readonly { value: string; label: string }[];
  value: readonly string[];
  onChange: (next: string[]) => void;
  error?: string;
}) {
  const id = useId();
  const message = useErrorMessage()(error);
  const toggle = (choice: string, checked: boolean) =>
    onChange(checked ? [...value, choice] : value.filter((chosen) => chosen !== choice));
  return (
    <fieldset
      aria-describedby={message ? `${id}-error` : undefined}
      className="flex flex-col gap-2"
    >
      <legend className={hideLegend ? "sr-only" : "text-sm font-medium text-slate-900"}>
        {legend}
      </legend>
      {hint ? <p className="text-sm text-slate-600">{hint}</p> : null}
      <div className="grid gap-1 sm:grid-cols-2">
        {choices.map((choice) => (
          <label
            key={choice.value}
            className="flex min-h-11 items-center gap-3 text-sm text-slate-900"
          >
            <input
              type="checkbox"
              className="size-4 shrink-0"
              name={name}
              value={choice.value}
              checked={value.includes(choice.value)}
              onChange={(event) => toggle(choice.value, event.target.checked)}
            />
            <span className="min-w-0 break-words">{choice.label}</span>
          </label>
        ))}
      </div>
      {message ? (
        <p id={`${id}-error`} className="text-sm text-red-700">
          {message}
        </p>
      ) : null}
    </fieldset>
  );
}
