import { isRouteErrorResponse, Outlet } from "react-router";
import { StorefrontShell } from "../../components/layout/storefront-shell";
import { ErrorContent, NotFoundContent } from "../../components/status-pages";
import { isLanguage } from "../../i18n";
import { CartProvider } from "../../lib/cart-context";
import { useStorefrontShell } from "../../lib/root-data";
import { notFound, requireStorefront } from "../../lib/server-context";
import { hasStoredPage } from "../../lib/stored-page";
import type { Route } from "./+types/layout";

export async function loader({ context, params, url }: Route.LoaderArgs) {
  requireStorefront(context);
  // `/xx/…` with xx other than fr or en is not a page of this site, unless the organiser stored a
  // page at that path (`/catalogue` matches `/:lang` with lang "catalogue").
  if (params.lang !== undefined && !isLanguage(params.lang)) {
    if (!(await hasStoredPage(context, url))) notFound();
  }
  return null;
}

export default function StorefrontLayout() {
  const shell = useStorefrontShell();
  if (!shell) return <Outlet />;
  return (
    <CartProvider>
      <StorefrontShell shell={shell}>
        <Outlet />
      </StorefrontShell>
    </CartProvider>
  );
}

/** Errors of storefront pages keep the organiser's layout around them. */
export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const shell = useStorefrontShell();
  const notFoundError = isRouteErrorResponse(error) && error.status === 404;
  if (!notFoundError) console.error(error);
  const content = notFoundError ? <NotFoundContent /> : <ErrorContent />;
  if (!shell) return <main id="main">{content}</main>;
  return (
    <CartProvider>
      <StorefrontShell shell={shell}>{content}</StorefrontShell>
    </CartProvider>
  );
}
