import { useNavigate, useRevalidator } from "react-router";
import { toastSuccess } from "../../lib/toast";
import { useLocalizedHref } from "../localized-link";
import { registrationPath } from "./registration-data";

/**
 * What a registration's action page (cancel, review, edit) does once its call succeeded: says
 * so in a toast, goes back to the registration's page (`replace`: the action cannot be done
 * again from the history) and reloads the data that changed.
 */
export function useBackToRegistration(cuid: string) {
  const navigate = useNavigate();
  const localize = useLocalizedHref();
  const { revalidate } = useRevalidator();
  return async (message: string, options: { replace?: boolean } = {}) => {
    toastSuccess(message);
    await navigate(localize(registrationPath(cuid)), options);
    await revalidate();
  };
}
