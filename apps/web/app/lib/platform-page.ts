import type { Language } from "@booking/contracts";
import type { RouterContextProvider } from "react-router";
import { isLanguage, sharedI18n } from "../i18n";
import { preferredLanguage } from "./browser-language";
import { buildSeo } from "./seo";
import { notFound, readRequestContext, requirePlatform } from "./server-context";

/**
 * The platform host's pages (the product's home page and the sign-up): their language (the
 * address's /fr or /en, else the browser's), their SEO and the console's address.
 */
export function platformPage(
  context: Readonly<RouterContextProvider>,
  params: { lang?: string },
  request: Request,
  page: { title: string; description: string; path: string },
) {
  requirePlatform(context);
  const language: Language = isLanguage(params.lang) ? params.lang : preferredLanguage(request);
  const { t } = sharedI18n(language, "platform");
  const url = new URL(request.url);
  return {
    language,
    // The console lives on the admin sub-domain of the configured origin the request was made on.
    consoleUrl: `${url.protocol}//admin.${url.host}/admin/login`,
    /** the same page in the other language */
    otherLanguageHref: `/${language === "fr" ? "en" : "fr"}${page.path === "/" ? "" : page.path}`,
    year: new Date().getUTCFullYear(),
    seo: buildSeo({
      request,
      organiserName: t(page.title, { product: t("common.product") }),
      language,
      description: t(page.description),
      fallbackDescription: t(page.description),
      path: page.path,
    }),
  };
}

const HOME = {
  title: "platform.meta.home_title",
  description: "platform.meta.home_description",
  path: "/",
};

/**
 * The product's home page, which the platform host serves at "/", "/fr" and "/en": the same
 * addresses as a storefront's home, so it shares that route (routes/storefront/home.tsx). Null
 * on any other host; any other address of the storefront's routes is a 404 on the platform host.
 */
export function platformHome(
  context: Readonly<RouterContextProvider>,
  params: { lang?: string },
  request: Request,
) {
  if (readRequestContext(context).kind !== "platform") return null;
  const home = params.lang === undefined || isLanguage(params.lang);
  if (!home || new URL(request.url).pathname.replace(/\/$/, "").split("/").length > 2) {
    notFound();
  }
  return platformPage(context, params, request, HOME);
}
