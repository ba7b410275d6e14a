import type { NavTab } from "../nav-tabs";

/** The sections of the organiser's settings, one page and one pair of permissions each. */
export const SETTINGS_SECTIONS = [
  {
    to: "/admin/settings/account",
    label: "admin.settings.tabs.account",
    permission: "organiser.account.read",
  },
  {
    to: "/admin/settings/business",
    label: "admin.settings.tabs.business",
    permission: "organiser.business.read",
  },
  {
    to: "/admin/settings/preferences",
    label: "admin.settings.tabs.preferences",
    permission: "organiser.preferences.read",
  },
  {
    to: "/admin/settings/payments",
    label: "admin.settings.tabs.payments",
    permission: "organiser.payments.read",
  },
  {
    to: "/admin/settings/payment-types",
    label: "admin.settings.tabs.payment_types",
    permission: "payment_types.payment_types.read",
  },
  {
    to: "/admin/settings/sms",
    label: "admin.settings.tabs.sms",
    permission: "organiser.preferences.read",
  },
  {
    to: "/admin/settings/invoices",
    label: "admin.settings.tabs.invoices",
    permission: "customer_invoices.settings.read",
  },
  {
    to: "/admin/settings/reminders",
    label: "admin.settings.tabs.reminders",
    permission: "customer_invoices.settings.read",
  },
  {
    to: "/admin/settings/cancellations",
    label: "admin.settings.tabs.cancellations",
    permission: "availabilities.automatic_cancellations.read",
  },
  {
    to: "/admin/settings/tags",
    label: "admin.settings.tabs.tags",
    permission: "customers.tags.read",
  },
  {
    to: "/admin/settings/badges",
    label: "admin.settings.tabs.badges",
    permission: "badge_lists.badge_lists.read",
  },
  {
    to: "/admin/settings/billing",
    label: "admin.settings.tabs.billing",
    permission: "organiser.billing.read",
  },
] as const satisfies readonly NavTab[];
