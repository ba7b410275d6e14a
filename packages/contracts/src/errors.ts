/**
 * Every error code the API can answer, with its HTTP status. The web app translates each code as
 * `forms.errors.{code}`; field-level codes of VALIDATION_ERROR are listed in FIELD_ERROR_CODES.
 */
export const ERROR_STATUS = {
  VALIDATION_ERROR: 400,
  INVALID_JSON: 400,
  BAD_REQUEST: 400,
  PAYLOAD_TOO_LARGE: 413,
  UNSUPPORTED_MEDIA_TYPE: 415,
  UNAUTHENTICATED: 401,
  INVALID_CREDENTIALS: 401,
  FORBIDDEN: 403,
  CSRF_TOKEN_MISMATCH: 403,
  NOT_FOUND: 404,
  ORGANISER_NOT_FOUND: 404,
  CUSTOMER_NOT_FOUND: 404,
  PARTICIPANT_NOT_FOUND: 404,
  AVAILABILITY_NOT_FOUND: 404,
  CART_NOT_FOUND: 404,
  CART_ITEM_NOT_FOUND: 404,
  BUNDLE_NOT_FOUND: 404,
  VOUCHER_NOT_FOUND: 404,
  MEMBERSHIP_NOT_FOUND: 404,
  COUPON_NOT_FOUND: 404,
  EMAIL_ALREADY_USED: 409,
  AVAILABILITY_FULL: 409,
  AVAILABILITY_NOT_OPEN: 409,
  DATE_NOT_SELECTABLE: 409,
  COUPON_INACTIVE: 409,
  CART_EMPTY: 409,
  PAYMENT_METHOD_UNAVAILABLE: 409,
  WAITING_LIST_NOT_NEEDED: 409,
  INVALID_RESET_TOKEN: 400,
  RESET_TOKEN_EXPIRED: 400,
  RATE_LIMITED: 429,
  INTERNAL_ERROR: 500,
} as const;

export type ErrorCode = keyof typeof ERROR_STATUS;

/** Codes set on individual fields inside a VALIDATION_ERROR answer. */
export const FIELD_ERROR_CODES = [
  "REQUIRED",
  "INVALID_TYPE",
  "INVALID_EMAIL",
  "INVALID_DATE",
  "INVALID_FORMAT",
  "INVALID_CHOICE",
  "TOO_SHORT",
  "TOO_LONG",
  "TOO_SMALL",
  "TOO_BIG",
  "MISMATCH",
  "TERMS_REQUIRED",
  "UNKNOWN_FIELD",
  "AVAILABILITY_DATES_REQUIRED",
] as const;

export type FieldErrorCode = (typeof FIELD_ERROR_CODES)[number];

export interface ApiError {
  error: ErrorCode | string;
  fields?: Record<string, FieldErrorCode | string>;
}

export function isApiError(value: unknown): value is ApiError {
  return (
    typeof value === "object" &&
    value !== null &&
    typeof (value as { error?: unknown }).error === "string"
  );
}
