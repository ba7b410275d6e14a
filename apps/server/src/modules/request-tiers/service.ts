import type { RegistrationRequestsConfiguration } from "@booking/contracts";
import { AppError } from "../../http/app-error.ts";
import type { ServiceContext } from "../../http/service-context.ts";
import { findRequestActivity, listTiers } from "./queries.ts";
import { tierView } from "./views.ts";

/**
 * GET /api/activities/{cuid}/registrations-requests-configuration (platform-and-account.md §7):
 * the tiers of a published activity taking requests, in their order. Any visitor may read them
 * (the request page shows them before logging in); an unknown, unpublished or DIRECT activity,
 * or another organiser's, is 404 ACTIVITY_NOT_FOUND.
 */
export async function requestsConfiguration(
  context: ServiceContext,
  activityCuid: string,
): Promise<RegistrationRequestsConfiguration> {
  const { db, organiser } = context;
  const activity = await findRequestActivity(db, organiser.id, activityCuid);
  if (activity?.registrationFlow !== "REQUEST") {
    throw new AppError("ACTIVITY_NOT_FOUND");
  }
  return { tiers: (await listTiers(db, organiser.id, [activity.id])).map(tierView) };
}

/** The configuration, or null where the call answers 404 (the storefront's server reads). */
export async function requestsConfigurationOrNull(
  context: ServiceContext,
  activityCuid: string,
): Promise<RegistrationRequestsConfiguration | null> {
  try {
    return await requestsConfiguration(context, activityCuid);
  } catch (error) {
    if (error instanceof AppError && error.code === "ACTIVITY_NOT_FOUND") return null;
    throw error;
  }
}
