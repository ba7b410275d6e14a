import { EXPORT_PERMISSIONS, type ExportKind } from "@booking/contracts";
import * as DropdownMenu from "@radix-ui/react-dropdown-menu";
import { useSearchParams } from "react-router";
import { useTranslation } from "../../i18n/react";
import { useConsole } from "../../lib/admin/console";
import { DownloadIcon } from "../icons";
import { buttonClasses } from "../ui/button";
import { menuContentClass, menuItemClass } from "./shell/menu";

/** The list's filters an export understands (paging and sorting are the screen's only). */
const SCREEN_ONLY = new Set(["page_number", "page_size", "sort"]);

/**
 * "Export" on a list: the same rows as CSV or XLSX, with the list's current filters, streamed by
 * GET /api/admin/exports/{kind}.{format}. Shown only with the export's permission.
 */
export function ExportMenu({
  kind,
  filters,
}: {
  kind: ExportKind;
  filters?: Record<string, string>;
}) {
  const { t } = useTranslation();
  const { can } = useConsole();
  const [searchParams] = useSearchParams();
  if (!can(EXPORT_PERMISSIONS[kind])) return null;
  const query = new URLSearchParams(
    filters ?? [...searchParams].filter(([key]) => !SCREEN_ONLY.has(key)),
  ).toString();
  const href = (format: "csv" | "xlsx") =>
    `/api/admin/exports/${kind}.${format}${query ? `?${query}` : ""}`;
  return (
    <DropdownMenu.Root>
      <DropdownMenu.Trigger className={buttonClasses("secondary")} data-testid={`export-${kind}`}>
        <DownloadIcon className="size-4" />
        {t("admin.exports.open")}
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content align="end" sideOffset={6} className={menuContentClass}>
          {(["xlsx", "csv"] as const).map((format) => (
            <DropdownMenu.Item key={format} asChild className={menuItemClass}>
              <a href={href(format)} download>
                {t(`admin.exports.${format}`)}
              </a>
            </DropdownMenu.Item>
          ))}
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}
