/**
 * Every error code the API can answer, with its HTTP status. The web app translates each code as
 * `forms.errors.{code}`; field-level codes of VALIDATION_ERROR are listed in FIELD_ERROR_CODES.
 */
export const ERROR_STATUS = {
  VALIDATION_ERROR: 400,
  INVALID_JSON: 400,
  BAD_REQUEST: 400,
  /** the database refused a value no contract caught (safety net: out of range, constraint) */
  CONFLICT: 409,
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
  VOLUME_DISCOUNT_NOT_FOUND: 404,
  DISCOUNT_NOT_FOUND: 404,
  CUSTOMER_DISCOUNT_NOT_FOUND: 404,
  /** a discount a checkout used is deactivated, never deleted (decision 0100) */
  DISCOUNT_APPLIED: 409,
  CUSTOMER_DISCOUNT_ALREADY_GIVEN: 409,
  BUNDLE_NOT_FOUND: 404,
  VOUCHER_NOT_FOUND: 404,
  MEMBERSHIP_NOT_FOUND: 404,
  COUPON_NOT_FOUND: 404,
  DOCUMENT_NOT_FOUND: 404,
  REGISTRATION_NOT_FOUND: 404,
  REVIEW_NOT_FOUND: 404,
  REGISTRATION_REQUEST_NOT_FOUND: 404,
  BOOKING_NOT_FOUND: 404,
  RESOURCE_NOT_FOUND: 404,
  RESOURCE_GROUP_NOT_FOUND: 404,
  BOOKING_CONFIGURATION_NOT_FOUND: 404,
  RESOURCE_CLOSURE_NOT_FOUND: 404,
  ATTENDANCE_CHARGE_NOT_FOUND: 404,
  ATTENDANCE_CHARGE_ITEM_NOT_FOUND: 404,
  /** the activity has no attendance billing */
  ATTENDANCE_BILLING_NOT_FOUND: 404,
  /** a billing with issued cycles cannot be removed */
  ATTENDANCE_BILLING_IN_USE: 409,
  /** only a month that has ended can be issued */
  ATTENDANCE_CYCLE_NOT_ENDED: 409,
  ATTENDANCE_CYCLE_ALREADY_ISSUED: 409,
  /** the charge's total would fall below what was already paid */
  ATTENDANCE_ADJUSTMENT_BELOW_PAID: 409,
  PAYMENT_NOT_FOUND: 404,
  INVOICE_NOT_FOUND: 404,
  /** a credit note takes back at most what the invoice's credit notes left */
  INVOICE_ALREADY_CREDITED: 409,
  /** invoices are issued on request only when the organiser's settings say so */
  INVOICE_NOT_REQUESTABLE: 409,
  /** "send again on Peppol" is for a business document the network refused or could not reach */
  PEPPOL_NOT_FAILED: 409,
  /** no Peppol access point is configured (PEPPOL_AP_URL): documents go by e-mail only */
  PEPPOL_NOT_CONFIGURED: 409,
  COLLABORATOR_NOT_FOUND: 404,
  ROLE_NOT_FOUND: 404,
  NOTE_NOT_FOUND: 404,
  LOCATION_NOT_FOUND: 404,
  PAGE_NOT_FOUND: 404,
  PAGE_VERSION_NOT_FOUND: 404,
  BLOG_ARTICLE_NOT_FOUND: 404,
  NOTIFICATION_TEMPLATE_NOT_FOUND: 404,
  NOTIFICATION_RULE_NOT_FOUND: 404,
  CATEGORY_GROUP_NOT_FOUND: 404,
  CATEGORY_NOT_FOUND: 404,
  ACTIVITY_NOT_FOUND: 404,
  OPTION_NOT_FOUND: 404,
  QUESTION_NOT_FOUND: 404,
  REGISTRATION_CONSTRAINT_NOT_FOUND: 404,
  REQUEST_TIER_NOT_FOUND: 404,
  IMAGE_NOT_FOUND: 404,
  CUSTOM_FIELD_NOT_FOUND: 404,
  AVAILABILITY_DATE_NOT_FOUND: 404,
  WAITING_LIST_ENTRY_NOT_FOUND: 404,
  MANUAL_MESSAGE_NOT_FOUND: 404,
  SEGMENT_NOT_FOUND: 404,
  NEWSLETTER_NOT_FOUND: 404,
  MESSAGE_NOT_FOUND: 404,
  EMAIL_ALREADY_USED: 409,
  AVAILABILITY_FULL: 409,
  AVAILABILITY_NOT_OPEN: 409,
  /** another booking or a live cart hold already takes part of the period */
  BOOKING_SLOT_TAKEN: 409,
  /** the period does not start at one of the resource's slots */
  BOOKING_SLOT_NOT_FOUND: 409,
  /** the period's length is none of its slot's durations */
  BOOKING_PRICE_MISMATCH: 409,
  BOOKING_IN_PAST: 409,
  /** further ahead than the resource may be booked */
  BOOKING_TOO_FAR_AHEAD: 409,
  /** the resource is closed during the period */
  BOOKING_RESOURCE_CLOSED: 409,
  /** the resource's booking configuration is for members only (decision 0071) */
  BOOKING_MEMBERS_ONLY: 409,
  /** the customer already holds the configuration's weekly maximum of bookings */
  BOOKING_WEEKLY_LIMIT_REACHED: 409,
  /** the booking's configuration does not let customers cancel */
  BOOKING_CANCELLATION_NOT_OFFERED: 409,
  /** the cancellation deadline has passed */
  BOOKING_CANCELLATION_CLOSED: 409,
  /** the participant's age on the first date is outside the availability's limits */
  AGE_OUT_OF_RANGE: 409,
  /** the availability has age limits and the participant has no birthdate to check them on */
  BIRTHDATE_REQUIRED: 409,
  /** a review waits until the registration's first date has started */
  REVIEW_TOO_EARLY: 409,
  DATE_NOT_SELECTABLE: 409,
  PARTICIPANT_IN_CART: 409,
  COUPON_INACTIVE: 409,
  CART_EMPTY: 409,
  PAYMENT_METHOD_UNAVAILABLE: 409,
  CART_AWAITING_PAYMENT: 409,
  /** a console change of a cart's holds once it is checked out (decision 0092) */
  CART_PROCESSED: 409,
  /** an expired hold is not extended: its places may be someone else's by now */
  HOLD_EXPIRED: 409,
  CART_NOT_PROCESSED: 409,
  CART_ALREADY_CANCELLED: 409,
  WAITING_LIST_NOT_NEEDED: 409,
  WAITING_LIST_ALREADY_JOINED: 409,
  DOCUMENT_PAYMENT_REQUIRED: 409,
  DOCUMENT_NOT_YET_AVAILABLE: 409,
  REGISTRATION_CANCELLED: 409,
  REGISTRATION_STARTED: 409,
  /** the activity's cancellation policy lets families cancel only through the organiser */
  CANCELLATION_NOT_ONLINE: 409,
  /** the activity's cancellation policy's deadline to cancel online has passed */
  CANCELLATION_DEADLINE_PASSED: 409,
  REGISTRATION_ENDED: 409,
  REVIEW_ALREADY_EXISTS: 409,
  REVIEW_VISIBILITY_LOCKED: 409,
  REGISTRATION_REQUEST_NOT_PENDING: 409,
  /** an activity's registration constraint is not met (details: the organiser's message…) */
  REGISTRATION_CONSTRAINT_NOT_MET: 409,
  /** a direct registration on an activity that takes requests (registration_flow REQUEST) */
  REGISTRATION_FLOW_REQUEST: 409,
  /** a registration request on an activity sold directly (registration_flow DIRECT) */
  REGISTRATION_FLOW_DIRECT: 409,
  /** a request's sessions are not of one activity */
  REQUEST_ACTIVITIES_MIXED: 409,
  /** no tier of the activity fits the number of sessions and of repeats of a request */
  REQUEST_TIER_MISMATCH: 409,
  /** a tier some requests were made through cannot be deleted */
  REQUEST_TIER_IN_USE: 409,
  VOUCHER_UNPAID: 409,
  VOUCHER_EXPIRED: 409,
  VOUCHER_ALREADY_REDEEMED: 409,
  NOTHING_TO_PAY: 409,
  INSUFFICIENT_WALLET_AMOUNT: 409,
  WALLET_LIMIT_REACHED: 409,
  AMOUNT_ABOVE_DUE: 409,
  COLLABORATOR_ALREADY_MEMBER: 409,
  OWNER_ROLE_LOCKED: 409,
  ROLE_IN_USE: 409,
  LAST_OWNER: 409,
  CANNOT_IMPERSONATE_SELF: 409,
  CANNOT_MERGE_SELF: 409,
  ROLE_NAME_TAKEN: 409,
  LOCATION_IN_USE: 409,
  RESOURCE_IN_USE: 409,
  RESOURCE_GROUP_IN_USE: 409,
  BOOKING_CONFIGURATION_IN_USE: 409,
  BOOKING_ALREADY_CANCELED: 409,
  BOOKING_NOT_MOVABLE: 409,
  PAGE_UNDELETABLE: 409,
  CATEGORY_GROUP_NOT_EMPTY: 409,
  ACTIVITY_IN_USE: 409,
  OPTION_IN_USE: 409,
  QUESTION_ANSWERED: 409,
  CUSTOM_FIELD_HAS_VALUES: 409,
  IMAGE_LIMIT_REACHED: 409,
  IMAGE_FILE_REQUIRED: 400,
  IMAGE_TYPE_UNSUPPORTED: 415,
  IMAGE_TOO_LARGE: 413,
  /** an upload of a proof of payment without a file (decision 0098) */
  PROOF_FILE_REQUIRED: 400,
  /** a proof of payment that is not a PDF, JPEG or PNG by its bytes */
  PROOF_TYPE_UNSUPPORTED: 415,
  PROOF_TOO_LARGE: 413,
  /** an order already has TRANSACTION_PROOF_UPLOAD.maxPerOrder proofs */
  PROOF_LIMIT_REACHED: 409,
  TRANSACTION_PROOF_NOT_FOUND: 404,
  /** an activity confirmation's upload without a file, or not a PDF by its bytes (0101) */
  CONFIRMATION_FILE_REQUIRED: 400,
  CONFIRMATION_FILE_UNSUPPORTED: 415,
  CONFIRMATION_FILE_TOO_LARGE: 413,
  CONFIRMATION_FILE_LIMIT_REACHED: 409,
  CONFIRMATION_FILE_NOT_FOUND: 404,
  REFUND_ABOVE_PAID: 409,
  TRANSFER_SAME_AVAILABILITY: 409,
  /** a restore of a registration that is not cancelled (decision 0088) */
  REGISTRATION_NOT_CANCELLED: 409,
  /** a restore of a cancelled registration whose payment went back to the wallet */
  REGISTRATION_REFUNDED: 409,
  /** the bundle that paid for a cancelled registration has no place left to restore it */
  BUNDLE_USED_UP: 409,
  /** a replacement participant already holds a live place on the availability */
  PARTICIPANT_ALREADY_REGISTERED: 409,
  WAITING_LIST_OFFER_PENDING: 409,
  WAITING_LIST_ALREADY_REGISTERED: 409,
  CAPACITY_BELOW_TAKEN: 409,
  DATE_HAS_REGISTRATIONS: 409,
  AVAILABILITY_NEEDS_A_DATE: 409,
  AVAILABILITY_HAS_REGISTRATIONS: 409,
  BUNDLE_SOLD: 409,
  BUNDLE_IN_VOUCHER: 409,
  MEMBERSHIP_SOLD: 409,
  VOUCHER_SOLD: 409,
  COUPON_USED: 409,
  COUPON_CODE_TAKEN: 409,
  /** a message by hand whose target has no family to write to (no active registration) */
  NO_RECIPIENTS: 409,
  /** a message by hand that already went (or was cancelled): only a scheduled one can be cancelled */
  MANUAL_MESSAGE_NOT_SCHEDULED: 409,
  /** a default segment ("all customers", …) cannot be changed or deleted */
  SEGMENT_IS_DEFAULT: 409,
  /** a segment some newsletter goes to cannot be deleted */
  SEGMENT_IN_USE: 409,
  /** only a draft or scheduled newsletter can be edited, sent or cancelled */
  NEWSLETTER_NOT_EDITABLE: 409,
  /** sign-up: another organiser has the slug (also on the `organiser.slug` field) */
  SLUG_TAKEN: 409,
  SIGNUP_LINK_INVALID: 400,
  /** another organiser has this domain verified (also on the `domain` field) */
  DOMAIN_TAKEN: 409,
  /** the organiser has no own domain to check or remove */
  DOMAIN_NOT_FOUND: 404,
  BANK_STATEMENT_INVALID: 400,
  BANK_STATEMENT_NOT_FOUND: 404,
  BANK_STATEMENT_LINE_NOT_FOUND: 404,
  BANK_TRANSFER_NOT_FOUND: 404,
  BANK_STATEMENT_LINE_HANDLED: 409,
  BANK_STATEMENT_LINE_NOT_HANDLED: 409,
  BANK_STATEMENT_LINE_DEBIT: 409,
  CURRENCY_MISMATCH: 409,
  BANK_TRANSFER_CANCELLED: 409,
  PAYMENT_NOT_PAID: 409,
  PAYMENT_ALREADY_REFUNDED: 409,
  /** a customer's bundle or voucher refunded once already (decision 0087) */
  BUNDLE_ALREADY_REFUNDED: 409,
  VOUCHER_ALREADY_REFUNDED: 409,
  /** a redeemed voucher gave what it gives: refunding it would pay twice */
  VOUCHER_REDEEMED: 409,
  MEMBERSHIP_ALREADY_CANCELLED: 409,
  /** staff's erasure of a customer who still owes money: record or cancel it first (0104) */
  CUSTOMER_HAS_DEBT: 409,
  /** staff's erasure of a customer whose wallet holds money: refund or debit it first (0104) */
  CUSTOMER_HAS_WALLET_BALANCE: 409,
  /** staff's erasure of a customer with a registration to come: cancel it first (0104) */
  CUSTOMER_HAS_UPCOMING_REGISTRATIONS: 409,
  /** erased already (their own account deletion or staff's erasure) */
  CUSTOMER_ANONYMISED: 409,
  /** staff give a membership the customer (or participant) holds already for that time (0104) */
  MEMBERSHIP_ALREADY_HELD: 409,
  PAYMENT_PROVIDER_UNAVAILABLE: 409,
  /** a platform invoice paid already: nothing more to pay (decision 0082) */
  INVOICE_ALREADY_PAID: 409,
  /** a billing cycle rerun for a month that has not ended, or before the organiser signed up */
  BILLING_CYCLE_NOT_ENDED: 409,
  /** nothing owed of that kind and cuid (paid, or not this organiser's) */
  OWED_ITEM_NOT_FOUND: 404,
  /** the item's previous reminder is too recent to send another by hand (decision 0077) */
  PAYMENT_REMINDER_TOO_SOON: 409,
  WALLET_CREDIT_SPENT: 409,
  CURRENCY_IN_USE: 409,
  /** a template's Liquid does not parse: the answer carries `line` and `message` (and the field) */
  TEMPLATE_INVALID: 400,
  /** one of the organiser's templates that a notification rule sends (`rules` names them) */
  TEMPLATE_IN_USE: 409,
  /** the §9 default rule (cart confirmation) can be edited or turned off, not deleted */
  NOTIFICATION_RULE_IS_DEFAULT: 409,
  INVALID_RESET_TOKEN: 400,
  /** forged, of another organiser, or voided by a newer opt-in (decision 0047) */
  INVALID_UNSUBSCRIBE_TOKEN: 400,
  ALREADY_UNSUBSCRIBED: 409,
  IMPERSONATION_LINK_INVALID: 400,
  RESET_TOKEN_EXPIRED: 400,
  RATE_LIMITED: 429,
  /** a console change of an organiser a platform operator suspended: its console is read-only */
  ORGANISER_SUSPENDED: 423,
  /** the storefront of a suspended organiser (its pages and calls answer "temporarily unavailable") */
  ORGANISER_UNAVAILABLE: 503,
  ORGANISER_ALREADY_SUSPENDED: 409,
  ORGANISER_NOT_SUSPENDED: 409,
  /** the organiser has no collaborator with the owner role to act as */
  ORGANISER_HAS_NO_OWNER: 409,
  IMPORT_NOT_FOUND: 404,
  /** not a CSV or XLSX file, a malformed CSV, or no header row (decision 0085) */
  IMPORT_FILE_INVALID: 400,
  /** an upload not committed within its retention: upload the file again */
  IMPORT_EXPIRED: 410,
  IMPORT_ALREADY_COMMITTED: 409,
  /** the mapping or rows have errors: the check lists them */
  IMPORT_HAS_ERRORS: 409,
  INTERNAL_ERROR: 500,
  /** the database cannot be reached for now: the answer carries Retry-After */
  SERVICE_UNAVAILABLE: 503,
} as const;

export type ErrorCode = keyof typeof ERROR_STATUS;

/** Codes set on individual fields inside a VALIDATION_ERROR answer. */
export const FIELD_ERROR_CODES = [
  "REQUIRED",
  "CONFIRMATION_MISMATCH",
  "INVALID_TYPE",
  "INVALID_CHARACTERS",
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
  "UNKNOWN_PERMISSION",
  "INVALID_TIMEZONE",
  "TO_BEFORE_FROM",
  "SCHEDULE_TOO_LONG",
  "INVALID_WEEKDAY",
  "INVALID_TIME",
  "END_NOT_AFTER_START",
  "SLOTS_OVERLAP",
  "NO_DATES",
  "TOO_MANY_DATES",
  "DEPOSIT_ABOVE_PRICE",
  "AMOUNT_OR_PERCENTAGE",
  "DUPLICATE",
  "INVALID_IBAN",
  "INVALID_BIC",
  "INVALID_VAT_NUMBER",
  "INVALID_ENTERPRISE_NUMBER",
  "INVALID_CURRENCY",
  "AGE_LIMIT_NOT_INCREASING",
  "AGE_RULE_UNREACHABLE",
  "INVALID_MOLLIE_API_KEY",
  "PAYMENT_PROVIDER_REQUIRED",
  "SLUG_RESERVED",
  "SLUG_TAKEN",
  "EMAIL_ALREADY_USED",
  "INVALID_DOMAIN",
  "PLATFORM_DOMAIN",
  "DOMAIN_TAKEN",
  "TEMPLATE_INVALID",
  "INVALID_SMS_SENDER",
  "INVALID_PHONE_NUMBER",
  "NOT_A_MOBILE_NUMBER",
  "NOT_ALLOWED",
  "NOT_FOR_TRIGGER",
  "NAME_TAKEN",
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
