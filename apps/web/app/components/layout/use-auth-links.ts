import { useLocation } from "react-router";
import { isAuthPath, stripLanguage, withRedirect } from "../../lib/links";

/**
 * Login and register links of the layout. They bring the visitor back to the current page
 * (redirect parameter); on authentication pages the login link drops the redirect and the
 * register link points to /auth/redirect (spec "Layout").
 */
export function useAuthLinks() {
  const location = useLocation();
  if (isAuthPath(location.pathname)) {
    return { login: "/auth/login", register: "/auth/redirect" };
  }
  const here =
    stripLanguage(location.pathname) === "/" ? null : location.pathname + location.search;
  return {
    login: withRedirect("/auth/login", here),
    register: withRedirect("/auth/register", here),
  };
}
