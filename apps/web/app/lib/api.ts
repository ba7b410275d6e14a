import {
  type AddCartItemsBody,
  type AttachCouponBody,
  type CheckoutBody,
  type CheckoutResult,
  type CurrentCartResponse,
  type EstimateCartItemBody,
  type EstimateView,
  isApiError,
  type LoginBody,
  type PasswordLinkBody,
  type PasswordResetBody,
  type ProcessedCartView,
  type RegisterBody,
  type SessionResponse,
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

  constructor(status: number, code: string, fields: Record<string, string> = {}) {
    super(code);
    this.name = "ApiRequestError";
    this.status = status;
    this.code = code;
    this.fields = fields;
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

async function xsrfToken(): Promise<string | null> {
  const token = readCookie(XSRF_COOKIE);
  if (token) return token;
  // The server sets the cookie on every response; a cheap read obtains one when it is missing.
  await fetch("/api/session", {
    credentials: "same-origin",
    headers: { Accept: "application/json" },
  });
  return readCookie(XSRF_COOKIE);
}

type Method = "GET" | "POST" | "PUT" | "DELETE";

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
  if (!response.ok) {
    if (isApiError(payload)) {
      const fields: Record<string, string> = {};
      for (const [path, code] of Object.entries(payload.fields ?? {})) {
        if (typeof code === "string") fields[path] = code;
      }
      throw new ApiRequestError(response.status, payload.error, fields);
    }
    throw new ApiRequestError(
      response.status,
      response.status >= 500 ? "INTERNAL_ERROR" : "BAD_REQUEST",
    );
  }
  return payload as T;
}

/** Every call the web app makes, typed with the shared contracts. */
export const api = {
  session: () => apiRequest<SessionResponse>("GET", "/api/session"),
  login: (body: LoginBody) => apiRequest<unknown>("POST", "/api/auth/login", body),
  register: (body: RegisterBody) => apiRequest<unknown>("POST", "/api/auth/register", body),
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
  processedCart: (cuid: string) =>
    apiRequest<{ cart: ProcessedCartView }>("GET", `/api/carts/${encodeURIComponent(cuid)}`),
};
