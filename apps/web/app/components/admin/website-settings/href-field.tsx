import type { LinkTargets } from "@booking/contracts";
import { hrefResolves } from "@booking/domain/website/site-links";
import { useId, useMemo } from "react";
import { useTranslation } from "../../../i18n/react";
import { describedBy, FieldShell, inputClasses } from "../../ui/field";
import { selectClasses } from "../fields";

/** What the pages, activities and categories of the site make of the link checker's input. */
export function resolvableTargets(targets: LinkTargets) {
  return {
    pages: targets.pages.map((page) => page.path),
    activities: targets.activities.map((activity) => activity.cuid),
  };
}

/**
 * A link's address: typed (a site path, https:, mailto: or tel:), or picked among the site's
 * pages, activities, categories and the storefront's own pages. A site path that leads to no
 * page is flagged (not refused: the page may be created later).
 */
export function HrefField({
  label,
  value,
  onChange,
  targets,
  error,
  withHint = true,
  testId,
}: {
  label: string;
  value: string;
  onChange: (value: string) => void;
  targets: LinkTargets;
  error?: string;
  /** false in link lists, which say once what an address may be */
  withHint?: boolean;
  testId?: string;
}) {
  const { t } = useTranslation();
  const id = useId();
  const resolvable = useMemo(() => resolvableTargets(targets), [targets]);
  const missing = !error && value !== "" && !hrefResolves(value.trim(), resolvable);
  const hint = missing || !withHint ? undefined : t("admin.website_settings.links.href_hint");
  const described = describedBy(id, hint, error);
  return (
    <FieldShell id={id} label={label} error={error} hint={hint}>
      <div className="flex flex-col gap-2 sm:flex-row">
        <input
          id={id}
          type="text"
          value={value}
          spellCheck={false}
          autoComplete="off"
          placeholder="/catalogue"
          onChange={(event) => onChange(event.target.value)}
          className={`${inputClasses(Boolean(error))} min-w-0 flex-1`}
          data-testid={testId}
          {...described}
          aria-describedby={missing ? `${id}-missing` : described["aria-describedby"]}
        />
        <select
          aria-label={t("admin.website_settings.links.pick", { label })}
          value=""
          onChange={(event) => event.target.value && onChange(event.target.value)}
          className={`${selectClasses(false)} sm:max-w-56`}
          data-testid={testId ? `${testId}-pick` : undefined}
        >
          <option value="">{t("admin.website_settings.links.pick_placeholder")}</option>
          <optgroup label={t("admin.website_settings.links.pages")}>
            {targets.pages.map((page) => (
              <option key={page.path} value={page.path}>
                {page.title} ({page.path})
              </option>
            ))}
          </optgroup>
          <optgroup label={t("admin.website_settings.links.site")}>
            {["/blog", "/terms", "/auth/register", "/auth/login", "/account/home"].map((path) => (
              <option key={path} value={path}>
                {t(`admin.website_settings.links.routes.${path.slice(1).replace("/", "_")}`)} (
                {path})
              </option>
            ))}
          </optgroup>
          {targets.activities.length > 0 ? (
            <optgroup label={t("admin.website_settings.links.activities")}>
              {targets.activities.map((activity) => (
                <option key={activity.cuid} value={`/activities/${activity.cuid}`}>
                  {activity.title}
                </option>
              ))}
            </optgroup>
          ) : null}
          {targets.categories.length > 0 ? (
            <optgroup label={t("admin.website_settings.links.categories")}>
              {targets.categories.map((category) => (
                <option key={category.cuid} value={category.href}>
                  {category.group} – {category.title}
                </option>
              ))}
            </optgroup>
          ) : null}
        </select>
      </div>
      {missing ? (
        <p
          id={`${id}-missing`}
          className="text-sm font-medium text-amber-800"
          data-testid="href-missing"
        >
          {t("admin.website_settings.links.missing")}
        </p>
      ) : null}
    </FieldShell>
  );
}
