import type { Permission } from "@booking/domain";
import type { ComponentType } from "react";
import {
  AwardIcon,
  BadgeIcon,
  BarChartIcon,
  CalendarIcon,
  CartIcon,
  CheckCircleIcon,
  ClockIcon,
  FileIcon,
  GiftIcon,
  GlobeIcon,
  HistoryIcon,
  HomeIcon,
  type IconProps,
  IdCardIcon,
  InboxIcon,
  LayersIcon,
  MailIcon,
  MapPinIcon,
  MegaphoneIcon,
  PencilIcon,
  ReceiptIcon,
  ShieldIcon,
  SlidersIcon,
  TagIcon,
  TicketIcon,
  UserIcon,
  UsersIcon,
} from "../../icons";

export interface ConsoleNavLink {
  to: string;
  /** the i18n key of its label */
  label: string;
  icon: ComponentType<IconProps>;
  /**
   * the permission it needs (its page's read permission), or several of which one is enough (a
   * page of sections); none: every collaborator
   */
  permission?: Permission | readonly Permission[];
  /** active on this exact path only (the home), otherwise on its sub-pages too */
  end?: boolean;
}

export interface ConsoleNavArea {
  id: string;
  /** the i18n key of the heading shown above an area of several links */
  label: string;
  links: readonly ConsoleNavLink[];
}

/**
 * The console's navigation, in the sidebar's order: Home, Activities, Availabilities,
 * Registrations, Customers, Payments, Settings, Collaborators. A new page takes one line: a link
 * in its area, or its area at its place in that order. Only pages that exist are listed, and a
 * link shows only to the collaborators whose role grants its permission.
 */
export const CONSOLE_NAV: readonly ConsoleNavArea[] = [
  {
    id: "home",
    label: "admin.nav.home",
    links: [{ to: "/admin", label: "admin.nav.home", icon: HomeIcon, end: true }],
  },
  {
    id: "activities",
    label: "admin.nav.activities_area",
    links: [
      {
        to: "/admin/activities",
        label: "admin.nav.activities",
        icon: AwardIcon,
        permission: "activities.activities.read",
      },
      {
        to: "/admin/locations",
        label: "admin.nav.locations",
        icon: MapPinIcon,
        permission: "activities.locations.read",
      },
      {
        to: "/admin/categories",
        label: "admin.nav.categories",
        icon: BadgeIcon,
        permission: "activities.categories.read",
      },
      {
        to: "/admin/catalogs",
        label: "admin.nav.catalogs",
        icon: LayersIcon,
        permission: "activities.catalogs.read",
      },
      {
        to: "/admin/calendar-periods",
        label: "admin.nav.calendar_periods",
        icon: CalendarIcon,
        permission: "activities.calendar_periods.read",
      },
      {
        to: "/admin/document-models",
        label: "admin.nav.document_models",
        icon: FileIcon,
        permission: "documents.models.read",
      },
      {
        to: "/admin/date-configurations",
        label: "admin.nav.date_configurations",
        icon: ClockIcon,
        permission: "date_configurations.date_configurations.read",
      },
      {
        to: "/admin/custom-fields",
        label: "admin.nav.custom_fields",
        icon: FileIcon,
        permission: "customers.custom_fields.read",
      },
    ],
  },
  {
    id: "availabilities",
    label: "admin.nav.availabilities",
    links: [
      {
        to: "/admin/availabilities",
        label: "admin.nav.availabilities",
        icon: CalendarIcon,
        permission: "availabilities.availabilities.read",
      },
      {
        to: "/admin/resources",
        label: "admin.nav.resources",
        icon: ClockIcon,
        permission: "bookings.bookings.read",
      },
    ],
  },
  {
    id: "products",
    label: "admin.nav.products_area",
    links: [
      {
        to: "/admin/bundles",
        label: "admin.nav.bundles",
        icon: LayersIcon,
        permission: "activities.bundles.read",
      },
      {
        to: "/admin/memberships",
        label: "admin.nav.memberships",
        icon: IdCardIcon,
        permission: "memberships.memberships.read",
      },
      {
        to: "/admin/vouchers",
        label: "admin.nav.vouchers",
        icon: GiftIcon,
        permission: "vouchers.vouchers.read",
      },
      {
        to: "/admin/coupons",
        label: "admin.nav.coupons",
        icon: TagIcon,
        permission: "activities.coupons.read",
      },
      {
        to: "/admin/volume-discounts",
        label: "admin.nav.volume_discounts",
        icon: LayersIcon,
        permission: "discounts.volume_discounts.read",
      },
      {
        to: "/admin/customer-discounts",
        label: "admin.nav.customer_discounts",
        icon: TagIcon,
        permission: "discounts.discounts.read",
      },
    ],
  },
  {
    id: "registrations",
    label: "admin.nav.registrations_area",
    links: [
      {
        to: "/admin/registrations",
        label: "admin.nav.registrations",
        icon: TicketIcon,
        permission: "registrations.registrations.read",
      },
      {
        to: "/admin/registrations/requests",
        label: "admin.nav.registration_requests",
        icon: InboxIcon,
        permission: "registrations.requests.read",
      },
      {
        to: "/admin/attendance",
        label: "admin.nav.attendance",
        icon: CheckCircleIcon,
        permission: "registrations.attendances.read",
      },
    ],
  },
  {
    id: "customers",
    label: "admin.nav.customers_area",
    links: [
      {
        to: "/admin/customers",
        label: "admin.nav.customers",
        icon: UserIcon,
        permission: "customers.customers.read",
      },
      {
        to: "/admin/participants",
        label: "admin.nav.participants",
        icon: UsersIcon,
        permission: "participants.participants.read",
      },
      {
        to: "/admin/imports",
        label: "admin.nav.imports",
        icon: FileIcon,
        permission: "imports.imports.create",
      },
      {
        to: "/admin/reviews",
        label: "admin.nav.reviews",
        icon: AwardIcon,
        permission: "customers.reviews.read",
      },
      {
        to: "/admin/carts",
        label: "admin.nav.carts",
        icon: CartIcon,
        permission: "carts.carts.read",
      },
    ],
  },
  {
    id: "payments",
    label: "admin.nav.payments",
    links: [
      {
        to: "/admin/payments",
        label: "admin.nav.payments",
        icon: ReceiptIcon,
        permission: "payments.payments.read",
      },
      {
        to: "/admin/invoices",
        label: "admin.nav.invoices",
        icon: FileIcon,
        permission: "payments.payments.read",
      },
    ],
  },
  {
    id: "reports",
    label: "admin.nav.reports",
    links: [
      {
        to: "/admin/reports",
        label: "admin.nav.reports",
        icon: BarChartIcon,
        permission: [
          "reports.participation.read",
          "reports.sales.read",
          "reports.treasury.read",
          "reports.timesheet.read",
        ],
      },
    ],
  },
  {
    id: "website",
    label: "admin.nav.website",
    links: [
      {
        to: "/admin/website",
        label: "admin.nav.website",
        icon: GlobeIcon,
        permission: ["website.pages.read", "website.website.read"],
      },
      {
        to: "/admin/blog",
        label: "admin.nav.blog",
        icon: PencilIcon,
        permission: "blog.articles.read",
      },
    ],
  },
  {
    id: "communication",
    label: "admin.nav.communication_area",
    links: [
      {
        to: "/admin/notifications/templates",
        label: "admin.nav.notification_templates",
        icon: MailIcon,
        permission: "notification_templates.notification_templates.read",
      },
      {
        to: "/admin/notifications/rules",
        label: "admin.nav.notification_rules",
        icon: ClockIcon,
        permission: "activities.notifications.read",
      },
      {
        to: "/admin/newsletters",
        label: "admin.nav.newsletters",
        icon: MegaphoneIcon,
        permission: "newsletters.newsletters.read",
      },
      {
        to: "/admin/segments",
        label: "admin.nav.segments",
        icon: LayersIcon,
        permission: "segments.segments.read",
      },
      {
        to: "/admin/notifications/sent",
        label: "admin.nav.manual_messages",
        icon: HistoryIcon,
        permission: "notifications.trigger",
      },
      {
        to: "/admin/notifications/messages",
        label: "admin.nav.messages",
        icon: InboxIcon,
        permission: "customers.notifications.read",
      },
    ],
  },
  {
    id: "settings",
    label: "admin.nav.settings",
    links: [
      {
        to: "/admin/settings",
        label: "admin.nav.settings",
        icon: SlidersIcon,
        permission: [
          "organiser.account.read",
          "organiser.business.read",
          "organiser.preferences.read",
          "organiser.payments.read",
          "customer_invoices.settings.read",
        ],
      },
    ],
  },
  {
    id: "integrations",
    label: "admin.nav.integrations",
    links: [
      {
        to: "/admin/integrations",
        label: "admin.nav.integrations",
        icon: GlobeIcon,
        permission: "integrations.integrations.read",
      },
    ],
  },
  {
    id: "collaborators",
    label: "admin.nav.collaborators_area",
    links: [
      {
        to: "/admin/collaborators",
        label: "admin.nav.collaborators",
        icon: UsersIcon,
        permission: "collaborators.collaborators.read",
      },
      {
        to: "/admin/roles",
        label: "admin.nav.roles",
        icon: ShieldIcon,
        permission: "collaborators.roles.read",
      },
      {
        to: "/admin/audit-log",
        label: "admin.nav.audit_log",
        icon: HistoryIcon,
        permission: "collaborators.logs.read",
      },
    ],
  },
];

/** Whether a collaborator who `can` what they can may open the link's page. */
export function linkAllowed(
  link: ConsoleNavLink,
  can: (permission: Permission) => boolean,
): boolean {
  return !link.permission || [link.permission].flat().some(can);
}

/** The areas and links this collaborator may open (areas left without a link are dropped). */
export function visibleNav(can: (permission: Permission) => boolean): ConsoleNavArea[] {
  return CONSOLE_NAV.map((area) => ({
    ...area,
    links: area.links.filter((link) => linkAllowed(link, can)),
  })).filter((area) => area.links.length > 0);
}

/**
 * The list page a path belongs to (`/admin/roles/x` → `/admin/roles`), where the console goes
 * after a switch of organiser (the record open may be the other organiser's); the home otherwise.
 */
export function sectionOf(pathname: string): string {
  return currentLinkOf(pathname) ?? "/admin";
}

/**
 * The link a path belongs to: the most specific one, so that `/admin/registrations/requests/x`
 * lights "Requests" and not also "Registrations". The home link matches only itself.
 */
export function currentLinkOf(pathname: string): string | undefined {
  let best: string | undefined;
  for (const link of CONSOLE_NAV.flatMap((area) => area.links)) {
    const matches = link.end
      ? pathname === link.to
      : pathname === link.to || pathname.startsWith(`${link.to}/`);
    if (matches && (!best || link.to.length > best.length)) best = link.to;
  }
  return best;
}
