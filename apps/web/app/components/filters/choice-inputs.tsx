import { clsx } from "clsx";
import { type KeyboardEvent, useId, useMemo, useRef, useState } from "react";
import { useTranslation } from "../../i18n/react";
import { CheckIcon, ChevronDownIcon, CloseIcon } from "../icons";

export interface ChoiceOption {
  value: string;
  label: string;
}

export const legendClass = "mb-2 text-sm font-semibold text-slate-900";

/** A list of checkboxes named after the filter id (`name="location"`, one value per option). */
export function CheckboxGroup({
  name,
  label,
  options,
  value,
  onChange,
  chips = false,
}: {
  name: string;
  label: string;
  options: Array<ChoiceOption & { short?: string }>;
  value: string[];
  onChange: (value: string[]) => void;
  /** compact toggle pills (weekdays) instead of a column of checkboxes */
  chips?: boolean;
}) {
  const selected = new Set(value);
  return (
    <fieldset className="min-w-0">
      <legend className={legendClass}>{label}</legend>
      <div className={chips ? "flex flex-wrap gap-1.5" : "flex flex-col gap-0.5"}>
        {options.map((option) => (
          <label
            key={option.value}
            title={chips && option.short ? option.label : undefined}
            className={
              chips
                ? "inline-flex min-h-10 min-w-11 cursor-pointer items-center justify-center rounded-full border border-slate-300 bg-white px-3 text-sm font-medium text-slate-900 hover:bg-slate-50 has-checked:border-accent-ink has-checked:bg-accent-soft has-checked:text-accent-ink has-focus-visible:outline-2 has-focus-visible:outline-offset-2 has-focus-visible:outline-[var(--accent-ink)]"
                : "flex min-h-11 cursor-pointer items-center gap-3 rounded-lg px-2 py-1.5 text-sm text-slate-900 hover:bg-slate-50"
            }
          >
            <input
              type="checkbox"
              name={name}
              value={option.value}
              checked={selected.has(option.value)}
              onChange={(event) => {
                const next = options
                  .map((item) => item.value)
                  .filter((item) =>
                    item === option.value ? event.target.checked : selected.has(item),
                  );
                onChange(next);
              }}
              className={chips ? "sr-only" : "size-4 shrink-0 accent-[var(--accent-ink)]"}
            />
            {chips && option.short ? (
              <>
                <span aria-hidden="true">{option.short}</span>
                <span className="sr-only">{option.label}</span>
              </>
            ) : (
              <span className="min-w-0 break-words">{option.label}</span>
            )}
          </label>
        ))}
      </div>
    </fieldset>
  );
}

function normalise(text: string): string {
  return text
    .normalize("NFD")
    .replace(/\p{Diacritic}/gu, "")
    .toLowerCase()
    .trim();
}

/**
 * A multi-select combobox (WAI-ARIA combobox with a multi-selectable listbox): type to narrow
 * the options, arrows to move, Enter to toggle, Escape to close; the chosen values are listed
 * below with a remove button each. The value travels in a hidden input named after the filter.
 */
export function MultiSelect({
  name,
  label,
  options,
  value,
  onChange,
}: {
  name: string;
  label: string;
  options: ChoiceOption[];
  value: string[];
  onChange: (value: string[]) => void;
}) {
  const { t } = useTranslation();
  const id = useId();
  const listId = `${id}-list`;
  const [query, setQuery] = useState("");
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(0);
  const inputRef = useRef<HTMLInputElement>(null);
  const listRef = useRef<HTMLDivElement>(null);
  const selected = new Set(value);
  const byValue = useMemo(
    () => new Map(options.map((option) => [option.value, option])),
    [options],
  );
  const filtered = useMemo(() => {
    const needle = normalise(query);
    return needle ? options.filter((option) => normalise(option.label).includes(needle)) : options;
  }, [options, query]);
  const activeOption = open ? filtered[Math.min(active, filtered.length - 1)] : undefined;

  function toggle(option: ChoiceOption) {
    onChange(
      selected.has(option.value)
        ? value.filter((item) => item !== option.value)
        : [...value, option.value],
    );
  }

  function scrollTo(index: number) {
    listRef.current
      ?.querySelector(`#${CSS.escape(`${listId}-${index}`)}`)
      ?.scrollIntoView({ block: "nearest" });
  }

  function onKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    if (event.key === "ArrowDown" || event.key === "ArrowUp") {
      event.preventDefault();
      if (!open) {
        setOpen(true);
        return;
      }
      const step = event.key === "ArrowDown" ? 1 : -1;
      const next = Math.max(0, Math.min(filtered.length - 1, active + step));
      setActive(next);
      scrollTo(next);
    } else if (event.key === "Enter") {
      if (open && activeOption) {
        event.preventDefault();
        toggle(activeOption);
      }
    } else if (event.key === "Escape") {
      if (open) {
        event.preventDefault();
        event.stopPropagation();
        setOpen(false);
      } else if (query) {
        event.preventDefault();
        event.stopPropagation();
        setQuery("");
      }
    } else if (event.key === "Backspace" && query === "" && value.length > 0) {
      onChange(value.slice(0, -1));
    }
  }

  return (
    <div className="min-w-0">
      <label htmlFor={`${id}-input`} className={clsx(legendClass, "block")}>
        {label}
      </label>
      <div className="relative">
        <input
          ref={inputRef}
          id={`${id}-input`}
          type="text"
          role="combobox"
          autoComplete="off"
          aria-expanded={open}
          aria-controls={listId}
          aria-autocomplete="list"
          aria-activedescendant={
            activeOption ? `${listId}-${filtered.indexOf(activeOption)}` : undefined
          }
          aria-describedby={value.length > 0 ? `${id}-selected` : undefined}
          placeholder={t("filters.multiselect.placeholder")}
          value={query}
          onChange={(event) => {
            setQuery(event.target.value);
            setActive(0);
            setOpen(true);
          }}
          onClick={() => setOpen(true)}
          onKeyDown={onKeyDown}
          onBlur={(event) => {
            if (!listRef.current?.contains(event.relatedTarget as Node)) setOpen(false);
          }}
          className="block min-h-11 w-full rounded-lg border border-slate-300 bg-white py-2 pr-10 pl-3 text-base text-slate-900 shadow-xs placeholder:text-slate-500 hover:border-slate-400"
        />
        <button
          type="button"
          tabIndex={-1}
          aria-hidden="true"
          onMouseDown={(event) => event.preventDefault()}
          onClick={() => {
            setOpen((current) => !current);
            inputRef.current?.focus();
          }}
          className="absolute inset-y-0 right-0 flex w-10 items-center justify-center text-slate-600"
        >
          <ChevronDownIcon className="size-5" />
        </button>
        <div
          ref={listRef}
          id={listId}
          role="listbox"
          aria-multiselectable="true"
          aria-label={label}
          hidden={!open}
          className="absolute top-full z-40 mt-1 max-h-72 w-full overflow-y-auto rounded-lg border border-slate-200 bg-white py-1 shadow-xl"
        >
          {open
            ? filtered.map((option, index) => {
                const isSelected = selected.has(option.value);
                return (
                  // biome-ignore lint/a11y/useKeyWithClickEvents: the combobox input handles the keyboard (aria-activedescendant)
                  <div
                    key={option.value}
                    id={`${listId}-${index}`}
                    role="option"
                    tabIndex={-1}
                    aria-selected={isSelected}
                    onMouseDown={(event) => event.preventDefault()}
                    onMouseMove={() => setActive(index)}
                    onClick={() => toggle(option)}
                    className={clsx(
                      "flex min-h-10 cursor-pointer items-center gap-2 px-3 py-2 text-sm text-slate-900",
                      option === activeOption && "bg-slate-100",
                    )}
                  >
                    <span
                      aria-hidden="true"
                      className={clsx(
                        "flex size-4 shrink-0 items-center justify-center rounded border",
                        isSelected
                          ? "border-accent-ink bg-accent-ink text-white"
                          : "border-slate-400",
                      )}
                    >
                      {isSelected ? <CheckIcon className="size-3" /> : null}
                    </span>
                    <span className="min-w-0 break-words">{option.label}</span>
                  </div>
                );
              })
            : null}
          {open && filtered.length === 0 ? (
            <p className="px-3 py-2 text-sm text-slate-600">
              {t("filters.multiselect.no_options")}
            </p>
          ) : null}
        </div>
      </div>
      <input type="hidden" name={name} value={value.join(",")} />
      {value.length > 0 ? (
        <ul
          id={`${id}-selected`}
          aria-label={t("filters.multiselect.selected", { label })}
          className="mt-2 flex flex-wrap gap-1.5"
        >
          {value.map((item) => {
            const option = byValue.get(item);
            const text = option?.label ?? item;
            return (
              <li key={item} className="max-w-full">
                <button
                  type="button"
                  onClick={() => onChange(value.filter((other) => other !== item))}
                  aria-label={t("filters.multiselect.remove", { label: text })}
                  className="inline-flex max-w-full min-h-8 items-center gap-1 rounded-full bg-accent-soft py-1 pr-2 pl-3 text-sm font-medium text-accent-ink hover:brightness-95"
                >
                  <span className="truncate">{text}</span>
                  <CloseIcon className="size-3.5 shrink-0" />
                </button>
              </li>
            );
          })}
        </ul>
      ) : null}
    </div>
  );
}
