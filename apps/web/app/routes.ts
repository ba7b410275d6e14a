import { index, layout, type RouteConfig, route } from "@react-router/dev/routes";

/**
 * Storefront routes live under an optional language segment (`/:lang?/…`, fr or en; any other
 * value is a 404 unless the organiser stored a page at that path, e.g. `/catalogue`). Admin routes are served by the server on the admin host only; every loader
 * also checks the request kind and answers 404 on the wrong host.
 */
export default [
  route("admin", "routes/admin/layout.tsx", [
    route("login", "routes/admin/login.tsx"),
    route("password", "routes/admin/password.tsx"),
    // A development tool (no SMTP_URL): the e-mails of every organiser, as a mailbox would.
    route("dev/outbox", "routes/admin/outbox.tsx"),
    // The logged-in console (its id is CONSOLE_ROUTE_ID, read by useConsole()).
    layout("routes/admin/console.tsx", { id: "admin-console" }, [
      index("routes/admin/home.tsx"),
      route("collaborators", "routes/admin/collaborators.tsx"),
      route("roles", "routes/admin/roles.tsx"),
      route("roles/new", "routes/admin/role-new.tsx"),
      route("roles/:cuid", "routes/admin/role-edit.tsx"),
      route("audit-log", "routes/admin/audit-log.tsx"),
      route("*", "routes/admin/not-found.tsx"),
    ]),
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
    // The customer's account area (platform-and-account.md §2.3); /account and /account/home
    // are the same home tab.
    route("account", "routes/account/layout.tsx", [
      index("routes/account/home.tsx"),
      route("home", "routes/account/home.tsx", { id: "routes/account/home-tab" }),
      route("profile", "routes/account/profile.tsx"),
      route("profile/delete", "routes/account/profile-delete.tsx"),
      route("participants", "routes/account/participants.tsx"),
      route("participants/new", "routes/account/participants-new.tsx"),
      route("participants/:cuid/edit", "routes/account/participants-edit.tsx"),
      route("participants/:cuid/delete", "routes/account/participants-delete.tsx"),
      route("registrations", "routes/account/registrations.tsx"),
      route("registrations/:cuid", "routes/account/registrations-detail.tsx"),
      route("registrations/:cuid/cancel", "routes/account/registrations-cancel.tsx"),
      route("registrations/:cuid/review", "routes/account/registrations-review.tsx"),
      route("registrations/:cuid/edit", "routes/account/registrations-edit.tsx"),
      route("registrations/:cuid/documents/:documentCuid", "routes/account/document.tsx"),
      route("vouchers", "routes/account/vouchers.tsx"),
      route("vouchers/redeem", "routes/account/vouchers-redeem.tsx"),
      route("vouchers/redeem/:code", "routes/account/vouchers-redeem-code.tsx"),
      route("vouchers/:cuid", "routes/account/vouchers-detail.tsx"),
      route("carts", "routes/account/carts.tsx"),
      route("carts/:cuid", "routes/account/carts-detail.tsx"),
      route("registrations-requests", "routes/account/requests.tsx"),
      route("registrations-requests/:cuid", "routes/account/requests-detail.tsx"),
      route("bookings", "routes/account/bookings.tsx"),
      route("bookings/:cuid", "routes/account/bookings-detail.tsx"),
      route("bundles", "routes/account/bundles.tsx"),
      route("bundles/:cuid", "routes/account/bundles-detail.tsx"),
      route("memberships", "routes/account/memberships.tsx"),
      route("memberships/:cuid", "routes/account/memberships-detail.tsx"),
      route("attendance-charges", "routes/account/attendance-charges.tsx"),
      route("attendance-charges/:cuid", "routes/account/attendance-charges-detail.tsx"),
    ]),
    route("page-not-found", "routes/storefront/page-not-found.tsx"),
    // Stored pages of the page builder, or 404: after every other storefront route.
    route("*", "routes/storefront/page.tsx"),
  ]),
] satisfies RouteConfig;
