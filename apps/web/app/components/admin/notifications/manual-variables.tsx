import type { Editor } from "@tiptap/react";
import { useId } from "react";
import { useTranslation } from "../../../i18n/react";

/**
 * The variables a message by hand uses most (platform-and-account.md §3.4), each filled in per
 * family when it is sent: Liquid the server renders, printed or looped over.
 */
export const MANUAL_VARIABLES = {
  firstname: "{{ customer.firstname }}",
  fullname: "{{ customer.fullname }}",
  children:
    "{% for registration in registrations %}{{ registration.participant.firstname }}{% unless forloop.last %}, {% endunless %}{% endfor %}",
  sessions:
    "{% for availability in availabilities %}{{ availability.activity.title }} ({{ availability.period }}){% endfor %}",
  organiser: "{{ organiser.name }}",
} as const;

export type ManualVariable = keyof typeof MANUAL_VARIABLES;

/** A select in the editor's toolbar (or above the SMS text) that inserts a variable. */
export function VariableSelect({ onInsert }: { onInsert: (text: string) => void }) {
  const { t } = useTranslation();
  const id = useId();
  return (
    <>
      <label htmlFor={id} className="sr-only">
        {t("admin.manual_messages.variables.label")}
      </label>
      <select
        id={id}
        value=""
        onChange={(event) => {
          const key = event.target.value as ManualVariable;
          if (key in MANUAL_VARIABLES) onInsert(MANUAL_VARIABLES[key]);
        }}
        className="min-h-8 rounded-md border border-slate-300 bg-white px-2 py-1 text-sm text-slate-900 focus-visible:ring-2 focus-visible:ring-sky-600 focus-visible:outline-none"
        data-testid="insert-variable"
      >
        <option value="">{t("admin.manual_messages.variables.label")}</option>
        {(Object.keys(MANUAL_VARIABLES) as ManualVariable[]).map((key) => (
          <option key={key} value={key}>
            {t(`admin.manual_messages.variables.${key}`)}
          </option>
        ))}
      </select>
    </>
  );
}

/** Inserts a variable at the editor's cursor. */
export function insertInEditor(editor: Editor, text: string) {
  editor.chain().focus().insertContent({ type: "text", text }).run();
}
