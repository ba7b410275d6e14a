import type { DocumentModelElementBody } from "@booking/contracts";
import { useTranslation } from "../../../i18n/react";
import { TrashIcon } from "../../icons";
import { Button } from "../../ui/button";
import { TextField } from "../../ui/field";
import { SelectField } from "../fields";
import { DATA_FIELD_PATHS } from "./model-draft";
import { PictureField } from "./picture-field";

// The settings of the selected element (platform-and-account.md §3.1): its text with data field
// placeholders or the custom field it shows, its place and box, and its type's settings.

type Settings = Record<string, string | number | null | undefined>;

const DATE_PARTS = {
  weekday: ["short", "long"],
  day: ["numeric", "2-digit"],
  month: ["numeric", "2-digit", "short", "long"],
  year: ["numeric", "2-digit"],
  hours: ["numeric", "2-digit"],
  minutes: ["numeric", "2-digit"],
  seconds: ["numeric", "2-digit"],
} as const;

const numberOrNull = (value: string) => (value.trim() === "" ? null : Number(value));

type Props = {
  element: DocumentModelElementBody;
  path: string;
  errors: Record<string, string>;
  customFields: string[];
  onChange: (element: DocumentModelElementBody) => void;
  onRemove: () => void;
  readOnly: boolean;
};

export function ElementForm({
  element,
  path,
  errors,
  customFields,
  onChange,
  onRemove,
  readOnly,
}: Props) {
  const { t } = useTranslation();
  const settings = element.settings as Settings;
  const error = (key: string) => {
    const code = errors[`${path}.${key}`];
    return code ? t(`admin.document_models.errors.${code}`) : undefined;
  };
  const set = (patch: Partial<DocumentModelElementBody>) =>
    onChange({ ...element, ...patch } as DocumentModelElementBody);
  const setSetting = (key: string, value: string | number | null) =>
    set({ settings: { ...settings, [key]: value } } as Partial<DocumentModelElementBody>);
  const field = (key: string) => `${path}.${key}`;
  const label = (key: string) => t(`admin.document_models.element.${key}`);

  return (
    <fieldset disabled={readOnly} className="grid gap-3 sm:grid-cols-2" data-testid="element-form">
      <legend className="mb-2 font-semibold text-slate-950">
        {t(`admin.document_models.types.${element.type}`)}
      </legend>
      <label className="flex flex-col gap-1.5 text-sm font-medium text-slate-900 sm:col-span-2">
        {label("data")}
        <textarea
          name={field("data")}
          rows={2}
          value={element.payload.data}
          onChange={(event) =>
            set({
              payload: { ...element.payload, data: event.target.value },
            } as Partial<DocumentModelElementBody>)
          }
          className="rounded-lg border border-slate-300 px-3 py-2 font-normal"
          aria-invalid={Boolean(error("payload.data"))}
          data-testid="element-data"
        />
        {error("payload.data") ? (
          <span className="text-sm text-red-700">{error("payload.data")}</span>
        ) : null}
      </label>
      <SelectField
        name={field("insert")}
        label={label("insert")}
        placeholder={label("insert_placeholder")}
        options={DATA_FIELD_PATHS.map((path) => ({ value: path, label: path }))}
        value=""
        onChange={(event) =>
          event.target.value &&
          set({
            payload: {
              ...element.payload,
              data: `${element.payload.data}{{${event.target.value}}}`,
            },
          } as Partial<DocumentModelElementBody>)
        }
      />
      {element.type === "IMAGE" ? (
        <PictureField
          label={label("url")}
          value={(element.payload as { url?: string | null }).url}
          onChange={(url) =>
            set({ payload: { ...element.payload, url } } as Partial<DocumentModelElementBody>)
          }
          error={errors[`${path}.payload.url`]}
          disabled={readOnly}
          testId="element-picture"
        />
      ) : (
        <SelectField
          name={field("custom_field")}
          label={label("custom_field")}
          placeholder={label("no_custom_field")}
          options={customFields.map((title, index) => ({ value: String(index), label: title }))}
          value={
            element.custom_field === null || element.custom_field === undefined
              ? ""
              : String(element.custom_field)
          }
          onChange={(event) => set({ custom_field: numberOrNull(event.target.value) })}
          error={error("custom_field")}
        />
      )}
      <TextField
        name={field("x")}
        type="number"
        min={0}
        label={label("x")}
        value={element.x}
        onChange={(event) => set({ x: Number(event.target.value) || 0 })}
        error={error("x")}
        data-testid="element-x"
      />
      <TextField
        name={field("y")}
        type="number"
        min={0}
        label={label("y")}
        value={element.y}
        onChange={(event) => set({ y: Number(event.target.value) || 0 })}
        data-testid="element-y"
      />
      {element.type === "IMAGE" ? (
        <>
          <TextField
            name={field("image_width")}
            type="number"
            min={1}
            label={label("width")}
            value={settings.width ?? ""}
            onChange={(event) => setSetting("width", Number(event.target.value) || 1)}
          />
          <TextField
            name={field("image_height")}
            type="number"
            min={1}
            label={label("height")}
            value={settings.height ?? ""}
            onChange={(event) => setSetting("height", Number(event.target.value) || 1)}
          />
        </>
      ) : (
        <>
          <TextField
            name={field("width")}
            type="number"
            min={1}
            label={label("box_width")}
            hint={label("box_width_hint")}
            value={element.width ?? ""}
            onChange={(event) => set({ width: numberOrNull(event.target.value) })}
          />
          <SelectField
            name={field("align")}
            label={label("align")}
            options={(["left", "center", "right"] as const).map((value) => ({
              value,
              label: t(`admin.document_models.align.${value}`),
            }))}
            value={element.align ?? "left"}
            onChange={(event) => set({ align: event.target.value as "left" | "center" | "right" })}
          />
          <TextField
            name={field("font_size")}
            type="number"
            min={1}
            max={200}
            label={label("font_size")}
            value={settings.fontSize ?? ""}
            onChange={(event) => setSetting("fontSize", numberOrNull(event.target.value))}
            error={error("settings.fontSize")}
          />
          <SelectField
            name={field("font_weight")}
            label={label("font_weight")}
            options={(["normal", "bold"] as const).map((value) => ({
              value,
              label: t(`admin.document_models.weight.${value}`),
            }))}
            value={String(settings.fontWeight ?? "normal")}
            onChange={(event) => setSetting("fontWeight", event.target.value)}
          />
          <TextField
            name={field("color")}
            type="color"
            label={label("color")}
            value={String(settings.color ?? "#111827")}
            onChange={(event) => setSetting("color", event.target.value)}
          />
        </>
      )}
      {element.type === "NUMBER" ? (
        <TextField
          name={field("decimals")}
          type="number"
          min={0}
          max={20}
          label={label("decimals")}
          value={settings.decimals ?? ""}
          onChange={(event) => setSetting("decimals", numberOrNull(event.target.value))}
        />
      ) : null}
      {element.type === "DATE"
        ? Object.entries(DATE_PARTS).map(([part, values]) => (
            <SelectField
              key={part}
              name={field(part)}
              label={t(`admin.document_models.date_parts.${part}`)}
              placeholder={t("admin.document_models.date_parts.none")}
              options={values.map((value) => ({
                value,
                label: t(`admin.document_models.date_formats.${value}`),
              }))}
              value={String(settings[part] ?? "")}
              onChange={(event) => setSetting(part, event.target.value || null)}
            />
          ))
        : null}
      <div className="sm:col-span-2">
        <Button variant="ghost" size="sm" onClick={onRemove} data-testid="remove-element">
          <TrashIcon className="size-4" />
          {label("remove")}
        </Button>
      </div>
    </fieldset>
  );
}
