import type { AdminPageDraftView, ListEnvelope } from "@booking/contracts";
import { Link } from "react-router";
import { PageEditor } from "../../../components/admin/website/page-editor";
import { ChevronLeftIcon } from "../../../components/icons";
import { useTranslation } from "../../../i18n/react";
import { adminGet, requirePermission } from "../../../lib/admin/loaders";
import { hasPermission } from "../../../lib/admin/permissions";
import type { Route } from "./+types/editor";

export async function loader(args: Route.LoaderArgs) {
  const { session, api } = requirePermission(args, "website.pages.read");
  const draft = await adminGet<AdminPageDraftView>(
    args,
    `/api/admin/website/pages/${encodeURIComponent(args.params.cuid)}/draft`,
  );
  // The availability template is previewed on one of the organiser's availabilities.
  let previewPath: string | null = draft.page.path;
  if (draft.page.type === "AVAILABILITY") {
    previewPath = null;
    if (hasPermission(session, "availabilities.availabilities.read")) {
      const answer = await api.get<ListEnvelope<{ cuid: string }>>(
        "/api/admin/availabilities?page_size=1",
      );
      const first = answer.status === 200 ? answer.body.data[0] : undefined;
      if (first) previewPath = `/availabilities/${first.cuid}`;
    }
  }
  return { draft, previewPath };
}

/** /admin/website/pages/:cuid — the page builder: structure, settings, live preview. */
export default function PageEditorRoute({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { draft, previewPath } = loaderData;
  return (
    <div className="flex flex-col gap-3">
      <Link
        to="/admin/website"
        className="inline-flex w-fit items-center gap-1 text-sm font-semibold text-slate-700 hover:text-slate-950"
      >
        <ChevronLeftIcon className="size-4" />
        {t("admin.website.editor.back")}
      </Link>
      {/* A new loader answer (another page, a restored version) starts the editor afresh. */}
      <PageEditor
        key={`${draft.page.cuid}:${draft.page.updated_at}`}
        initial={draft}
        previewPath={previewPath}
      />
    </div>
  );
}
