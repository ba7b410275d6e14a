import type { AdminPageDraftView, AdminPageVersionView } from "@booking/contracts";
import { useState } from "react";
import { useTranslation } from "../../../i18n/react";
import { useConsoleFormatters } from "../../../lib/admin/console";
import { useAdminMutation } from "../../../lib/admin/mutation";
import { websiteApi } from "../../../lib/admin/website-api";
import { apiRequest } from "../../../lib/api";
import { HistoryIcon } from "../../icons";
import { Button } from "../../ui/button";
import { Modal } from "../dialog";

/** The page's last published versions; restoring one puts it in the draft (publish to go live). */
export function VersionsDialog({
  pageCuid,
  onRestored,
}: {
  pageCuid: string;
  onRestored: (draft: AdminPageDraftView) => void;
}) {
  const { t } = useTranslation();
  const { dateTime } = useConsoleFormatters();
  const [open, setOpen] = useState(false);
  const [versions, setVersions] = useState<AdminPageVersionView[] | null>(null);
  const { mutate: list } = useAdminMutation(
    () =>
      apiRequest<{ data: AdminPageVersionView[] }>(
        "GET",
        `/api/admin/website/pages/${encodeURIComponent(pageCuid)}/versions`,
      ),
    { revalidate: false },
  );
  const { mutate: restore, pending } = useAdminMutation(
    (version: string) => websiteApi.restore(pageCuid, version),
    { success: t("admin.website.editor.restored"), revalidate: false },
  );
  return (
    <Modal
      title={t("admin.website.editor.versions_title")}
      open={open}
      onOpenChange={async (next) => {
        setOpen(next);
        if (next) {
          setVersions(null);
          const outcome = await list();
          if (outcome.ok) setVersions(outcome.value.data);
        }
      }}
      trigger={
        <Button variant="secondary" data-testid="page-versions">
          <HistoryIcon className="size-4" />
          {t("admin.website.editor.versions")}
        </Button>
      }
      wide
    >
      {versions === null ? (
        <p className="text-sm text-slate-600">{t("common.loading")}</p>
      ) : versions.length === 0 ? (
        <p className="text-sm text-slate-600">{t("admin.website.editor.versions_empty")}</p>
      ) : (
        <ul className="flex flex-col divide-y divide-slate-200" data-testid="versions-list">
          {versions.map((version) => (
            <li
              key={version.cuid}
              className="flex flex-wrap items-center justify-between gap-2 py-3"
            >
              <span className="text-sm">
                <span className="font-semibold text-slate-950">{dateTime(version.created_at)}</span>
                <span className="block text-slate-600">
                  {t(
                    version.status === "PUBLISHED"
                      ? "admin.website.editor.version_published"
                      : "admin.website.editor.version_archived",
                  )}
                  {" · "}
                  {t("admin.website.editor.version_sections", { count: version.sections })}
                  {version.created_by
                    ? ` · ${t("admin.website.editor.version_by", { name: version.created_by })}`
                    : ""}
                </span>
              </span>
              <Button
                variant="secondary"
                size="sm"
                disabled={pending}
                onClick={async () => {
                  const outcome = await restore(version.cuid);
                  if (outcome.ok) {
                    onRestored(outcome.value);
                    setOpen(false);
                  }
                }}
              >
                {t("admin.website.editor.restore")}
              </Button>
            </li>
          ))}
        </ul>
      )}
    </Modal>
  );
}
