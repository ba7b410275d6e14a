/** The console's customer and participant pages. */
export const CUSTOMERS_PATH = "/admin/customers";
export const PARTICIPANTS_PATH = "/admin/participants";

export type CustomerTab =
  | "overview"
  | "participants"
  | "registrations"
  | "owned"
  | "discounts"
  | "carts"
  | "payments"
  | "wallet"
  | "messages"
  | "notes";

export const customerPath = (cuid: string, tab?: CustomerTab) =>
  `${CUSTOMERS_PATH}/${encodeURIComponent(cuid)}${tab && tab !== "overview" ? `?tab=${tab}` : ""}`;

export const participantPath = (cuid: string) => `${PARTICIPANTS_PATH}/${encodeURIComponent(cuid)}`;
