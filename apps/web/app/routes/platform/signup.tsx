import { LANGUAGES } from "@booking/contracts";
import { SignupPage } from "../../components/platform/signup-page";
import { isLanguage } from "../../i18n";
import { platformPage } from "../../lib/platform-page";
import { seoMeta } from "../../lib/seo";
import { notFound } from "../../lib/server-context";
import type { Route } from "./+types/signup";

/**
 * The sign-up of a new organiser, on the platform host only (`/fr/signup`, `/en/signup`). The
 * zones and currencies are listed on the server so that both sides render the same lists.
 */
export function loader({ context, params, request }: Route.LoaderArgs) {
  if (!isLanguage(params.lang)) notFound();
  const page = platformPage(context, params, request, {
    title: "platform.meta.signup_title",
    description: "platform.meta.signup_description",
    path: "/signup",
  });
  const currencyNames = new Intl.DisplayNames([page.language], { type: "currency" });
  return {
    ...page,
    domain: new URL(request.url).host,
    languages: LANGUAGES,
    timeZones: Intl.supportedValuesOf("timeZone"),
    currencies: Intl.supportedValuesOf("currency").map((code) => ({
      value: code,
      label: `${code} – ${currencyNames.of(code) ?? code}`,
    })),
  };
}

export const meta: Route.MetaFunction = ({ loaderData }) => seoMeta(loaderData?.seo);

export default function Signup({ loaderData }: Route.ComponentProps) {
  return <SignupPage {...loaderData} />;
}
