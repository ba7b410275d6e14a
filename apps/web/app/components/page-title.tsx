import { useTranslation } from "../i18n/react";
import { useRootData } from "../lib/root-data";

/**
 * The document title, "Page · Organiser" (React 19 hoists <title> into <head>). Render exactly one
 * per page.
 */
export function PageTitle({ title }: { title?: string }) {
  const { t } = useTranslation();
  const data = useRootData();
  const site = data?.kind === "storefront" ? data.shell.organiser.name : t("common.product");
  return <title>{title ? `${title} · ${site}` : site}</title>;
}
