import type { CartAdminDetail, CartCancelBody, HoldExtendBody } from "@booking/contracts";
import { apiRequest } from "../api";

/** The console's writes of customers' carts (decision 0092), from the browser. */
export const customerCartsApi = {
  extendHold: (item: string, body: HoldExtendBody) =>
    apiRequest<CartAdminDetail>(
      "POST",
      `/api/admin/cart-items/${encodeURIComponent(item)}/extend`,
      body,
    ),
  releaseHold: (item: string) =>
    apiRequest<CartAdminDetail>(
      "POST",
      `/api/admin/cart-items/${encodeURIComponent(item)}/release`,
      {},
    ),
  cancelCart: (cart: string, body: CartCancelBody) =>
    apiRequest<CartAdminDetail>(
      "POST",
      `/api/admin/carts/${encodeURIComponent(cart)}/cancel`,
      body,
    ),
};
