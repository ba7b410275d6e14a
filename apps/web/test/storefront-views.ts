import {
  parseElementSettings,
  type SsrRequestContext,
  type StorefrontOrganiser,
  type StorefrontReader,
} from "@booking/contracts";
import { RouterContextProvider } from "react-router";
import { requestContext } from "../app/context";
import { loadAllTranslations } from "../app/i18n";
import { loader as activityLoader } from "../app/routes/storefront/activity";
import { loader as availabilityLoader } from "../app/routes/storefront/availability";
import { loader as cartAddLoader } from "../app/routes/storefront/cart-add";
import { elementLoaders } from "../app/sections/loaders.server";

/**
 * The storefront's views as the server renders them, for the API integration tests that compare
 * them (apps/server/test/booking-state.test.ts): every availability section's data and the
 * loaders of the activity, availability and several-availabilities pages, called with a page
 * request's context. Typed here, by the web app's project; the server test loads this module at
 * run time.
 */

const AVAILABILITY_SECTIONS = [
  "availabilities-cards",
  "availabilities-cards-grid",
  "availabilities-quick-list",
  "availabilities-weekly-calendar",
] as const;

export { loadAllTranslations };

/** Each availability section's data for the page at `url`, by section name. */
export async function sectionsData(
  url: URL,
  reader: StorefrontReader,
  organiser: StorefrontOrganiser,
): Promise<Record<string, unknown>> {
  const result: Record<string, unknown> = {};
  for (const name of AVAILABILITY_SECTIONS) {
    const parsed = parseElementSettings("section", name, {
      status: ["OPEN", "FULL", "CLOSED"],
      page_size: 50,
    });
    if (!parsed.ok) throw new Error(`settings of ${name}: ${JSON.stringify(parsed.issues)}`);
    const element = { id: 1, cuid: "section", element: "section", name, settings: {} };
    result[name] = await elementLoaders[`section:${name}`]!({
      settings: parsed.value,
      url,
      reader,
      organiser,
      element: element as never,
    });
  }
  return result;
}

function loaderArgs(storefront: SsrRequestContext, url: string, params: Record<string, string>) {
  const context = new RouterContextProvider();
  context.set(requestContext, storefront);
  return { context, params, request: new Request(url), url: new URL(url) } as never;
}

/** The data of the activity page's section (its list or day view), as the page rendered it. */
export async function activityPage(storefront: SsrRequestContext, url: string, cuid: string) {
  const { sections } = await activityLoader(loaderArgs(storefront, url, { cuid }));
  const section = sections.elements.find((node) => node.key === "section:activity-page");
  return sections.data[String(section?.id)];
}

export function availabilityPage(storefront: SsrRequestContext, url: string, cuid: string) {
  return availabilityLoader(loaderArgs(storefront, url, { cuid }));
}

export function cartAddPage(storefront: SsrRequestContext, url: string) {
  return cartAddLoader(loaderArgs(storefront, url, {}));
}
