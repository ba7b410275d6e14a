import type {
  LoginBody,
  OperatorPasswordBody,
  OperatorSessionResponse,
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
  /** Answers the console's address, now open as the organiser's owner. */
  impersonateOwner: (cuid: string) =>
    apiRequest<{ url: string }>("POST", organiser(cuid, "impersonate"), {}),
};
