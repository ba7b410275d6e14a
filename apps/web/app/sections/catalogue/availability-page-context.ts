import { createContext } from "react";
import type { AvailabilityPageData } from "../../lib/availability-page";

/**
 * The availability page's data, given by the page's route to the availability detail element of
 * its template (null on any other page, where the element renders nothing). Apart from the
 * element, so that a page provides it without downloading the element's drawing.
 */
export const AvailabilityPageContext = createContext<AvailabilityPageData | null>(null);
