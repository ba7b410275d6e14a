import type { ImportCheck, ImportDetail, ImportKind } from "@booking/contracts";
import { CheckPanel } from "../../../components/admin/imports/check-panel";
import { ImportDropzone } from "../../../components/admin/imports/import-dropzone";
import { ImportSteps } from "../../../components/admin/imports/import-steps";
import { ImportSummary } from "../../../components/admin/imports/import-summary";
import { MappingEditor } from "../../../components/admin/imports/mapping-editor";
import { PageHeader } from "../../../components/admin/page-header";
import { ButtonLink } from "../../../components/ui/button";
import { useTranslation } from "../../../i18n/react";
import { useConsoleFormatters } from "../../../lib/admin/console";
import { adminGet, requirePermission } from "../../../lib/admin/loaders";
import type { Route } from "./+types/detail";

/** An import: its columns and mapping, then the check and dry run while it is open. */
export async function loader(args: Route.LoaderArgs) {
  requirePermission(args, "imports.imports.create");
  const path = `/api/admin/imports/${encodeURIComponent(args.params.cuid)}`;
  const detail = await adminGet<ImportDetail>(args, path);
  const open = detail.status === "UPLOADED" && Date.parse(detail.expires_at) > Date.now();
  const check = open ? await adminGet<ImportCheck>(args, `${path}/check`) : null;
  return { detail, check };
}

/** Where what an import made is listed. */
const DESTINATIONS: Record<ImportKind, string> = {
  CUSTOMERS: "/admin/customers",
  ACTIVITIES: "/admin/activities",
  AVAILABILITIES: "/admin/availabilities",
  REGISTRATIONS: "/admin/registrations",
};

export default function ImportPage({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const format = useConsoleFormatters();
  const { detail, check } = loaderData;
  const step = detail.status === "COMMITTED" ? "import" : check?.summary ? "check" : "mapping";
  return (
    <>
      <PageHeader
        title={detail.file_name}
        description={t("admin.imports.detail.description", {
          kind: t(`admin.imports.kinds.${detail.kind}`),
          count: detail.row_count,
          date: format.dateTime(detail.created_at),
        })}
        back={{ to: "/admin/imports", label: t("admin.imports.title") }}
      />
      <ImportSteps current={step} />
      {detail.status === "COMMITTED" && detail.summary ? (
        <section aria-labelledby="import-done" className="flex flex-col gap-3">
          <h2 id="import-done" className="text-lg font-semibold text-slate-950">
            {t("admin.imports.detail.committed", {
              date: format.dateTime(detail.committed_at ?? detail.created_at),
            })}
          </h2>
          <ImportSummary summary={detail.summary} done />
          <div>
            <ButtonLink to={DESTINATIONS[detail.kind]} variant="secondary">
              {t(`admin.imports.destinations.${detail.kind}`)}
            </ButtonLink>
          </div>
        </section>
      ) : null}
      {detail.status !== "COMMITTED" && !check ? (
        <p role="status" className="rounded-xl bg-slate-50 p-4 text-sm text-slate-700">
          {t("admin.imports.detail.expired")}
        </p>
      ) : null}
      {check ? (
        <>
          <MappingEditor detail={detail} editable />
          <CheckPanel detail={detail} check={check} />
          <section aria-labelledby="import-again" className="flex flex-col gap-2">
            <h2 id="import-again" className="text-lg font-semibold text-slate-950">
              {t("admin.imports.detail.again_title")}
            </h2>
            <p className="text-sm text-slate-600">{t("admin.imports.detail.again")}</p>
            <ImportDropzone kind={detail.kind} label={t("admin.imports.detail.again_button")} />
          </section>
        </>
      ) : null}
    </>
  );
}
