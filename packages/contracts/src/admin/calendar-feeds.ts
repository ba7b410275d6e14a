import { z } from "zod";

/**
 * An availability's calendar feed (decision 0093): its secret address on the organiser's site,
 * in https and as a webcal:// link that calendar apps subscribe to.
 */
export const availabilityCalendarFeed = z.object({
  url: z.string(),
  webcal_url: z.string(),
});
export type AvailabilityCalendarFeed = z.infer<typeof availabilityCalendarFeed>;
