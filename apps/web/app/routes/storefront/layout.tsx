import { isPreviewUrl } from "@booking/contracts/website/preview-url";
import { lazy, Suspense } from "react";
import { isRouteErrorResponse, Outlet } from "react-router";
import { StorefrontShell } from "../../components/layout/storefront-shell";
import { ErrorContent, NotFoundContent } from "../../components/status-pages";
import { isLanguage } from "../../i18n";
import { isShortAvailabilityAddress } from "../../lib/availability-page";
import { CartProvider } from "../../lib/cart-context";
import { SHARED_RENDER } from "../../lib/own-values";
import { platformHome } from "../../lib/platform-page";
import { useStorefrontShell } from "../../lib/root-data";
import { notFound, requireStorefront } from "../../lib/server-context";
import { hasStoredPage } from "../../lib/stored-page";
import type { Route } from "./+types/layout";

// The console's page editor frames pages with `?preview=true`; visitors never download this.
const PreviewMode = lazy(() => import("../../sections/preview/preview-mode"));

export async function loader({ context, params, request, url }: Route.LoaderArgs) {
  // The platform host shares the home page's addresses only (home.tsx); its other pages are 404.
  if (platformHome(context, params, request)) return { preview: null };
  const storefront = requireStorefront(context);
  const preview = isPreviewUrl(url);
  // `/xx/…` with xx other than fr or en is not a page of this site, unless the organiser stored a
  // page at that path (`/catalogue` matches `/:lang` with lang "catalogue"), previews one, or the
  // path is an availability's short address `/{cuid}`.
  if (!preview && params.lang !== undefined && !isLanguage(params.lang)) {
    const known =
      (await hasStoredPage(context, url)) || (await isShortAvailabilityAddress(context, url));
    if (!known) notFound();
  }
  // The only origin whose messages the preview takes: from configuration, never from the request.
  return { preview: preview ? { consoleOrigin: storefront.consoleOrigin } : null };
}

/** Its loader data holds nothing of the customer's: rendered once per shape (decision 0058). */
export const handle = SHARED_RENDER;

export default function StorefrontLayout({ loaderData }: Route.ComponentProps) {
  const shell = useStorefrontShell();
  const page = loaderData.preview ? (
    <Suspense fallback={<Outlet />}>
      <PreviewMode consoleOrigin={loaderData.preview.consoleOrigin}>
        <Outlet />
      </PreviewMode>
    </Suspense>
  ) : (
    <Outlet />
  );
  if (!shell) return page;
  return (
    <CartProvider>
      <StorefrontShell shell={shell}>{page}</StorefrontShell>
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
