import type {
  ManualRecipientView,
  ManualRegistrationFilterInput,
  ManualTarget,
  ManualTargetView,
} from "@booking/contracts";
import type { ManualRegistrationFilter, manualMessages } from "@booking/db";
import { dayRangeInZone, smsRecipient } from "@booking/domain";
import { AppError } from "../../http/app-error.ts";
import type { ConsoleContext } from "../../http/console-context.ts";
import type { RegistrationFilters } from "../registrations/console-queries.ts";
import {
  findAvailabilityByCuid,
  findCustomerByCuid,
  findCustomerRecipient,
  findDateByCuid,
  listRecipients,
  type RecipientRow,
} from "./manual-queries.ts";

/** A target checked against the organiser's records: what the row stores, shows and reaches. */
export interface ResolvedTarget {
  columns: Pick<
    typeof manualMessages.$inferInsert,
    "targetType" | "availabilityId" | "availabilityDateId" | "customerId" | "registrationFilter"
  >;
  view: ManualTargetView;
  /** the availability whose data a template shows (availability and date targets) */
  availabilityCuid: string | null;
  recipients: RecipientRow[];
}

/** The registrations list's filters as its query builds them (days in the organiser's zone). */
function registrationFilters(
  filter: ManualRegistrationFilterInput,
  timezone: string,
): RegistrationFilters {
  const period =
    filter.from === undefined && filter.to === undefined
      ? undefined
      : {
          from: filter.from === undefined ? null : dayRangeInZone(filter.from, timezone).start,
          to: filter.to === undefined ? null : dayRangeInZone(filter.to, timezone).end,
        };
  return {
    q: filter.q,
    activityCuid: filter.activity,
    availabilityCuid: filter.availability,
    period,
    payment: filter.payment,
  };
}

const emptyView = {
  availability_cuid: null,
  date_cuid: null,
  customer_cuid: null,
  filter: null,
  start_at: null,
} as const;

/**
 * Checks the target's records belong to the organiser (another organiser's cuid is as unknown
 * as a made-up one: 404) and lists its families.
 */
export async function resolveTarget(
  context: ConsoleContext,
  target: ManualTarget,
): Promise<ResolvedTarget> {
  const { db, organiser } = context;
  if (target.type === "CUSTOMER") {
    const customer = await findCustomerByCuid(db, organiser.id, target.customer);
    const recipient = customer && (await findCustomerRecipient(db, organiser.id, customer.id));
    if (!customer || !recipient) throw new AppError("CUSTOMER_NOT_FOUND");
    return {
      columns: { targetType: "CUSTOMER", customerId: customer.id },
      view: {
        ...emptyView,
        type: "CUSTOMER",
        label: `${customer.firstname} ${customer.lastname}`,
        customer_cuid: target.customer,
      },
      availabilityCuid: null,
      recipients: [recipient],
    };
  }
  if (target.type === "REGISTRATIONS") {
    const filter: ManualRegistrationFilter = target.filter;
    return {
      columns: { targetType: "REGISTRATIONS", registrationFilter: filter },
      view: { ...emptyView, type: "REGISTRATIONS", label: "", filter },
      availabilityCuid: null,
      recipients: await listRecipients(db, organiser.id, {
        filters: registrationFilters(target.filter, organiser.timezone),
      }),
    };
  }
  const availability = await findAvailabilityByCuid(db, organiser.id, target.availability);
  if (!availability) throw new AppError("AVAILABILITY_NOT_FOUND");
  const base = {
    label: availability.title,
    availability_cuid: availability.cuid,
    customer_cuid: null,
    filter: null,
  };
  if (target.type === "AVAILABILITY") {
    return {
      columns: { targetType: "AVAILABILITY", availabilityId: availability.id },
      view: {
        ...base,
        type: "AVAILABILITY",
        date_cuid: null,
        start_at: availability.startAt.toISOString(),
      },
      availabilityCuid: availability.cuid,
      recipients: await listRecipients(db, organiser.id, { availabilityId: availability.id }),
    };
  }
  const date = await findDateByCuid(db, organiser.id, availability.id, target.date);
  if (!date) throw new AppError("AVAILABILITY_DATE_NOT_FOUND");
  return {
    columns: {
      targetType: "AVAILABILITY_DATE",
      availabilityId: availability.id,
      availabilityDateId: date.id,
    },
    view: {
      ...base,
      type: "AVAILABILITY_DATE",
      date_cuid: date.cuid,
      start_at: date.startAt.toISOString(),
    },
    availabilityCuid: availability.cuid,
    recipients: await listRecipients(db, organiser.id, { availabilityDateId: date.id }),
  };
}

/** The E.164 number an SMS to the family goes to, or null (none, not valid, not a mobile). */
export function smsPhoneOf(recipient: RecipientRow, country: string | null): string | null {
  if (recipient.phone.trim() === "") return null;
  const parsed = smsRecipient(recipient.phone, country);
  return parsed.ok ? parsed.e164 : null;
}

export function recipientView(
  recipient: RecipientRow,
  country: string | null,
): ManualRecipientView {
  return {
    cuid: recipient.cuid,
    firstname: recipient.firstname,
    fullname: `${recipient.firstname} ${recipient.lastname}`,
    email: recipient.email,
    phone: recipient.phone,
    sms_phone: smsPhoneOf(recipient, country),
    participants: recipient.participants,
  };
}
