import type { AccountTabKey } from "@booking/domain";
import type { ComponentType } from "react";
import {
  BadgeIcon,
  CalendarIcon,
  CartIcon,
  ClockIcon,
  GiftIcon,
  HomeIcon,
  type IconProps,
  InboxIcon,
  ReceiptIcon,
  TicketIcon,
  UserIcon,
  UsersIcon,
} from "../icons";

// The glyphs themselves are in components/icons.tsx, the app's one icon set.
// WalletIcon is still imported from here by components/payments/payment-actions.tsx.
export { WalletIcon } from "../icons";

/** The pictogram of each account tab (navigation and home tiles). */
export const TAB_ICONS: Record<AccountTabKey, ComponentType<IconProps>> = {
  home: HomeIcon,
  profile: UserIcon,
  participants: UsersIcon,
  carts: CartIcon,
  registrations: CalendarIcon,
  bookings: ClockIcon,
  registrations_requests: InboxIcon,
  bundles: TicketIcon,
  memberships: BadgeIcon,
  attendance_charges: ReceiptIcon,
  vouchers: GiftIcon,
};
