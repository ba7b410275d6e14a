import type { SettingDefinition } from "@booking/contracts/page-elements/definitions";
import { useId, useState } from "react";
import { useTranslation } from "../../../i18n/react";
import { useAdminMutation } from "../../../lib/admin/mutation";
import { websiteApi } from "../../../lib/admin/website-api";
import { ImageIcon, PlusIcon, TrashIcon } from "../../icons";
import { Button } from "../../ui/button";
import { describedBy, FieldShell, inputClasses } from "../../ui/field";
import { RichTextEditor } from "../catalogue/rich-text-editor";
import { selectClasses } from "../fields";
import { ReferencePicker } from "./reference-picker";

// One input per setting type of the element definitions (text, rich text, colour, image, link,
// number, switch, select, multi-select, reference pickers, lists). Values are what the settings store;
// an emptied optional field stores null (an empty colour, image or link is none, not "").

export type Errors = Readonly<Record<string, string>>;

interface FieldProps {
  definition: SettingDefinition;
  value: unknown;
  onChange: (value: unknown) => void;
  /** the error paths of this setting start with `path` (`elements.<cuid>.settings.<name>`) */
  path: string;
  errors: Errors;
}

/** The label and help of a setting: console translations, the setting's name when missing. */
export function useSettingTexts() {
  const { t } = useTranslation();
  return {
    label: (name: string) =>
      t(`admin.website.settings.${name}.label`, { defaultValue: name.replaceAll(/[-_]/g, " ") }),
    description: (name: string) =>
      t(`admin.website.settings.${name}.description`, { defaultValue: "" }),
    option: (value: string | number) =>
      t(`admin.website.options.${value}`, { defaultValue: String(value) }),
  };
}

const textOf = (value: unknown) =>
  typeof value === "string" || typeof value === "number" ? String(value) : "";

export function SettingField(props: FieldProps) {
  const { definition, value, onChange, path, errors } = props;
  const texts = useSettingTexts();
  const id = useId();
  const label = texts.label(definition.name);
  const hint = texts.description(definition.name) || undefined;
  const error = errors[path];
  const emptied = (text: string) => (text === "" && definition.nullable ? null : text);
  const testId = `setting-${definition.name}`;

  switch (definition.type) {
    case "rich-text":
      return (
        <RichTextEditor
          label={label}
          hint={hint}
          error={error}
          value={textOf(value)}
          onChange={onChange}
          testId={testId}
        />
      );
    case "switch":
      return (
        <div className="flex flex-col gap-1">
          <label className="inline-flex min-h-11 items-center gap-3 text-sm font-medium text-slate-900">
            <input
              type="checkbox"
              className="size-5 accent-slate-900"
              checked={value === true}
              onChange={(event) => onChange(event.target.checked)}
              aria-describedby={hint ? `${id}-hint` : undefined}
              data-testid={testId}
            />
            {label}
          </label>
          {hint ? (
            <p id={`${id}-hint`} className="text-sm text-slate-600">
              {hint}
            </p>
          ) : null}
        </div>
      );
    case "select":
      return (
        <FieldShell id={id} label={label} hint={hint} error={error}>
          <select
            id={id}
            className={selectClasses(Boolean(error))}
            value={value === null || value === undefined ? "" : String(value)}
            onChange={(event) => {
              const picked = definition.options?.find(
                (option) => String(option) === event.target.value,
              );
              onChange(picked ?? null);
            }}
            data-testid={testId}
            {...describedBy(id, hint, error)}
          >
            {definition.nullable || definition.default === null ? (
              <option value="">{texts.option("none")}</option>
            ) : null}
            {definition.options?.map((option) => (
              <option key={String(option)} value={String(option)}>
                {texts.option(option)}
              </option>
            ))}
          </select>
        </FieldShell>
      );
    case "multi-select":
      return <ChoiceList {...props} label={label} hint={hint} />;
    case "list":
      return <ItemList {...props} label={label} hint={hint} />;
    case "number":
      return (
        <FieldShell id={id} label={label} hint={hint} error={error} optional={definition.nullable}>
          <input
            id={id}
            type="number"
            inputMode="numeric"
            className={inputClasses(Boolean(error))}
            min={definition.min}
            max={definition.max}
            step={definition.step}
            value={typeof value === "number" ? value : ""}
            onChange={(event) => {
              const text = event.target.value;
              onChange(text === "" ? (definition.nullable ? null : "") : Number(text));
            }}
            data-testid={testId}
            {...describedBy(id, hint, error)}
          />
        </FieldShell>
      );
    case "references":
      // Every reference setting names its kind (definitions.ts refuses one that does not).
      return (
        <ReferencePicker
          kind={definition.reference!}
          label={label}
          hint={hint}
          value={value}
          onChange={onChange}
          error={error}
          testId={testId}
        />
      );
    case "color":
      return (
        <FieldShell id={id} label={label} hint={hint} error={error} optional={definition.nullable}>
          <div className="flex items-center gap-2">
            <input
              type="color"
              aria-label={label}
              className="h-11 w-14 shrink-0 cursor-pointer rounded-lg border border-slate-300 bg-white p-1"
              value={/^#[0-9A-Fa-f]{6}$/.test(textOf(value)) ? textOf(value) : "#000000"}
              onChange={(event) => onChange(event.target.value.toUpperCase())}
            />
            <input
              id={id}
              className={inputClasses(Boolean(error))}
              value={textOf(value)}
              placeholder="#RRGGBB"
              onChange={(event) => onChange(emptied(event.target.value))}
              autoComplete="off"
              data-testid={testId}
              {...describedBy(id, hint, error)}
            />
          </div>
        </FieldShell>
      );
    case "image":
      return <ImageInput {...props} label={label} hint={hint} />;
    case "textarea":
      return (
        <FieldShell id={id} label={label} hint={hint} error={error} optional={definition.nullable}>
          <textarea
            id={id}
            rows={4}
            className={inputClasses(Boolean(error))}
            value={textOf(value)}
            maxLength={definition.maxLength}
            onChange={(event) => onChange(emptied(event.target.value))}
            data-testid={testId}
            {...describedBy(id, hint, error)}
          />
        </FieldShell>
      );
    default:
      return (
        <FieldShell id={id} label={label} hint={hint} error={error} optional={definition.nullable}>
          <input
            id={id}
            type={definition.type === "url" ? "url" : "text"}
            className={inputClasses(Boolean(error))}
            value={textOf(value)}
            maxLength={definition.maxLength}
            onChange={(event) => onChange(emptied(event.target.value))}
            autoComplete="off"
            data-testid={testId}
            {...describedBy(id, hint, error)}
          />
        </FieldShell>
      );
  }
}

type LabelledProps = FieldProps & { label: string; hint?: string };

/** Checkboxes of a multi-select; the stored list keeps the options' order. */
function ChoiceList({ definition, value, onChange, path, errors, label, hint }: LabelledProps) {
  const texts = useSettingTexts();
  const id = useId();
  const chosen = new Set(Array.isArray(value) ? value.map(String) : []);
  const error = errors[path];
  const toggle = (option: string | number, on: boolean) => {
    const next = new Set(chosen);
    if (on) next.add(String(option));
    else next.delete(String(option));
    onChange((definition.options ?? []).filter((item) => next.has(String(item))));
  };
  return (
    <fieldset className="flex flex-col gap-1.5" aria-describedby={hint ? `${id}-hint` : undefined}>
      <legend className="text-sm font-medium text-slate-900">{label}</legend>
      {hint ? (
        <p id={`${id}-hint`} className="text-sm text-slate-600">
          {hint}
        </p>
      ) : null}
      <div className="flex flex-wrap gap-x-4 gap-y-1">
        {definition.options?.map((option) => (
          <label
            key={String(option)}
            className="inline-flex min-h-9 items-center gap-2 text-sm text-slate-900"
          >
            <input
              type="checkbox"
              className="size-4 accent-slate-900"
              checked={chosen.has(String(option))}
              onChange={(event) => toggle(option, event.target.checked)}
            />
            {texts.option(option)}
          </label>
        ))}
      </div>
      {error ? <ErrorText code={error} /> : null}
    </fieldset>
  );
}

function ErrorText({ code }: { code: string }) {
  const { t } = useTranslation();
  return (
    <p className="text-sm font-medium text-red-700" role="alert">
      {t(`forms.errors.${code}`, { defaultValue: code })}
    </p>
  );
}

/** A list of items (FAQ questions, tabs): each item's fields, add, remove. */
function ItemList({ definition, value, onChange, path, errors, label, hint }: LabelledProps) {
  const { t } = useTranslation();
  const items = Array.isArray(value) ? (value as Record<string, unknown>[]) : [];
  const blank = () =>
    Object.fromEntries((definition.item ?? []).map((field) => [field.name, field.default ?? ""]));
  const full = definition.maxItems !== undefined && items.length >= definition.maxItems;
  return (
    <fieldset className="flex flex-col gap-2">
      <legend className="text-sm font-medium text-slate-900">{label}</legend>
      {hint ? <p className="text-sm text-slate-600">{hint}</p> : null}
      {errors[path] ? <ErrorText code={errors[path]} /> : null}
      <ol className="flex flex-col gap-3">
        {items.map((item, index) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: items have no identity of their own; order is the identity
          <li key={index} className="rounded-lg border border-slate-200 p-3">
            <div className="mb-2 flex items-center justify-between gap-2">
              <span className="text-sm font-semibold text-slate-700">
                {t("admin.website.editor.list_item", { index: index + 1 })}
              </span>
              <Button
                variant="ghost"
                size="sm"
                onClick={() => onChange(items.filter((_, at) => at !== index))}
                aria-label={t("admin.website.editor.list_remove", { index: index + 1 })}
              >
                <TrashIcon className="size-4" />
              </Button>
            </div>
            <div className="flex flex-col gap-3">
              {(definition.item ?? []).map((field) => (
                <SettingField
                  key={field.name}
                  definition={field}
                  value={item[field.name]}
                  onChange={(next) =>
                    onChange(
                      items.map((entry, at) =>
                        at === index ? { ...entry, [field.name]: next } : entry,
                      ),
                    )
                  }
                  path={`${path}.${index}.${field.name}`}
                  errors={errors}
                />
              ))}
            </div>
          </li>
        ))}
      </ol>
      <Button
        variant="secondary"
        size="sm"
        disabled={full}
        onClick={() => onChange([...items, blank()])}
        className="self-start"
      >
        <PlusIcon className="size-4" />
        {t("admin.website.editor.list_add")}
      </Button>
    </fieldset>
  );
}

/** An image's address, typed or uploaded (resized and stored by the server). */
function ImageInput({ definition, value, onChange, path, errors, label, hint }: LabelledProps) {
  const { t } = useTranslation();
  const id = useId();
  const error = errors[path];
  const [uploading, setUploading] = useState(false);
  const { mutate } = useAdminMutation((file: File) => websiteApi.uploadImage(file), {
    revalidate: false,
  });
  const src = textOf(value);
  return (
    <FieldShell id={id} label={label} hint={hint} error={error} optional={definition.nullable}>
      <div className="flex flex-col gap-2">
        {src ? (
          <img
            src={src}
            alt=""
            className="max-h-32 w-fit max-w-full rounded-md border border-slate-200 object-contain"
          />
        ) : null}
        <input
          id={id}
          className={inputClasses(Boolean(error))}
          value={src}
          onChange={(event) =>
            onChange(event.target.value === "" && definition.nullable ? null : event.target.value)
          }
          autoComplete="off"
          data-testid={`setting-${definition.name}`}
          {...describedBy(id, hint, error)}
        />
        <label className="inline-flex min-h-9 w-fit cursor-pointer items-center gap-2 rounded-lg border border-slate-300 bg-white px-3 text-sm font-semibold text-slate-900 hover:bg-slate-50 focus-within:ring-2 focus-within:ring-sky-600">
          <ImageIcon className="size-4" />
          {uploading ? t("admin.website.editor.uploading") : t("admin.website.editor.upload")}
          <input
            type="file"
            accept="image/png,image/jpeg,image/webp,image/gif"
            className="sr-only"
            disabled={uploading}
            onChange={async (event) => {
              const file = event.target.files?.[0];
              event.target.value = "";
              if (!file) return;
              setUploading(true);
              const outcome = await mutate(file);
              setUploading(false);
              if (outcome.ok) onChange(outcome.value.url);
            }}
          />
        </label>
      </div>
    </FieldShell>
  );
}
