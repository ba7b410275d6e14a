import type { AdminRequestTierView, RegistrationRequestTierView } from "@booking/contracts";
import type { RequestTier } from "./queries.ts";

export function tierView(tier: RequestTier): RegistrationRequestTierView {
  return {
    id: tier.id,
    cuid: tier.cuid,
    name: tier.name,
    registrations: tier.registrations,
    minimum_availabilities: tier.minimumAvailabilities,
    maximum_availabilities: tier.maximumAvailabilities,
  };
}

export const adminTierView = (tier: RequestTier): AdminRequestTierView => ({
  ...tierView(tier),
  position: tier.position,
});
