import type { NotificationTemplateVariable } from "@booking/contracts";
import { type ReactNode, useId, useMemo, useState } from "react";
import { useTranslation } from "../../../i18n/react";
import { Modal } from "../dialog";

/** What the picker hands to the field: a value to print, or a loop over a list. */
export type VariableSnippet =
  | { kind: "value"; text: string }
  | { kind: "loop"; open: string; close: string };

export const valueSnippet = (path: string): VariableSnippet => ({
  kind: "value",
  text: `{{ ${path} }}`,
});

const loopSnippet = (variable: NotificationTemplateVariable): VariableSnippet => ({
  kind: "loop",
  open: `{% for ${variable.item} in ${variable.path} %}`,
  close: "{% endfor %}",
});

type Language = "fr" | "en";

/** Whether the variable or one of its children matches the search (label or path). */
function matches(
  variable: NotificationTemplateVariable,
  search: string,
  language: Language,
): boolean {
  if (!search) return true;
  const haystack = `${variable.label[language]} ${variable.path}`.toLowerCase();
  return (
    haystack.includes(search) || variable.children.some((child) => matches(child, search, language))
  );
}

/**
 * The §3.4 data a template may print, as a dialog opened from `trigger`: a search box and the
 * variables by group, each button inserting `{{ path }}` where the cursor was. A list
 * (registrations, …) offers its loop, inside which its entries' values are read. Without
 * `loops` (the subject, one line) lists are left out.
 */
export function VariablePicker({
  variables,
  onInsert,
  loops,
  trigger,
}: {
  variables: readonly NotificationTemplateVariable[];
  onInsert: (snippet: VariableSnippet) => void;
  loops: boolean;
  trigger: ReactNode;
}) {
  const { t, i18n } = useTranslation();
  const language: Language = i18n.language === "en" ? "en" : "fr";
  const [open, setOpen] = useState(false);
  const [search, setSearch] = useState("");
  const searchId = useId();
  const needle = search.trim().toLowerCase();
  const shown = useMemo(
    () =>
      variables.filter(
        (variable) => (loops || variable.item === null) && matches(variable, needle, language),
      ),
    [variables, loops, needle, language],
  );

  const insert = (snippet: VariableSnippet) => {
    setOpen(false);
    setSearch("");
    onInsert(snippet);
  };

  return (
    <Modal
      title={t("admin.notification_templates.picker.title")}
      description={t(
        loops
          ? "admin.notification_templates.picker.description"
          : "admin.notification_templates.picker.description_subject",
      )}
      trigger={trigger}
      open={open}
      onOpenChange={setOpen}
      wide
    >
      <div className="flex flex-col gap-4" data-testid="variable-picker">
        <div className="flex flex-col gap-1.5">
          <label htmlFor={searchId} className="text-sm font-medium text-slate-900">
            {t("admin.notification_templates.picker.search")}
          </label>
          <input
            id={searchId}
            type="search"
            value={search}
            onChange={(event) => setSearch(event.target.value)}
            autoComplete="off"
            className="block w-full rounded-lg border border-slate-300 bg-white px-3 py-2.5 text-base text-slate-900 shadow-xs"
            data-testid="variable-search"
          />
        </div>
        {shown.length === 0 ? (
          <p className="text-sm text-slate-600" role="status">
            {t("admin.notification_templates.picker.no_match")}
          </p>
        ) : (
          shown.map((variable) => (
            <VariableGroup
              key={variable.path}
              variable={variable}
              search={needle}
              language={language}
              onInsert={insert}
            />
          ))
        )}
      </div>
    </Modal>
  );
}

function VariableGroup({
  variable,
  search,
  language,
  onInsert,
  parents = [],
}: {
  variable: NotificationTemplateVariable;
  search: string;
  language: Language;
  onInsert: (snippet: VariableSnippet) => void;
  parents?: string[];
}) {
  const { t } = useTranslation();
  if (variable.children.length === 0) {
    return (
      <ul className="flex flex-col gap-1">
        <VariableButton variable={variable} language={language} onInsert={onInsert} />
      </ul>
    );
  }
  const title = [...parents, variable.label[language]].join(" › ");
  const leaves = variable.children.filter(
    (child) => child.children.length === 0 && matches(child, search, language),
  );
  const groups = variable.children.filter(
    (child) => child.children.length > 0 && matches(child, search, language),
  );
  return (
    <section className="flex flex-col gap-2" aria-label={title}>
      <div className="flex flex-wrap items-center justify-between gap-2 border-b border-slate-200 pb-1">
        <h3 className="min-w-0 text-sm font-semibold break-words text-slate-950">{title}</h3>
        {variable.item ? (
          <button
            type="button"
            onClick={() => onInsert(loopSnippet(variable))}
            className="min-h-9 rounded-lg px-2.5 text-sm font-semibold text-sky-800 ring-1 ring-slate-300 hover:bg-slate-50"
            data-testid={`insert-loop-${variable.path}`}
          >
            {t("admin.notification_templates.picker.insert_loop")}
          </button>
        ) : null}
      </div>
      {variable.item ? (
        <p className="text-sm text-slate-600">
          {t("admin.notification_templates.picker.loop_hint", {
            item: variable.item,
          })}
        </p>
      ) : null}
      {leaves.length > 0 ? (
        <ul className="grid gap-1 sm:grid-cols-2">
          {leaves.map((child) => (
            <VariableButton
              key={child.path}
              variable={child}
              language={language}
              onInsert={onInsert}
            />
          ))}
        </ul>
      ) : null}
      {groups.map((child) => (
        <VariableGroup
          key={child.path}
          variable={child}
          search={search}
          language={language}
          onInsert={onInsert}
          parents={[...parents, variable.label[language]]}
        />
      ))}
    </section>
  );
}

function VariableButton({
  variable,
  language,
  onInsert,
}: {
  variable: NotificationTemplateVariable;
  language: Language;
  onInsert: (snippet: VariableSnippet) => void;
}) {
  return (
    <li className="min-w-0">
      <button
        type="button"
        onClick={() => onInsert(valueSnippet(variable.path))}
        className="flex w-full min-w-0 flex-col items-start rounded-lg px-2.5 py-1.5 text-left hover:bg-slate-100"
        data-testid="insert-variable"
        data-path={variable.path}
      >
        <span className="text-sm font-medium break-words text-slate-950">
          {variable.label[language]}
        </span>
        <code className="max-w-full text-xs break-all text-slate-600">{`{{ ${variable.path} }}`}</code>
        {variable.example ? (
          <span className="max-w-full truncate text-xs text-slate-500">{variable.example}</span>
        ) : null}
      </button>
    </li>
  );
}
