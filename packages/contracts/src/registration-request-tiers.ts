import { z } from "zod";

/**
 * A tier of an activity's request configuration (platform-and-account.md §3.5, storefront.md §3
 * "Registration request tier"): the parent picks between `minimum_availabilities` and
 * `maximum_availabilities` sessions, and the tier asks for `registrations` places among them.
 */
export const registrationRequestTierView = z.object({
  id: z.int(),
  cuid: z.string(),
  name: z.string(),
  registrations: z.int(),
  minimum_availabilities: z.int(),
  maximum_availabilities: z.int(),
});
export type RegistrationRequestTierView = z.infer<typeof registrationRequestTierView>;

/** GET /api/activities/{cuid}/registrations-requests-configuration: the tiers, in their order. */
export const registrationRequestsConfigurationResponse = z.object({
  tiers: z.array(registrationRequestTierView),
});
export type RegistrationRequestsConfiguration = z.infer<
  typeof registrationRequestsConfigurationResponse
>;

export const publicActivityParams = z.object({ cuid: z.string().min(1).max(40) });
