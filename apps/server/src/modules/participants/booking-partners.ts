import type { BookingPartnerView } from "@booking/contracts";
import { customers, participants } from "@booking/db";
import { and, asc, eq, isNull, ne } from "@booking/db/orm";
import {
  BOOKING_PARTNER_SEARCH_LIMIT,
  BOOKING_PARTNER_SEARCH_MIN,
  fullName,
  maskEmail,
} from "@booking/domain";
import { validationError } from "../../http/app-error.ts";
import { requireCustomer, type ServiceContext } from "../../http/service-context.ts";
import { refersTo } from "../carts/queries.ts";
import { peopleSearchCondition } from "../customers/search.ts";

/**
 * GET /api/participants?scope=booking&search= (storefront.md §6: "for bookings, others can be
 * searched through the participants call"; docs/decisions/0063-resource-bookings.md): other
 * customers' participants of the organiser whose first and last names hold every word typed, to
 * share a booking with. Only for that use, and little at a time: a logged-in customer, at least
 * 3 characters (400 `{search: TOO_SHORT}`), at most 10 answers, the route rate limited; each
 * answer is the participant's id, full name and their customer's masked e-mail, never more.
 */
export async function searchBookingPartners(
  context: ServiceContext,
  search: string | undefined,
): Promise<{ data: BookingPartnerView[] }> {
  const customer = requireCustomer(context);
  const text = (search ?? "").trim();
  if (text.length < BOOKING_PARTNER_SEARCH_MIN) throw validationError({ search: "TOO_SHORT" });
  const { db, organiser } = context;
  const found = peopleSearchCondition(text, {
    names: [participants.firstname.getSQL(), participants.lastname.getSQL()],
  });
  const rows = await db
    .select({
      id: participants.id,
      firstname: participants.firstname,
      lastname: participants.lastname,
      email: customers.email,
    })
    .from(participants)
    .innerJoin(customers, refersTo(customers, participants, participants.customerId))
    .where(
      and(
        eq(participants.organiserId, organiser.id),
        ne(participants.customerId, customer.customerId),
        isNull(participants.deletedAt),
        isNull(customers.anonymisedAt),
        found,
      ),
    )
    .orderBy(asc(participants.lastname), asc(participants.firstname), asc(participants.id))
    .limit(BOOKING_PARTNER_SEARCH_LIMIT);
  return {
    data: rows.map((row) => ({
      id: row.id,
      fullname: fullName(row.firstname, row.lastname),
      customer: { email: maskEmail(row.email) },
    })),
  };
}
