import type { RegistrationDetail } from "@booking/contracts";
import type { PublicUrls } from "../../http/public-urls.ts";
import type { ServiceContext } from "../../http/service-context.ts";
import {
  renderHtmlFragment,
  TemplateRenderError,
  TemplateSyntaxError,
} from "../notifications/render/index.ts";
import { buildTemplateData } from "../notifications/template-data.ts";
import { findConfirmations } from "./queries.ts";

/**
 * The organiser's confirmation message for the registration's activity, rendered with the
 * registration's data as its e-mail was (decision 0101); null when it has none, when the
 * registration is cancelled, or when the message cannot render on it (logged).
 */
export async function confirmationMessage(
  context: ServiceContext & { urls: PublicUrls },
  registration: RegistrationDetail,
): Promise<string | null> {
  if (registration.cancelled) return null;
  const { db, organiser } = context;
  const [confirmation] = await findConfirmations(db, organiser.id, [
    registration.availability.activity.id,
  ]);
  if (!confirmation || confirmation.message.trim().length === 0) return null;
  const data = await buildTemplateData(db, organiser, {
    urls: context.urls,
    customerId: context.actor.kind === "customer" ? context.actor.customerId : undefined,
    registrationCuids: [registration.cuid],
    availabilityCuids: [registration.availability.cuid],
  });
  try {
    return await renderHtmlFragment({ template: confirmation.message, data });
  } catch (error) {
    if (!(error instanceof TemplateRenderError || error instanceof TemplateSyntaxError))
      throw error;
    context.log.warn(
      { err: error, activity: registration.availability.activity.cuid },
      "confirmation message failed to render",
    );
    return null;
  }
}
