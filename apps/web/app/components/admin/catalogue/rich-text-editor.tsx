import { safeRichTextHref } from "@booking/domain/html";
import {
  type Editor,
  EditorContent,
  type Extensions,
  useEditor,
  useEditorState,
} from "@tiptap/react";
import StarterKit from "@tiptap/starter-kit";
import { clsx } from "clsx";
import { type ReactNode, useId } from "react";
import { useTranslation } from "../../../i18n/react";
import { Icon } from "../../icons";
import { FieldErrorText, useErrorMessage } from "../../ui/field";

/**
 * The console's rich-text input (TipTap): paragraphs, headings, bold, italic, underline, strike,
 * lists, quotes and links — what the storefront's sanitiser keeps (packages/domain/src/html.ts),
 * so what the organiser sees is what customers see. The value is HTML ("" when empty); the
 * server sanitises it again before storing it.
 */
export function RichTextEditor({
  label,
  value,
  onChange,
  hint,
  error,
  testId,
  readOnly = false,
  linkRule = safeRichTextHref,
  toolbarEnd,
  extensions = [],
}: {
  label: string;
  value: string;
  onChange: (html: string) => void;
  hint?: ReactNode;
  /** an error code (forms.errors.*) */
  error?: string;
  testId?: string;
  readOnly?: boolean;
  /** the links allowed, as safeRichTextHref answers (a template also takes `{{ cart.url }}`) */
  linkRule?: (href: string) => string | null;
  /** more controls at the end of the toolbar (a template's variable picker), given the editor */
  toolbarEnd?: (editor: Editor) => ReactNode;
  /** more TipTap extensions (a newsletter's images), for content the server's sanitiser keeps */
  extensions?: Extensions;
}) {
  const id = useId();
  const errorMessage = useErrorMessage()(error);
  const editor = useEditor({
    extensions: [...richTextExtensions(linkRule), ...extensions],
    content: value,
    editable: !readOnly,
    // The server renders the field empty; the editor starts in the browser.
    immediatelyRender: false,
    editorProps: {
      attributes: {
        id: `${id}-input`,
        role: "textbox",
        "aria-multiline": "true",
        "aria-labelledby": `${id}-label`,
        ...(errorMessage ? { "aria-invalid": "true", "aria-describedby": `${id}-error` } : {}),
        class: EDITOR_CLASSES,
        ...(testId ? { "data-testid": testId } : {}),
      },
    },
    onUpdate: ({ editor: current }) => onChange(current.isEmpty ? "" : current.getHTML()),
  });

  return (
    <div className="flex flex-col gap-1.5">
      <span id={`${id}-label`} className="text-sm font-medium text-slate-900">
        {label}
      </span>
      <div
        className={clsx(
          "overflow-hidden rounded-lg border bg-white shadow-xs focus-within:ring-2 focus-within:ring-sky-600",
          errorMessage ? "border-red-600" : "border-slate-300",
        )}
      >
        {editor && !readOnly ? (
          <Toolbar editor={editor} linkRule={linkRule} end={toolbarEnd?.(editor)} />
        ) : null}
        <EditorContent editor={editor} />
      </div>
      {hint && !errorMessage ? <p className="text-sm text-slate-600">{hint}</p> : null}
      {errorMessage ? <FieldErrorText id={`${id}-error`}>{errorMessage}</FieldErrorText> : null}
    </div>
  );
}

/** What the editor holds: the elements the sanitiser keeps, links by `linkRule`. */
export function richTextExtensions(linkRule: (href: string) => string | null = safeRichTextHref) {
  return [
    StarterKit.configure({
      heading: { levels: [2, 3] },
      code: false,
      codeBlock: false,
      horizontalRule: false,
      link: {
        openOnClick: false,
        autolink: true,
        isAllowedUri: (url) => linkRule(url) !== null,
      },
    }),
  ];
}

/** The text as the storefront shows it (components/catalogue/detail.tsx), in an input's frame. */
const EDITOR_CLASSES = clsx(
  "min-h-40 px-3 py-2.5 text-base leading-relaxed text-slate-900 focus:outline-none",
  "[&>:first-child]:mt-0 [&>:last-child]:mb-0 [&_p]:my-2",
  "[&_h2]:mt-4 [&_h2]:mb-2 [&_h2]:text-xl [&_h2]:font-semibold",
  "[&_h3]:mt-3 [&_h3]:mb-2 [&_h3]:text-lg [&_h3]:font-semibold",
  "[&_ul]:my-2 [&_ul]:list-disc [&_ul]:pl-6 [&_ol]:my-2 [&_ol]:list-decimal [&_ol]:pl-6",
  "[&_a]:text-sky-800 [&_a]:underline [&_blockquote]:border-l-4 [&_blockquote]:border-slate-300 [&_blockquote]:pl-4 [&_blockquote]:italic",
);

type Mark = "bold" | "italic" | "underline" | "strike";

function Toolbar({
  editor,
  linkRule,
  end,
}: {
  editor: Editor;
  linkRule: (href: string) => string | null;
  end: ReactNode;
}) {
  const { t } = useTranslation();
  const state = useEditorState({
    editor,
    selector: ({ editor: current }) => ({
      bold: current.isActive("bold"),
      italic: current.isActive("italic"),
      underline: current.isActive("underline"),
      strike: current.isActive("strike"),
      h2: current.isActive("heading", { level: 2 }),
      h3: current.isActive("heading", { level: 3 }),
      bulletList: current.isActive("bulletList"),
      orderedList: current.isActive("orderedList"),
      blockquote: current.isActive("blockquote"),
      link: current.isActive("link"),
    }),
  });
  const chain = () => editor.chain().focus();
  const mark = (name: Mark) => () => chain().toggleMark(name).run();
  const setLink = () => {
    const current = editor.getAttributes("link").href as string | undefined;
    const typed = window.prompt(t("admin.editor.link_prompt"), current ?? "https://");
    if (typed === null) return;
    if (typed.trim() === "") {
      chain().extendMarkRange("link").unsetLink().run();
      return;
    }
    const href = linkRule(typed.trim());
    if (href === null) {
      window.alert(t("admin.editor.link_invalid"));
      return;
    }
    chain().extendMarkRange("link").setLink({ href }).run();
  };

  const buttons: Array<{
    key: keyof typeof state;
    label: string;
    text: ReactNode;
    run: () => void;
  }> = [
    { key: "bold", label: t("admin.editor.bold"), text: <b>B</b>, run: mark("bold") },
    { key: "italic", label: t("admin.editor.italic"), text: <i>I</i>, run: mark("italic") },
    {
      key: "underline",
      label: t("admin.editor.underline"),
      text: <u>U</u>,
      run: mark("underline"),
    },
    { key: "strike", label: t("admin.editor.strike"), text: <s>S</s>, run: mark("strike") },
    {
      key: "h2",
      label: t("admin.editor.heading", { level: 2 }),
      text: "H2",
      run: () => chain().toggleHeading({ level: 2 }).run(),
    },
    {
      key: "h3",
      label: t("admin.editor.heading", { level: 3 }),
      text: "H3",
      run: () => chain().toggleHeading({ level: 3 }).run(),
    },
    {
      key: "bulletList",
      label: t("admin.editor.bullet_list"),
      text: "•",
      run: () => chain().toggleBulletList().run(),
    },
    {
      key: "orderedList",
      label: t("admin.editor.ordered_list"),
      text: "1.",
      run: () => chain().toggleOrderedList().run(),
    },
    {
      key: "blockquote",
      label: t("admin.editor.quote"),
      text: "❝",
      run: () => chain().toggleBlockquote().run(),
    },
    { key: "link", label: t("admin.editor.link"), text: <LinkGlyph />, run: setLink },
  ];

  return (
    <div
      role="toolbar"
      aria-label={t("admin.editor.toolbar")}
      className="flex flex-wrap gap-1 border-b border-slate-200 bg-slate-50 px-2 py-1.5"
    >
      {buttons.map((button) => (
        <button
          key={button.key}
          type="button"
          onClick={button.run}
          // A glyph written as text ("H2", "1.") is part of the name, as voice control says it.
          aria-label={
            typeof button.text === "string" ? `${button.label} (${button.text})` : button.label
          }
          title={button.label}
          aria-pressed={state[button.key]}
          className={clsx(
            "inline-flex min-h-8 min-w-8 items-center justify-center rounded-md px-1.5 text-sm text-slate-800",
            state[button.key] ? "bg-slate-900 text-white" : "hover:bg-slate-200",
          )}
        >
          {button.text}
        </button>
      ))}
      {end}
    </div>
  );
}

/** A chain link, drawn like the app's line icons. */
function LinkGlyph() {
  return (
    <Icon className="size-4">
      <path d="M10 13a5 5 0 0 0 7.07 0l3-3a5 5 0 0 0-7.07-7.07l-1 1" />
      <path d="M14 11a5 5 0 0 0-7.07 0l-3 3a5 5 0 0 0 7.07 7.07l1-1" />
    </Icon>
  );
}
