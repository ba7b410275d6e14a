import type {
  LoginBody,
  OperatorPasswordBody,
  OperatorSessionResponse,
  PlatformBillingBody,
  PlatformCycleRerunResponse,
  PlatformOrganiserBilling,
  PlatformOrganiserDetail,
} from "@booking/contracts";
import { apiRequest } from "../api";

/** The platform area's calls (decision 0040), sent by the operator's browser. */

const PLATFORM_API = "/api/admin/platform";

const organiser = (cuid: string, action: string) =>
  `${PLATFORM_API}/organisers/${encodeURIComponent(cuid)}/${action}`;

export const platformApi = {
  login: (body: LoginBody) =>
    apiRequest<OperatorSessionResponse>("POST", `${PLATFORM_API}/auth/login`, body),
  logout: () => apiRequest<{ ok: true }>("POST", `${PLATFORM_API}/auth/logout`, {}),
  setPassword: (body: OperatorPasswordBody) =>
    apiRequest<{ ok: true }>("POST", `${PLATFORM_API}/auth/password`, body),
  suspend: (cuid: string) =>
    apiRequest<PlatformOrganiserDetail>("POST", organiser(cuid, "suspend"), {}),
  reactivate: (cuid: string) =>
    apiRequest<PlatformOrganiserDetail>("POST", organiser(cuid, "reactivate"), {}),
  /** Sets the organiser's platform billing items and VAT (decision 0082). */
  setBilling: (cuid: string, body: PlatformBillingBody) =>
    apiRequest<PlatformOrganiserBilling>("PUT", organiser(cuid, "billing"), body),
  rerunCycle: (cuid: string, month: string) =>
    apiRequest<PlatformCycleRerunResponse>("POST", organiser(cuid, "billing/rerun"), { month }),
  /** Answers the console's address, now open as the organiser's owner. */
  impersonateOwner: (cuid: string) =>
    apiRequest<{ url: string }>("POST", organiser(cuid, "impersonate"), {}),
};
