import { clsx } from "clsx";
import { type KeyboardEvent, useCallback, useEffect, useId, useRef, useState } from "react";
import { useTranslation } from "../../i18n/react";
import { api } from "../../lib/api";
import { CheckIcon, CloseIcon, SearchIcon } from "../icons";
import { describedBy, FieldShell, inputClasses } from "../ui/field";
import { Spinner } from "../ui/spinner";

/** platform-and-account.md §9: search debounce 350 ms; loading indicators stay at least 350 ms. */
export const PARTICIPANT_SEARCH_DEBOUNCE_MS = 350;
export const LOADING_MIN_MS = 350;

/** A participant as the select shows it: its `value` (id or cuid, by `valueKey`) and its name. */
export type ParticipantOption = { value: number | string; label: string };

/**
 * The asynchronous participant select of the account area (platform-and-account.md §7
 * `GET /api/participants`): the text typed is searched among the customer's own participants
 * (each word in the first or last name) 350 ms after the last key, with
 * `response_type=multiselect-search`, the `selected` values and `value_key`; the answer lists
 * the selected participants first. `multiple` allows several (chips), otherwise choosing one
 * replaces the previous choice. A combobox with a listbox: arrows move, Enter chooses, Escape
 * closes, Backspace in an empty search removes the last choice.
 */
export function ParticipantSearch({
  label,
  value,
  onChange,
  multiple = true,
  valueKey = "id",
  name,
  hint,
  error,
  optional,
  disabled,
  placeholder,
}: {
  label: string;
  value: ParticipantOption[];
  onChange: (value: ParticipantOption[]) => void;
  multiple?: boolean;
  valueKey?: "id" | "cuid";
  /** the name of the hidden inputs carrying the chosen values */
  name?: string;
  hint?: string;
  error?: string;
  optional?: boolean;
  disabled?: boolean;
  placeholder?: string;
}) {
  const { t } = useTranslation();
  const id = useId();
  const listId = `${id}-list`;
  const [search, setSearch] = useState("");
  const [open, setOpen] = useState(false);
  const [options, setOptions] = useState<ParticipantOption[]>([]);
  const [loading, setLoading] = useState(false);
  const [failed, setFailed] = useState(false);
  const [active, setActive] = useState(0);
  const request = useRef(0);
  const input = useRef<HTMLInputElement>(null);
  const selectedKey = value.map((option) => String(option.value)).join(",");

  const load = useCallback(
    async (text: string) => {
      const current = ++request.current;
      const startedAt = Date.now();
      setLoading(true);
      setFailed(false);
      const query = new URLSearchParams({
        response_type: "multiselect-search",
        value_key: valueKey,
      });
      if (text.trim()) query.set("search", text.trim());
      // `selected` takes ids only: with cuid values the chosen ones are marked, not fetched.
      if (valueKey === "id" && selectedKey) query.set("selected", selectedKey);
      let found: ParticipantOption[] | null = null;
      try {
        const { data } = await api.participantOptions(query);
        found = data.map((option) => ({ value: option.value, label: option.label }));
      } catch {
        found = null;
      }
      const wait = LOADING_MIN_MS - (Date.now() - startedAt);
      if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
      // A later search has started: its answer is the one to show.
      if (current !== request.current) return;
      setLoading(false);
      if (found === null) {
        setFailed(true);
        setOptions([]);
        return;
      }
      setOptions(found);
      setActive(0);
    },
    [valueKey, selectedKey],
  );

  // Searches 350 ms after the last change of the text, while the list is open.
  useEffect(() => {
    if (!open) return;
    const timer = setTimeout(() => void load(search), PARTICIPANT_SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [open, search, load]);

  const isSelected = (option: ParticipantOption) =>
    value.some((chosen) => String(chosen.value) === String(option.value));

  const choose = (option: ParticipantOption) => {
    if (isSelected(option)) {
      onChange(value.filter((chosen) => String(chosen.value) !== String(option.value)));
    } else {
      onChange(multiple ? [...value, option] : [option]);
    }
    if (!multiple) {
      setOpen(false);
      setSearch("");
    }
    input.current?.focus();
  };

  const remove = (option: ParticipantOption) => {
    onChange(value.filter((chosen) => String(chosen.value) !== String(option.value)));
    input.current?.focus();
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    switch (event.key) {
      case "ArrowDown":
        event.preventDefault();
        if (!open) setOpen(true);
        else setActive((index) => Math.min(options.length - 1, index + 1));
        break;
      case "ArrowUp":
        event.preventDefault();
        setActive((index) => Math.max(0, index - 1));
        break;
      case "Enter":
        if (open && options[active]) {
          event.preventDefault();
          choose(options[active]);
        }
        break;
      case "Escape":
        if (open) {
          event.preventDefault();
          setOpen(false);
        }
        break;
      case "Backspace":
        if (search === "" && value.length > 0) remove(value[value.length - 1]!);
        break;
    }
  };

  const activeId = open && options[active] ? `${id}-option-${active}` : undefined;

  return (
    <FieldShell id={id} label={label} hint={hint} error={error} optional={optional}>
      <div className="relative" data-testid="participant-search">
        {value.length > 0 ? (
          <ul className="mb-2 flex flex-wrap gap-2" aria-label={t("participants.search.chosen")}>
            {value.map((option) => (
              <li
                key={String(option.value)}
                className="inline-flex items-center gap-1 rounded-full bg-accent-soft py-1 pr-1 pl-3 text-sm font-medium text-accent-ink"
                data-testid="participant-search-chip"
              >
                {option.label}
                <button
                  type="button"
                  onClick={() => remove(option)}
                  disabled={disabled}
                  aria-label={t("participants.search.remove", { name: option.label })}
                  className="inline-flex size-7 items-center justify-center rounded-full hover:bg-white/70"
                >
                  <CloseIcon className="size-4" />
                </button>
                {name ? <input type="hidden" name={name} value={String(option.value)} /> : null}
              </li>
            ))}
          </ul>
        ) : null}
        <div className="relative">
          <SearchIcon
            className="pointer-events-none absolute top-1/2 left-3 size-5 -translate-y-1/2 text-slate-500"
            aria-hidden="true"
          />
          <input
            ref={input}
            id={id}
            type="text"
            role="combobox"
            autoComplete="off"
            aria-autocomplete="list"
            aria-expanded={open}
            aria-controls={listId}
            aria-activedescendant={activeId}
            aria-required={optional ? undefined : true}
            disabled={disabled}
            value={search}
            placeholder={placeholder ?? t("participants.search.placeholder")}
            onChange={(event) => {
              setSearch(event.target.value);
              setOpen(true);
            }}
            onFocus={() => setOpen(true)}
            // Options keep the focus on the input (mouse down is prevented on them).
            onBlur={() => setOpen(false)}
            onClick={() => setOpen(true)}
            onKeyDown={onKeyDown}
            className={clsx(inputClasses(Boolean(error)), "pr-10 pl-10")}
            {...describedBy(id, hint, error)}
          />
          {loading ? (
            <span className="absolute top-1/2 right-3 -translate-y-1/2 text-slate-500">
              <Spinner />
              <span className="sr-only">{t("common.loading")}</span>
            </span>
          ) : null}
        </div>
        {open ? (
          <div className="absolute z-20 mt-1 w-full overflow-hidden rounded-lg border border-slate-200 bg-white shadow-lg">
            <div
              id={listId}
              role="listbox"
              aria-label={label}
              aria-multiselectable={multiple || undefined}
              className="max-h-64 overflow-y-auto py-1"
            >
              {options.map((option, index) => {
                const selected = isSelected(option);
                return (
                  // biome-ignore lint/a11y/useKeyWithClickEvents: the combobox input handles the keyboard (aria-activedescendant)
                  <div
                    key={String(option.value)}
                    id={`${id}-option-${index}`}
                    role="option"
                    aria-selected={selected}
                    tabIndex={-1}
                    onMouseDown={(event) => event.preventDefault()}
                    onClick={() => choose(option)}
                    onMouseEnter={() => setActive(index)}
                    className={clsx(
                      "flex min-h-11 cursor-pointer items-center justify-between gap-3 px-3 text-base text-slate-900",
                      index === active && "bg-slate-100",
                    )}
                  >
                    <span>{option.label}</span>
                    {selected ? <CheckIcon className="size-5 text-accent-ink" /> : null}
                  </div>
                );
              })}
            </div>
            {!loading && options.length === 0 ? (
              <p className="px-3 py-3 text-sm text-slate-600" role="status">
                {failed ? t("participants.search.failed") : t("participants.search.empty")}
              </p>
            ) : null}
            {loading && options.length === 0 ? (
              <p className="px-3 py-3 text-sm text-slate-600" role="status">
                {t("participants.search.loading")}
              </p>
            ) : null}
          </div>
        ) : null}
      </div>
    </FieldShell>
  );
}
