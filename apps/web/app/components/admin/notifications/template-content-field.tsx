import type { NotificationTemplateType, NotificationTemplateVariable } from "@booking/contracts";
import type { Editor } from "@tiptap/react";
import { clsx } from "clsx";
import { type ComponentProps, type ReactNode, useEffect, useId, useRef, useState } from "react";
import { useTranslation } from "../../../i18n/react";
import { describedBy, FieldErrorText, inputClasses, useErrorMessage } from "../../ui/field";
import { RichTextEditor, richTextExtensions } from "../catalogue/rich-text-editor";
import { insertIntoInput, richEditorKeeps, templateHref } from "./template-editing";
import { VariablePicker, type VariableSnippet } from "./variable-picker";

const TEMPLATE_EXTENSIONS = richTextExtensions(templateHref);

type Mode = "rich" | "html";

/**
 * The button that opens the variable picker, in a toolbar or above a text area (the dialog's
 * trigger: it passes its handlers and ref through the props).
 */
export function VariablesButton({
  testId,
  ...props
}: { testId: string } & ComponentProps<"button">) {
  const { t } = useTranslation();
  return (
    <button
      type="button"
      className="inline-flex min-h-8 items-center gap-1.5 rounded-md px-2 text-sm font-semibold text-sky-800 ring-1 ring-slate-300 hover:bg-slate-100"
      data-testid={testId}
      {...props}
    >
      <span aria-hidden="true" className="font-mono">
        {"{ }"}
      </span>
      {t("admin.notification_templates.picker.open")}
    </button>
  );
}

function insertIntoEditor(editor: Editor, snippet: VariableSnippet) {
  const chain = editor.chain().focus();
  if (snippet.kind === "value") {
    chain.insertContent({ type: "text", text: snippet.text }).run();
    return;
  }
  const paragraph = (text?: string) => ({
    type: "paragraph",
    ...(text ? { content: [{ type: "text", text }] } : {}),
  });
  chain.insertContent([paragraph(snippet.open), paragraph(), paragraph(snippet.close)]).run();
}

/**
 * A template's content. An e-mail is written in the rich editor, or as HTML when its layout is
 * more than the editor holds (tables of the order summary: switching would rewrite them, so
 * the editor is then offered only once the HTML fits it); an SMS is plain text. Each way has
 * the variable picker inserting at the cursor.
 */
export function TemplateContentField({
  type,
  value,
  onChange,
  error,
  variables,
  readOnly,
}: {
  type: NotificationTemplateType;
  value: string;
  onChange: (value: string) => void;
  error?: string;
  variables: readonly NotificationTemplateVariable[];
  readOnly: boolean;
}) {
  const { t } = useTranslation();
  // The check parses HTML, which only the browser can: the field shows once it has run.
  const [mode, setMode] = useState<Mode | null>(null);
  const [richFits, setRichFits] = useState(true);
  // biome-ignore lint/correctness/useExhaustiveDependencies: the first value decides the first mode
  useEffect(() => {
    const fits = richEditorKeeps(value, TEMPLATE_EXTENSIONS);
    setRichFits(fits);
    setMode(fits ? "rich" : "html");
  }, []);
  // A change of the HTML may make (or stop making) it fit the editor.
  useEffect(() => {
    if (mode !== "html") return;
    const timer = setTimeout(() => setRichFits(richEditorKeeps(value, TEMPLATE_EXTENSIONS)), 300);
    return () => clearTimeout(timer);
  }, [mode, value]);

  if (type === "SMS") {
    return (
      <SourceArea
        label={t("admin.notification_templates.form.sms_content")}
        hint={t("admin.notification_templates.form.sms_hint")}
        value={value}
        onChange={onChange}
        error={error}
        variables={variables}
        readOnly={readOnly}
        rows={6}
      />
    );
  }
  if (mode === null) {
    return <div className="h-64 animate-pulse rounded-lg bg-slate-100" />;
  }
  const label = t("admin.notification_templates.form.content");
  const modes = readOnly ? null : <ModeSwitch mode={mode} richFits={richFits} onChange={setMode} />;
  return (
    <div className="flex flex-col gap-2">
      {modes}
      {mode === "rich" ? (
        <RichTextEditor
          label={label}
          value={value}
          onChange={onChange}
          error={error}
          readOnly={readOnly}
          testId="template-content"
          linkRule={templateHref}
          toolbarEnd={(editor) => (
            <span className="ml-auto">
              <VariablePicker
                variables={variables}
                loops
                onInsert={(snippet) => insertIntoEditor(editor, snippet)}
                trigger={<VariablesButton testId="content-variables" />}
              />
            </span>
          )}
        />
      ) : (
        <SourceArea
          label={label}
          hint={richFits ? undefined : t("admin.notification_templates.form.html_only")}
          value={value}
          onChange={onChange}
          error={error}
          variables={variables}
          readOnly={readOnly}
          rows={18}
          code
        />
      )}
    </div>
  );
}

function ModeSwitch({
  mode,
  richFits,
  onChange,
}: {
  mode: Mode;
  richFits: boolean;
  onChange: (mode: Mode) => void;
}) {
  const { t } = useTranslation();
  const options: Array<[Mode, string, boolean]> = [
    ["rich", t("admin.notification_templates.form.mode_rich"), richFits],
    ["html", t("admin.notification_templates.form.mode_html"), true],
  ];
  return (
    <fieldset className="flex items-center justify-end gap-1">
      <legend className="sr-only">{t("admin.notification_templates.form.mode")}</legend>
      {options.map(([option, label, enabled]) => (
        <button
          key={option}
          type="button"
          aria-pressed={mode === option}
          disabled={!enabled}
          title={enabled ? undefined : t("admin.notification_templates.form.html_only")}
          onClick={() => onChange(option)}
          className={clsx(
            "min-h-9 rounded-lg px-3 text-sm font-semibold disabled:cursor-not-allowed disabled:opacity-50",
            mode === option
              ? "bg-slate-900 text-white"
              : "text-slate-700 ring-1 ring-slate-300 hover:bg-slate-50",
          )}
          data-testid={`content-mode-${option}`}
        >
          {label}
        </button>
      ))}
    </fieldset>
  );
}

/** A text area of Liquid source (HTML or an SMS), with the picker above it. */
function SourceArea({
  label,
  hint,
  value,
  onChange,
  error,
  variables,
  readOnly,
  rows,
  code = false,
}: {
  label: string;
  hint?: ReactNode;
  value: string;
  onChange: (value: string) => void;
  error?: string;
  variables: readonly NotificationTemplateVariable[];
  readOnly: boolean;
  rows: number;
  code?: boolean;
}) {
  const id = useId();
  const area = useRef<HTMLTextAreaElement>(null);
  const errorMessage = useErrorMessage()(error);
  return (
    <div className="flex flex-col gap-1.5">
      <div className="flex flex-wrap items-end justify-between gap-2">
        <label htmlFor={id} className="text-sm font-medium text-slate-900">
          {label}
        </label>
        {readOnly ? null : (
          <VariablePicker
            variables={variables}
            loops
            onInsert={(snippet) => {
              if (area.current) onChange(insertIntoInput(area.current, snippet));
            }}
            trigger={<VariablesButton testId="content-variables" />}
          />
        )}
      </div>
      <textarea
        ref={area}
        id={id}
        value={value}
        onChange={(event) => onChange(event.target.value)}
        readOnly={readOnly}
        rows={rows}
        spellCheck={!code}
        aria-required
        className={clsx(inputClasses(Boolean(errorMessage)), code && "font-mono text-sm")}
        data-testid="template-content-source"
        {...describedBy(id, hint, errorMessage)}
      />
      {hint && !errorMessage ? (
        <p id={`${id}-hint`} className="text-sm text-slate-600">
          {hint}
        </p>
      ) : null}
      {errorMessage ? <FieldErrorText id={`${id}-error`}>{errorMessage}</FieldErrorText> : null}
    </div>
  );
}
