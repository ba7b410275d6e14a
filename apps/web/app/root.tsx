import { isPreviewUrl } from "@booking/contracts/website/preview-url";
import { type CSSProperties, type ReactNode, use, useEffect } from "react";
import {
  isRouteErrorResponse,
  Links,
  Meta,
  Outlet,
  Scripts,
  ScrollRestoration,
  useLocation,
} from "react-router";
import type { Route } from "./+types/root";
import stylesheet from "./app.css?url";
import { StorefrontShell } from "./components/layout/storefront-shell";
import { ErrorContent, NotFoundContent } from "./components/status-pages";
import { Toaster } from "./components/toaster";
import {
  DEFAULT_LANGUAGE,
  isLanguage,
  loadTranslations,
  translationArea,
  translationsReady,
} from "./i18n";
import { PageTranslations } from "./i18n/page-translations";
import { preferredLanguage } from "./lib/browser-language";
import { CartProvider } from "./lib/cart-context";
import { accentPalette, accentStyle } from "./lib/color";
import { own } from "./lib/own-values";
import { useRootData } from "./lib/root-data";
import { readRequestContext } from "./lib/server-context";
import { buildStorefrontShell, type RootData, storefrontSite } from "./lib/shell";

export const links: Route.LinksFunction = () => [{ rel: "stylesheet", href: stylesheet }];

/**
 * The organiser's own favicon (website settings), or the platform's (apps/web/public), which
 * /favicon.ico also answers for browsers that ask anyway.
 */
function Favicons({ href }: { href: string | null }) {
  if (href) return <link rel="icon" href={href} type="image/webp" />;
  return (
    <>
      <link rel="icon" href="/favicon.svg" type="image/svg+xml" />
      <link rel="icon" href="/favicon.ico" sizes="16x16 32x32 48x48" />
    </>
  );
}

/** The product's own colour on the platform host (its site and sign-up). */
const PLATFORM_ACCENT = "#4f46e5";

/** Pages carry the visitor's session (name, account links): never stored by shared caches. */
export const headers: Route.HeadersFunction = () => ({ "Cache-Control": "private, no-cache" });

export function loader({ context, params, request }: Route.LoaderArgs): RootData {
  const value = readRequestContext(context);
  const lang = (params as { lang?: string }).lang;
  if (value.kind === "platform") {
    return {
      kind: "platform",
      nonce: value.cspNonce,
      lang: isLanguage(lang) ? lang : preferredLanguage(request),
      palette: accentPalette(PLATFORM_ACCENT),
    };
  }
  if (value.kind === "admin") {
    return {
      kind: "admin",
      nonce: value.cspNonce,
      // Before log-in the browser's language; once logged in, the collaborator's own (their
      // profile), else the organiser's.
      lang:
        value.session?.language ?? value.session?.organiser?.language ?? preferredLanguage(request),
      palette: accentPalette(null),
    };
  }
  return {
    kind: "storefront",
    nonce: value.cspNonce,
    lang: isLanguage(lang) ? lang : value.organiser.language,
    palette: accentPalette(value.organiser.accent_color),
    shell: buildStorefrontShell(value, own(context)),
    site: storefrontSite(value),
  };
}

export function Layout({ children }: { children: ReactNode }) {
  const data = useRootData();
  const lang = data?.lang ?? DEFAULT_LANGUAGE;
  const palette = data?.palette ?? accentPalette(null);
  const area = translationArea(data?.kind);
  const site = data?.kind === "storefront" ? data.site : null;
  const location = useLocation();
  const page = location.key;
  // A client navigation suspends (the transition keeps the current page) until the area's
  // bundles in the page's language are loaded; the first page hydrates with the strings the
  // server sent with it (PageTranslations, entry.client).
  if (!translationsReady(lang, area, page)) use(loadTranslations(lang, area));
  return (
    <html
      lang={lang}
      data-area={area}
      data-theme={site?.theme}
      style={accentStyle(palette) as CSSProperties}
    >
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="theme-color" content={palette.accent} />
        <Meta />
        <Links />
        <Favicons href={site?.favicon ?? null} />
        {site?.css ? (
          // The organiser's custom CSS, after the site's own so it can override it.
          // biome-ignore lint/security/noDangerouslySetInnerHtml: sanitised when saved (custom-css.ts), "<" escaped
          <style data-custom-css dangerouslySetInnerHTML={{ __html: site.css }} />
        ) : null}
      </head>
      <body className="min-h-dvh bg-white font-sans text-slate-900 antialiased">
        {/* One i18next instance per language and area, fixed to its language (decision 0035). */}
        <PageTranslations language={lang} area={area}>
          {children}
        </PageTranslations>
        <Toaster console={area === "console"} />
        {/* The console frames preview pages cross-site, where browsers blocking third-party
            storage deny sessionStorage (the restore script then throws); a preview never
            navigates, so it has no scroll position to restore. */}
        {isPreviewUrl(location) ? null : <ScrollRestoration nonce={data?.nonce} />}
        <Scripts nonce={data?.nonce} />
      </body>
    </html>
  );
}

export default function App() {
  // Marks the document once React is interactive (browser tests wait for it before typing).
  useEffect(() => {
    document.documentElement.dataset.hydrated = "true";
  }, []);
  return <Outlet />;
}

/**
 * Errors that no nested boundary caught (the root loader itself, admin pages): the not-found page
 * for 404, a friendly error page otherwise. Storefront errors inside the layout keep the layout.
 */
export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const data = useRootData();
  const notFound = isRouteErrorResponse(error) && error.status === 404;
  if (!notFound) console.error(error);
  const homeHref = data?.kind === "admin" ? "/admin" : "/";
  const content = notFound ? (
    <NotFoundContent homeHref={homeHref} />
  ) : (
    <ErrorContent homeHref={homeHref} />
  );
  if (data?.kind === "storefront") {
    // A top-level route's 404 on an organiser's host (e.g. the platform's /fr/signup): the
    // shell's cart needs its provider, as in the storefront's own layout.
    return (
      <CartProvider>
        <StorefrontShell shell={data.shell}>{content}</StorefrontShell>
      </CartProvider>
    );
  }
  return (
    <main id="main" className="flex min-h-dvh flex-col">
      {content}
    </main>
  );
}
