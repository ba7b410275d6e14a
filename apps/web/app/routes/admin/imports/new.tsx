import { IMPORT_KINDS } from "@booking/contracts";
import { useState } from "react";
import { ImportDropzone } from "../../../components/admin/imports/import-dropzone";
import { ImportSteps } from "../../../components/admin/imports/import-steps";
import { PageHeader } from "../../../components/admin/page-header";
import { useTranslation } from "../../../i18n/react";
import { importsApi } from "../../../lib/admin/imports-api";
import { requirePermission } from "../../../lib/admin/loaders";
import { useLanguage } from "../../../lib/root-data";
import type { Route } from "./+types/new";

export function loader(args: Route.LoaderArgs) {
  requirePermission(args, "imports.imports.create");
  return null;
}

/** The wizard's first step: what the file holds, and the file. */
export default function NewImport() {
  const { t } = useTranslation();
  const language = useLanguage();
  const [kind, setKind] = useState<string>(IMPORT_KINDS[0]);
  return (
    <>
      <PageHeader
        title={t("admin.imports.new")}
        description={t("admin.imports.upload.description")}
        back={{ to: "/admin/imports", label: t("admin.imports.title") }}
      />
      <ImportSteps current="file" />
      <fieldset className="flex flex-col gap-2">
        <legend className="mb-2 text-lg font-semibold text-slate-950">
          {t("admin.imports.upload.kind")}
        </legend>
        {IMPORT_KINDS.map((value) => (
          <label
            key={value}
            className="flex min-h-11 items-start gap-3 rounded-xl border border-slate-200 bg-white p-3 text-sm shadow-xs"
          >
            <input
              type="radio"
              name="kind"
              value={value}
              checked={kind === value}
              onChange={() => setKind(value)}
              className="mt-1"
            />
            <span>
              <span className="block font-semibold text-slate-950">
                {t(`admin.imports.kinds.${value}`)}
              </span>
              <span className="block text-slate-600">{t(`admin.imports.kinds_help.${value}`)}</span>
            </span>
          </label>
        ))}
      </fieldset>
      <ImportDropzone kind={kind} label={t("admin.imports.upload.choose")} />
      <section
        aria-labelledby="import-layout"
        className="rounded-xl bg-slate-50 p-4 text-sm text-slate-700"
      >
        <h2 id="import-layout" className="font-semibold text-slate-950">
          {t("admin.imports.upload.layout_title")}
        </h2>
        <p className="mt-1">{t(`admin.imports.layouts.${kind}`)}</p>
        {kind === "REGISTRATIONS" ? (
          <a
            href={importsApi.sampleHref(language)}
            download
            className="mt-2 inline-block font-semibold text-accent-ink underline underline-offset-4"
            data-testid="import-sample"
          >
            {t("admin.imports.upload.sample")}
          </a>
        ) : null}
      </section>
    </>
  );
}
