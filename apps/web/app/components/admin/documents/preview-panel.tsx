import type { AdminRegistrationListItem, DocumentModelBody } from "@booking/contracts";
import { useEffect, useState } from "react";
import { Form } from "react-router";
import { useTranslation } from "../../../i18n/react";
import { documentsApi } from "../../../lib/admin/documents-api";
import { ApiRequestError } from "../../../lib/api";
import { SearchIcon } from "../../icons";
import { Button } from "../../ui/button";
import { TextField } from "../../ui/field";
import { SelectField } from "../fields";

// The model being edited as a PDF on a registration staff choose (found by participant, customer
// or reference), drawn by the server's renderer as customers download it: the draft is sent
// (unsaved) a moment after each change, so the PDF follows the editor. The choice lives in the
// URL (`q`, `registration`); the saved model's PDF stays one link away.

type Props = {
  modelCuid: string;
  query: string;
  registration: string | null;
  registrations: AdminRegistrationListItem[];
  draft: DocumentModelBody;
  /** false while the editor shows layout issues: the server would refuse the draft */
  draftValid: boolean;
};

/** How long the editor stays still before its draft is drawn. */
const SETTLE_MS = 600;

type PreviewState = { kind: "idle" | "updating" | "invalid" | "failed"; url: string | null };

/** The draft's PDF as an object URL, redrawn once the draft has settled. */
function useDraftPdf(props: Props): PreviewState {
  const { modelCuid, registration, draft, draftValid } = props;
  const [state, setState] = useState<PreviewState>({ kind: "idle", url: null });
  useEffect(() => {
    if (!registration) return;
    if (!draftValid) {
      setState((current) => ({ ...current, kind: "invalid" }));
      return;
    }
    const abort = new AbortController();
    const timer = setTimeout(async () => {
      setState((current) => ({ ...current, kind: "updating" }));
      try {
        const pdf = await documentsApi.previewDraft(draft, registration, modelCuid, abort.signal);
        const url = URL.createObjectURL(pdf);
        setState((current) => {
          if (current.url) URL.revokeObjectURL(current.url);
          return { kind: "idle", url };
        });
      } catch (error) {
        if (abort.signal.aborted) return;
        const invalid = error instanceof ApiRequestError && error.status === 400;
        setState((current) => ({ ...current, kind: invalid ? "invalid" : "failed" }));
      }
    }, SETTLE_MS);
    return () => {
      clearTimeout(timer);
      abort.abort();
    };
  }, [modelCuid, registration, draft, draftValid]);
  return state;
}

export function PreviewPanel(props: Props) {
  const { modelCuid, query, registration, registrations } = props;
  const { t } = useTranslation();
  const label = (key: string) => t(`admin.document_models.preview.${key}`);
  const preview = useDraftPdf(props);
  return (
    <section className="flex flex-col gap-3" aria-labelledby="document-preview-title">
      <h2 id="document-preview-title" className="font-semibold text-slate-950">
        {label("title")}
      </h2>
      <p className="text-sm text-slate-600">{label("description")}</p>
      <Form method="get" className="grid gap-3 sm:grid-cols-[1fr_auto] sm:items-end" replace>
        <TextField
          name="q"
          type="search"
          label={label("search")}
          defaultValue={query}
          data-testid="preview-search"
        />
        <Button type="submit" variant="secondary">
          <SearchIcon className="size-4" />
          {label("find")}
        </Button>
        {registrations.length > 0 ? (
          <>
            <SelectField
              name="registration"
              label={label("registration")}
              options={registrations.map((item) => ({
                value: item.cuid,
                label: `${item.participant.fullname} – ${item.activity.title} (${item.reference})`,
              }))}
              defaultValue={registration ?? registrations[0]!.cuid}
              data-testid="preview-registration"
            />
            <Button type="submit" data-testid="show-preview">
              {label("show")}
            </Button>
          </>
        ) : (
          <p className="text-sm text-slate-600 sm:col-span-2">{label("none")}</p>
        )}
      </Form>
      {registration ? (
        <>
          <div className="flex flex-wrap items-center justify-between gap-2 text-sm">
            <p aria-live="polite" className="text-slate-600" data-testid="preview-state">
              {preview.kind === "idle" ? "" : label(preview.kind)}
            </p>
            <a
              href={documentsApi.previewPath(modelCuid, registration)}
              target="_blank"
              rel="noreferrer"
              className="font-medium text-sky-700 underline"
              data-testid="saved-preview-link"
            >
              {label("saved_pdf")}
            </a>
          </div>
          {preview.url ? (
            <iframe
              title={label("frame")}
              src={preview.url}
              className="aspect-[1/1.414] w-full rounded border border-slate-300 bg-white"
              data-testid="document-preview"
            />
          ) : null}
        </>
      ) : null}
    </section>
  );
}
