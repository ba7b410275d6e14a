import {
  type AccountVoucherResponse,
  type AddCartItemsBody,
  type AttachCouponBody,
  type BalancePaymentView,
  type BillingDetailsBody,
  type BillingDetailsView,
  type BookingPartnerView,
  type CancelRegistrationBody,
  type CancelRegistrationRequestBody,
  type CartPaymentView,
  type CheckoutBody,
  type CheckoutResult,
  type CreateParticipantBody,
  type CreateReviewBody,
  type CurrentCartResponse,
  type DeleteParticipantResponse,
  type EstimateCartItemBody,
  type EstimateView,
  isApiError,
  type JoinWaitingListBody,
  type JoinWaitingListResponse,
  type LoginBody,
  type NewsletterUnsubscribeBody,
  type NewsletterUnsubscribeResponse,
  type OnlinePaymentBody,
  type OnlinePaymentResponse,
  type ParticipantView,
  type PasswordLinkBody,
  type PasswordResetBody,
  type ProcessedCartView,
  type RedeemVoucherBody,
  type RegisterBody,
  type RegistrationDetailResponse,
  type RegistrationRequestDetail,
  type ReviewResponse,
  type SessionCustomer,
  type SessionResponse,
  type UpdateParticipantBody,
  type UpdateRegistrationBody,
  type UpdateReviewBody,
  type UpdateSessionBody,
  type VoucherRedemptionResponse,
  type WalletPaymentBody,
  type WalletPaymentResponse,
} from "@booking/contracts";

/**
 * The browser's client for the JSON API. Mutations are plain fetch calls (not React Router
 * actions): same-origin cookies, JSON bodies and the double-submit XSRF header. After a mutation
 * the caller revalidates the loaders (useRevalidator).
 */

export const XSRF_COOKIE = "XSRF-TOKEN";
export const XSRF_HEADER = "X-XSRF-TOKEN";

/** An answer of the API carrying `{"error": CODE}` (and `fields` for VALIDATION_ERROR). */
export class ApiRequestError extends Error {
  readonly status: number;
  readonly code: string;
  readonly fields: Record<string, string>;
  /** what the answer carries beside the code (a template error's `line` and `message`, …) */
  readonly details: Record<string, unknown>;

  constructor(
    status: number,
    code: string,
    fields: Record<string, string> = {},
    details: Record<string, unknown> = {},
  ) {
    super(code);
    this.name = "ApiRequestError";
    this.status = status;
    this.code = code;
    this.fields = fields;
    this.details = details;
  }
}

export function readCookie(name: string): string | null {
  if (typeof document === "undefined") return null;
  for (const part of document.cookie.split(";")) {
    const [key, ...rest] = part.trim().split("=");
    if (key === name) return decodeURIComponent(rest.join("="));
  }
  return null;
}

export async function xsrfToken(): Promise<string | null> {
  const token = readCookie(XSRF_COOKIE);
  if (token) return token;
  // The server sets the cookie on every response; a cheap read obtains one when it is missing.
  await fetch("/api/session", {
    credentials: "same-origin",
    headers: { Accept: "application/json" },
  });
  return readCookie(XSRF_COOKIE);
}

type Method = "GET" | "POST" | "PUT" | "PATCH" | "DELETE";

export async function apiRequest<T>(method: Method, path: string, body?: unknown): Promise<T> {
  const headers: Record<string, string> = { Accept: "application/json" };
  if (method !== "GET") {
    headers["Content-Type"] = "application/json";
    const token = await xsrfToken();
    if (token) headers[XSRF_HEADER] = token;
  }
  let response: Response;
  try {
    response = await fetch(path, {
      method,
      credentials: "same-origin",
      headers,
      body: method === "GET" ? undefined : JSON.stringify(body ?? {}),
    });
  } catch {
    // fetch only rejects when no answer arrived (offline, DNS, connection reset).
    throw new ApiRequestError(0, "NETWORK_ERROR");
  }
  const text = await response.text();
  let payload: unknown = null;
  if (text) {
    try {
      payload = JSON.parse(text);
    } catch {
      payload = null;
    }
  }
  if (!response.ok) throw apiRequestError(response.status, payload);
  return payload as T;
}

/** Sends one file as the `file` field of a multipart form (uploads), with the XSRF header. */
export async function apiUpload<T>(path: string, file: File): Promise<T> {
  const form = new FormData();
  form.append("file", file, file.name);
  const headers: Record<string, string> = { Accept: "application/json" };
  const token = await xsrfToken();
  if (token) headers[XSRF_HEADER] = token;
  let response: Response;
  try {
    response = await fetch(path, {
      method: "POST",
      credentials: "same-origin",
      headers,
      body: form,
    });
  } catch {
    throw new ApiRequestError(0, "NETWORK_ERROR");
  }
  const payload: unknown = await response.json().catch(() => null);
  if (!response.ok) throw apiRequestError(response.status, payload);
  return payload as T;
}

/** The error of a failed answer, from its status and its parsed JSON body (null if none). */
export function apiRequestError(status: number, payload: unknown): ApiRequestError {
  if (isApiError(payload)) {
    const fields: Record<string, string> = {};
    for (const [path, code] of Object.entries(payload.fields ?? {})) {
      if (typeof code === "string") fields[path] = code;
    }
    const {
      error: _code,
      fields: _fields,
      ...details
    } = payload as unknown as Record<string, unknown>;
    return new ApiRequestError(status, payload.error, fields, details);
  }
  return new ApiRequestError(status, status >= 500 ? "INTERNAL_ERROR" : "BAD_REQUEST");
}

/** Every call the web app makes, typed with the shared contracts. */
export const api = {
  session: () => apiRequest<SessionResponse>("GET", "/api/session"),
  billingDetails: () => apiRequest<BillingDetailsView>("GET", "/api/billing-details"),
  saveBillingDetails: (body: BillingDetailsBody) =>
    apiRequest<BillingDetailsView>("PUT", "/api/billing-details", body),
  updateSession: (body: UpdateSessionBody) =>
    apiRequest<{ customer: SessionCustomer }>("PUT", "/api/session", body),
  deleteSession: () => apiRequest<{ ok: true }>("DELETE", "/api/session"),
  login: (body: LoginBody) => apiRequest<unknown>("POST", "/api/auth/login", body),
  register: (body: RegisterBody) => apiRequest<unknown>("POST", "/api/auth/register", body),
  unsubscribeNewsletter: (body: NewsletterUnsubscribeBody) =>
    apiRequest<NewsletterUnsubscribeResponse>("POST", "/api/newsletters/unsubscribe", body),
  logout: () => apiRequest<unknown>("POST", "/api/auth/logout", {}),
  sendPasswordLink: (body: PasswordLinkBody) =>
    apiRequest<unknown>("POST", "/api/auth/password/link", body),
  resetPassword: (body: PasswordResetBody) =>
    apiRequest<unknown>("POST", "/api/auth/password", body),
  currentCart: () => apiRequest<CurrentCartResponse>("GET", "/api/carts/current"),
  addCartItems: (body: AddCartItemsBody) =>
    apiRequest<CurrentCartResponse>("POST", "/api/carts/items", body),
  removeCartItem: (itemId: number) =>
    apiRequest<CurrentCartResponse>("DELETE", `/api/carts/items?item_id=${itemId}`),
  estimateCartItem: (body: EstimateCartItemBody) =>
    apiRequest<EstimateView>("POST", "/api/carts/items/estimate", body),
  attachCoupon: (body: AttachCouponBody) =>
    apiRequest<CurrentCartResponse>("POST", "/api/carts/coupons", body),
  detachCoupon: (cartId: number) =>
    apiRequest<CurrentCartResponse>("DELETE", `/api/carts/coupons?cart_id=${cartId}`),
  checkout: (body: CheckoutBody) => apiRequest<CheckoutResult>("POST", "/api/carts/checkout", body),
  joinWaitingList: (body: JoinWaitingListBody) =>
    apiRequest<JoinWaitingListResponse>("POST", "/api/registrations/waiting-list", body),
  processedCart: (cuid: string) =>
    apiRequest<{ cart: ProcessedCartView }>("GET", `/api/carts/${encodeURIComponent(cuid)}`),
  cartPayment: (cuid: string) =>
    apiRequest<CartPaymentView>("GET", `/api/carts/${encodeURIComponent(cuid)}/payment`),
  cancelCartPayment: (cuid: string) =>
    apiRequest<CartPaymentView>("DELETE", `/api/carts/${encodeURIComponent(cuid)}/payment`),
  createParticipant: (body: CreateParticipantBody) =>
    apiRequest<{ participant: ParticipantView }>("POST", "/api/participants", body),
  updateParticipant: (body: UpdateParticipantBody) =>
    apiRequest<{ participant: ParticipantView }>("PUT", "/api/participants", body),
  cancelRegistration: (body: CancelRegistrationBody) =>
    apiRequest<RegistrationDetailResponse>("POST", "/api/registrations/cancel", body),
  updateRegistration: (body: UpdateRegistrationBody) =>
    apiRequest<RegistrationDetailResponse>("PUT", "/api/registrations", body),
  createReview: (body: CreateReviewBody) =>
    apiRequest<ReviewResponse>("POST", "/api/registrations/review", body),
  updateReview: (body: UpdateReviewBody) =>
    apiRequest<ReviewResponse>("PUT", "/api/registrations/review", body),
  cancelRegistrationRequest: (registrationRequestId: number) =>
    apiRequest<{ registration_request: RegistrationRequestDetail }>(
      "POST",
      "/api/registrations/requests/cancel",
      { registration_request_id: registrationRequestId } satisfies CancelRegistrationRequestBody,
    ),
  deleteParticipant: (participantId: number) =>
    apiRequest<DeleteParticipantResponse>(
      "DELETE",
      `/api/participants?participant_id=${participantId}`,
    ),
  /** GET /api/participants?scope=booking: other customers' participants to book with. */
  bookingPartners: (search: string) =>
    apiRequest<{ data: BookingPartnerView[] }>(
      "GET",
      `/api/participants?scope=booking&search=${encodeURIComponent(search)}`,
    ),
  /** GET /api/participants for asynchronous selects (`response_type=multiselect-search`). */
  participantOptions: (query: URLSearchParams) =>
    apiRequest<{ data: Array<ParticipantView & { value: number | string; label: string }> }>(
      "GET",
      `/api/participants?${query}`,
    ),
  voucherRedemption: (code: string) =>
    apiRequest<VoucherRedemptionResponse>(
      "GET",
      `/api/vouchers/redeem?code=${encodeURIComponent(code)}`,
    ),
  redeemVoucher: (body: RedeemVoucherBody) =>
    apiRequest<AccountVoucherResponse>("PUT", "/api/vouchers/redeem", body),
  payFromWallet: (body: WalletPaymentBody) =>
    apiRequest<WalletPaymentResponse>("POST", "/api/transactions/wallet", body),
  payOnline: (body: OnlinePaymentBody) =>
    apiRequest<OnlinePaymentResponse>("POST", "/api/transactions/checkout", body),
  balancePayment: (cuid: string) =>
    apiRequest<BalancePaymentView>("GET", `/api/transactions/payments/${encodeURIComponent(cuid)}`),
};
