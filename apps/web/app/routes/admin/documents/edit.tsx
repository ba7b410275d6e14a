import {
  type AdminDocumentModelView,
  type AdminRegistrationList,
  type DocumentModelElementBody,
  documentModelBodyOf,
} from "@booking/contracts";
import { DOCUMENT_ELEMENT_TYPES, type DocumentElementType } from "@booking/domain";
import { useState } from "react";
import { useNavigate } from "react-router";
import { CustomFieldsEditor } from "../../../components/admin/documents/custom-fields-editor";
import { ElementForm } from "../../../components/admin/documents/element-form";
import {
  draftIssues,
  emptyDraft,
  type ModelDraft,
  newElement,
} from "../../../components/admin/documents/model-draft";
import { ModelSettings } from "../../../components/admin/documents/model-settings";
import { PageCanvas } from "../../../components/admin/documents/page-canvas";
import { PictureField } from "../../../components/admin/documents/picture-field";
import { PreviewPanel } from "../../../components/admin/documents/preview-panel";
import { PageHeader } from "../../../components/admin/page-header";
import { PlusIcon, TrashIcon } from "../../../components/icons";
import { Button } from "../../../components/ui/button";
import { useTranslation } from "../../../i18n/react";
import { useConsole } from "../../../lib/admin/console";
import { documentsApi } from "../../../lib/admin/documents-api";
import { adminGet, requirePermission } from "../../../lib/admin/loaders";
import { useAdminMutation } from "../../../lib/admin/mutation";
import { hasPermission } from "../../../lib/admin/permissions";
import { ApiRequestError } from "../../../lib/api";
import type { Route } from "./+types/edit";

export async function loader(args: Route.LoaderArgs) {
  const { session } = requirePermission(args, "documents.models.read");
  const cuid = args.params.cuid;
  const model = cuid
    ? await adminGet<AdminDocumentModelView>(
        args,
        `/api/admin/document-models/${encodeURIComponent(cuid)}`,
      )
    : null;
  const url = new URL(args.request.url);
  const query = url.searchParams.get("q")?.trim() ?? "";
  const canPreview =
    model !== null &&
    hasPermission(session, "documents.downloads.read") &&
    hasPermission(session, "registrations.registrations.read");
  const registrations = canPreview
    ? (
        await adminGet<AdminRegistrationList>(
          args,
          `/api/admin/registrations?page_size=20&q=${encodeURIComponent(query)}`,
        )
      ).data
    : [];
  return {
    model,
    canPreview,
    query,
    registration: url.searchParams.get("registration"),
    registrations,
  };
}

/**
 * /admin/document-models/new and /admin/document-models/:cuid: a model's settings, the custom
 * fields asked on download, its pages drawn to scale with their elements (dragged or moved with
 * the arrow keys, each element's settings beside), and the PDF preview on a registration.
 */
export default function DocumentModelEditor({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { can } = useConsole();
  const { model } = loaderData;
  const readOnly = !can(model ? "documents.models.update" : "documents.models.create");
  const [draft, setDraft] = useState<ModelDraft>(() =>
    model
      ? (documentModelBodyOf(model) as ModelDraft)
      : emptyDraft(t("admin.document_models.new_title")),
  );
  const [selected, setSelected] = useState<{ page: number; element: number } | null>(null);
  const [serverErrors, setServerErrors] = useState<Record<string, string>>({});
  const errors = { ...serverErrors, ...draftIssues(draft) };
  const { mutate, pending } = useAdminMutation(
    () => (model ? documentsApi.updateModel(model.cuid, draft) : documentsApi.createModel(draft)),
    { success: (saved) => t("admin.document_models.saved", { name: saved.title }) },
  );

  const save = async () => {
    const outcome = await mutate();
    if (outcome.ok) {
      setServerErrors({});
      // The saved elements' ids: the next save updates them in place (download forms name them).
      setDraft(documentModelBodyOf(outcome.value) as ModelDraft);
      if (!model) navigate(`/admin/document-models/${outcome.value.cuid}`);
    } else if (outcome.error instanceof ApiRequestError) {
      setServerErrors(outcome.error.fields);
    }
  };
  const updatePage = (index: number, patch: Partial<ModelDraft["pages"][number]>) =>
    setDraft((current) => ({
      ...current,
      pages: current.pages.map((page, i) => (i === index ? { ...page, ...patch } : page)),
    }));
  const updateElement = (pageIndex: number, index: number, element: DocumentModelElementBody) =>
    setDraft((current) => ({
      ...current,
      pages: current.pages.map((page, i) =>
        i === pageIndex
          ? { ...page, elements: page.elements.map((e, j) => (j === index ? element : e)) }
          : page,
      ),
    }));
  const addElement = (pageIndex: number, type: DocumentElementType) => {
    const page = draft.pages[pageIndex]!;
    updatePage(pageIndex, {
      elements: [...page.elements, newElement(type, t("admin.document_models.new_text"))],
    });
    setSelected({ page: pageIndex, element: page.elements.length });
  };
  const removeElement = (pageIndex: number, index: number) => {
    updatePage(pageIndex, {
      elements: draft.pages[pageIndex]!.elements.filter((_, j) => j !== index),
    });
    setSelected(null);
  };
  // Elements keep pointing at the same field when an earlier one goes.
  const removeCustomField = (index: number) =>
    setDraft((current) => ({
      ...current,
      custom_fields: current.custom_fields.filter((_, i) => i !== index),
      pages: current.pages.map((page) => ({
        ...page,
        elements: page.elements.map((element) => {
          const field = element.custom_field ?? null;
          if (field === null || field < index) return element;
          return { ...element, custom_field: field === index ? null : field - 1 };
        }),
      })),
    }));
  const fieldTitles = draft.custom_fields.map(
    (field, index) =>
      field.title || t("admin.document_models.custom_fields.untitled", { n: index + 1 }),
  );
  const issueCount = Object.keys(errors).length;

  return (
    <div className="flex flex-col gap-6">
      <PageHeader
        title={model ? model.title : t("admin.document_models.new")}
        back={{ to: "/admin/document-models", label: t("admin.document_models.title") }}
        actions={
          readOnly ? null : (
            <Button onClick={save} disabled={pending} data-testid="save-document-model">
              {t("admin.catalogue.save")}
            </Button>
          )
        }
      />
      {issueCount > 0 ? (
        <div
          role="alert"
          className="rounded-lg border border-red-300 bg-red-50 p-3 text-sm text-red-800"
        >
          {t("admin.document_models.issues", { count: issueCount })}
        </div>
      ) : null}
      <ModelSettings
        draft={draft}
        errors={errors}
        onChange={(patch) => setDraft((current) => ({ ...current, ...patch }))}
        readOnly={readOnly}
      />
      <CustomFieldsEditor
        fields={draft.custom_fields}
        errors={errors}
        onChange={(custom_fields) => setDraft((current) => ({ ...current, custom_fields }))}
        onRemove={removeCustomField}
        readOnly={readOnly}
      />
      {draft.pages.map((page, pageIndex) => {
        const current = selected?.page === pageIndex ? selected.element : null;
        const element = current === null ? undefined : page.elements[current];
        return (
          <section
            // biome-ignore lint/suspicious/noArrayIndexKey: pages are edited in place, by position
            key={pageIndex}
            className="flex flex-col gap-3 rounded-xl border border-slate-200 bg-white p-4"
            aria-label={t("admin.document_models.page", { n: pageIndex + 1 })}
          >
            <h2 className="font-semibold text-slate-950">
              {t("admin.document_models.page", { n: pageIndex + 1 })}
            </h2>
            <PageSettings
              page={page}
              pageIndex={pageIndex}
              errors={errors}
              readOnly={readOnly}
              onChange={(patch) => updatePage(pageIndex, patch)}
              onRemove={() =>
                setDraft((d) => ({ ...d, pages: d.pages.filter((_, i) => i !== pageIndex) }))
              }
            />
            {readOnly ? null : (
              <div className="flex flex-wrap gap-2">
                {DOCUMENT_ELEMENT_TYPES.map((type) => (
                  <Button
                    key={type}
                    variant="secondary"
                    size="sm"
                    onClick={() => addElement(pageIndex, type)}
                    data-testid={`add-element-${type}`}
                  >
                    <PlusIcon className="size-4" />
                    {t(`admin.document_models.types.${type}`)}
                  </Button>
                ))}
              </div>
            )}
            <p className="text-sm text-slate-600">{t("admin.document_models.canvas_help")}</p>
            <div className="grid gap-4 lg:grid-cols-[minmax(0,28rem)_1fr]">
              <PageCanvas
                page={page}
                pageIndex={pageIndex}
                selected={current}
                customFieldTitle={(index) => fieldTitles[index] ?? ""}
                onSelect={(index) => setSelected({ page: pageIndex, element: index })}
                onMove={(index, x, y) =>
                  updateElement(pageIndex, index, { ...page.elements[index]!, x, y })
                }
                readOnly={readOnly}
              />
              {element && current !== null ? (
                <ElementForm
                  element={element}
                  path={`pages.${pageIndex}.elements.${current}`}
                  errors={errors}
                  customFields={fieldTitles}
                  onChange={(next) => updateElement(pageIndex, current, next)}
                  onRemove={() => removeElement(pageIndex, current)}
                  readOnly={readOnly}
                />
              ) : (
                <p className="text-sm text-slate-600">{t("admin.document_models.select_help")}</p>
              )}
            </div>
          </section>
        );
      })}
      {readOnly || draft.pages.length >= 20 ? null : (
        <div>
          <Button
            variant="secondary"
            onClick={() =>
              setDraft((d) => ({
                ...d,
                pages: [...d.pages, { size: "A4", orientation: "portrait", elements: [] }],
              }))
            }
          >
            <PlusIcon className="size-4" />
            {t("admin.document_models.add_page")}
          </Button>
        </div>
      )}
      {model && loaderData.canPreview ? (
        <PreviewPanel
          modelCuid={model.cuid}
          query={loaderData.query}
          registration={loaderData.registration}
          registrations={loaderData.registrations}
          draft={draft}
          draftValid={issueCount === 0}
        />
      ) : null}
    </div>
  );
}

function PageSettings({
  page,
  pageIndex,
  errors,
  readOnly,
  onChange,
  onRemove,
}: {
  page: ModelDraft["pages"][number];
  pageIndex: number;
  errors: Record<string, string>;
  readOnly: boolean;
  onChange: (patch: Partial<ModelDraft["pages"][number]>) => void;
  onRemove: () => void;
}) {
  const { t } = useTranslation();
  const label = (key: string) => t(`admin.document_models.page_fields.${key}`);
  return (
    <fieldset
      disabled={readOnly}
      className="grid gap-3 sm:grid-cols-[auto_auto_1fr_auto] sm:items-end"
    >
      <label className="flex flex-col gap-1.5 text-sm font-medium text-slate-900">
        {label("size")}
        <select
          className="min-h-11 rounded-lg border border-slate-300 px-3"
          value={page.size ?? "A4"}
          onChange={(event) => onChange({ size: event.target.value as "A4" | "LETTER" })}
        >
          <option value="A4">A4</option>
          <option value="LETTER">Letter</option>
        </select>
      </label>
      <label className="flex flex-col gap-1.5 text-sm font-medium text-slate-900">
        {label("orientation")}
        <select
          className="min-h-11 rounded-lg border border-slate-300 px-3"
          value={page.orientation ?? "portrait"}
          onChange={(event) =>
            onChange({ orientation: event.target.value as "portrait" | "landscape" })
          }
        >
          <option value="portrait">{label("portrait")}</option>
          <option value="landscape">{label("landscape")}</option>
        </select>
      </label>
      <PictureField
        label={label("background")}
        value={page.background_url}
        onChange={(background_url) => onChange({ background_url })}
        error={errors[`pages.${pageIndex}.background_url`]}
        disabled={readOnly}
        testId={`page-background-${pageIndex}`}
      />
      <Button variant="ghost" size="sm" onClick={onRemove}>
        <TrashIcon className="size-4" />
        {label("remove")}
      </Button>
    </fieldset>
  );
}
