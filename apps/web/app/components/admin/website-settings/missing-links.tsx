import { useTranslation } from "../../../i18n/react";

/** The addresses of the site that lead to no page yet: a warning, saving stays possible. */
export function MissingLinks({ hrefs }: { hrefs: readonly string[] }) {
  const { t } = useTranslation();
  if (hrefs.length === 0) return null;
  return (
    <section
      aria-label={t("admin.website_settings.links.missing_title")}
      className="rounded-xl border border-amber-300 bg-amber-50 p-4 text-sm text-amber-950"
      data-testid="missing-links"
    >
      <p className="font-semibold">{t("admin.website_settings.links.missing_title")}</p>
      <p className="mt-1">{t("admin.website_settings.links.missing_body")}</p>
      <ul className="mt-2 flex flex-wrap gap-2">
        {hrefs.map((href) => (
          <li key={href} className="rounded bg-white px-2 py-0.5 font-mono text-xs">
            {href}
          </li>
        ))}
      </ul>
    </section>
  );
}
