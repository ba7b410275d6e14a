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
import { elementRegistry } from "../app/sections/registry";

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
    result[name] = await elementRegistry[`section:${name}`]!.load!({
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
  return { context, params, request: new Request(url) } as never;
}

export function activityPage(storefront: SsrRequestContext, url: string, cuid: string) {
  return activityLoader(loaderArgs(storefront, url, { cuid }));
}

export function availabilityPage(storefront: SsrRequestContext, url: string, cuid: string) {
  return availabilityLoader(loaderArgs(storefront, url, { cuid }));
}

export function cartAddPage(storefront: SsrRequestContext, url: string) {
  return cartAddLoader(loaderArgs(storefront, url, {}));
}
