import { index, type RouteConfig, route } from "@react-router/dev/routes";

/**
 * Storefront routes live under an optional language segment (`/:lang?/…`, fr or en; any other
 * value is a 404 unless the organiser stored a page at that path, e.g. `/catalogue`). Admin routes are served by the server on the admin host only; every loader
 * also checks the request kind and answers 404 on the wrong host.
 */
export default [
  route("admin", "routes/admin/layout.tsx", [
    index("routes/admin/home.tsx"),
    route("dev/outbox", "routes/admin/outbox.tsx"),
    route("*", "routes/admin/not-found.tsx"),
  ]),
  route(":lang?", "routes/storefront/layout.tsx", [
    index("routes/storefront/home.tsx"),
    route("auth/login", "routes/auth/login.tsx"),
    route("auth/register", "routes/auth/register.tsx"),
    route("auth/redirect", "routes/auth/redirect.tsx"),
    route("auth/password", "routes/auth/password.tsx"),
    route("terms", "routes/storefront/terms.tsx"),
    route("cart/add", "routes/storefront/cart-add.tsx"),
    route("checkout", "routes/storefront/checkout.tsx"),
    route("checkout/:cart/success", "routes/storefront/checkout-success.tsx"),
    route("activities/:cuid", "routes/storefront/activity.tsx"),
    route("availabilities/:cuid", "routes/storefront/availability.tsx"),
    route("bundles/:cuid", "routes/storefront/bundle.tsx"),
    route("memberships/:cuid", "routes/storefront/membership.tsx"),
    route("vouchers/:cuid", "routes/storefront/voucher.tsx"),
    route("page-not-found", "routes/storefront/page-not-found.tsx"),
    // Stored pages of the page builder, or 404: after every other storefront route.
    route("*", "routes/storefront/page.tsx"),
  ]),
] satisfies RouteConfig;
