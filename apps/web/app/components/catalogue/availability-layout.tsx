import type { AvailabilityPageView } from "../../lib/availability-page";
import { AvailabilityPageContext } from "../../sections/catalogue/availability-page-context";
import { PageElements } from "../../sections/render";
import { JsonLd } from "./json-ld";

/**
 * An availability page: its template's elements (the organiser's AVAILABILITY page, or the
 * built-in layout), whose availability detail element shows the page's availability.
 */
export function AvailabilityLayout({ page }: { page: AvailabilityPageView }) {
  return (
    <>
      <JsonLd json={page.jsonLd} />
      <AvailabilityPageContext.Provider value={page}>
        <PageElements sections={page.template} />
      </AvailabilityPageContext.Provider>
    </>
  );
}
