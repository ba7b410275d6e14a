import type { TFunction } from "../i18n/translator";
import { ApiRequestError } from "./api";

/**
 * What a refusal by an activity's registration constraint says (409
 * REGISTRATION_CONSTRAINT_NOT_MET, decision 0062): the organiser's own message, for whom;
 * null for any other error.
 */
export function constraintRefusalText(error: unknown, t: TFunction): string | null {
  if (!(error instanceof ApiRequestError) || error.code !== "REGISTRATION_CONSTRAINT_NOT_MET") {
    return null;
  }
  const { message, participant } = error.details;
  if (typeof message !== "string" || message === "") return null;
  return typeof participant === "string" && participant !== ""
    ? t("forms.constraint_refusal", { participant, message })
    : message;
}
