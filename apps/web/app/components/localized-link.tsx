import { type AnchorHTMLAttributes, forwardRef } from "react";
import { Link } from "react-router";
import { isInternalHref, localizeHref, safeHref } from "../lib/links";
import { useLanguage, useRootData } from "../lib/root-data";

/**
 * Localizes hrefs of this site with the current language (spec: "Links that start with /").
 * The console's paths have no language prefix: they stay as they are on the admin host.
 */
export function useLocalizedHref(): (href: string) => string {
  const language = useLanguage();
  const admin = useRootData()?.kind === "admin";
  return (href: string) => (admin ? href : localizeHref(href, language));
}

export interface LocalizedLinkProps extends AnchorHTMLAttributes<HTMLAnchorElement> {
  to: string;
  replace?: boolean;
}

/**
 * A link that gets the language prefix when it points into the site (client-side navigation),
 * and stays a plain anchor for anything else (external sites, mailto:, tel:, `#`).
 */
export const LocalizedLink = forwardRef<HTMLAnchorElement, LocalizedLinkProps>(
  function LocalizedLink({ to: rawTo, replace, ...props }, ref) {
    const localize = useLocalizedHref();
    const to = safeHref(rawTo);
    if (isInternalHref(to)) {
      return <Link ref={ref} to={localize(to)} replace={replace} {...props} />;
    }
    const external = /^https?:\/\//i.test(to);
    return (
      <a ref={ref} href={to} {...(external ? { rel: "noopener noreferrer" } : {})} {...props} />
    );
  },
);
