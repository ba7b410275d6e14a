import type { AdminRegistrationListItem } from "@booking/contracts";
import { Form } from "react-router";
import { useTranslation } from "../../../i18n/react";
import { documentsApi } from "../../../lib/admin/documents-api";
import { SearchIcon } from "../../icons";
import { Button } from "../../ui/button";
import { TextField } from "../../ui/field";
import { SelectField } from "../fields";

// The saved model as a PDF on a registration staff choose (found by participant, customer or
// reference), drawn by the server's renderer as customers download it. The choice lives in the
// URL (`q`, `registration`); `version` reloads the PDF after each save.

type Props = {
  modelCuid: string;
  query: string;
  registration: string | null;
  registrations: AdminRegistrationListItem[];
  version: number;
};

export function PreviewPanel({ modelCuid, query, registration, registrations, version }: Props) {
  const { t } = useTranslation();
  const label = (key: string) => t(`admin.document_models.preview.${key}`);
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
        <iframe
          key={`${registration}-${version}`}
          title={label("frame")}
          src={`${documentsApi.previewPath(modelCuid, registration)}&version=${version}`}
          className="aspect-[1/1.414] w-full rounded border border-slate-300 bg-white"
          data-testid="document-preview"
        />
      ) : null}
    </section>
  );
}
