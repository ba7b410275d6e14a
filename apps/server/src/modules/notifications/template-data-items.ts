import type { TenantTx } from "@booking/db";
import { fullName } from "@booking/domain";
import type { PublicUrls } from "../../http/public-urls.ts";
import type { Organiser } from "../organisers/queries.ts";
import { TemplateFormatter } from "./template-data-base.ts";
import {
  listTemplateAvailabilities,
  listTemplateMemberships,
  listTemplateRegistrationDates,
  listTemplateRegistrations,
  type TemplateAvailabilityRow,
} from "./template-data-queries.ts";
import type {
  TemplateAvailability,
  TemplateMembership,
  TemplateRegistration,
} from "./template-data-types.ts";
import { accountUrl, storefrontHome } from "./template-links.ts";

// The registrations, availabilities and memberships of a message, from their rows.

export function templateAvailability(
  organiser: Organiser,
  urls: PublicUrls,
  row: TemplateAvailabilityRow,
): TemplateAvailability {
  const f = new TemplateFormatter(organiser);
  const location = row.location;
  const street = [location?.street, location?.number].filter(Boolean).join(" ");
  const city = [location?.postcode, location?.city].filter(Boolean).join(" ");
  return {
    cuid: row.cuid,
    url: `${storefrontHome(organiser, urls)}/availabilities/${encodeURIComponent(row.cuid)}`,
    activity: { title: row.activityTitle },
    location: location
      ? { title: location.title, address: [street, city].filter(Boolean).join(", ") }
      : null,
    ...f.period(row.startAt, row.endAt),
  };
}

/** Registrations by cuid with their participant, the dates they attend and their availability. */
export async function templateRegistrations(
  tx: TenantTx,
  organiser: Organiser,
  urls: PublicUrls,
  cuids: string[],
  reference: string | null,
): Promise<{ registrations: TemplateRegistration[]; availabilities: TemplateAvailabilityRow[] }> {
  if (cuids.length === 0) return { registrations: [], availabilities: [] };
  const rows = await listTemplateRegistrations(tx, organiser.id, cuids);
  if (rows.length === 0) return { registrations: [], availabilities: [] };
  // One after the other: statements cannot overlap on the transaction's one connection.
  const dates = await listTemplateRegistrationDates(
    tx,
    organiser.id,
    rows.map((row) => row.id),
  );
  const availabilityRows = await listTemplateAvailabilities(tx, organiser.id, {
    ids: [...new Set(rows.map((row) => row.availabilityId))],
  });
  const f = new TemplateFormatter(organiser);
  const availabilityById = new Map(availabilityRows.map((row) => [row.id, row]));
  const order = new Map(cuids.map((cuid, index) => [cuid, index]));
  const registrations = rows
    .map((row): TemplateRegistration => {
      const availability = availabilityById.get(row.availabilityId)!;
      const own = dates.filter((date) => date.registrationId === row.id);
      const { firstname, lastname } = row.participant;
      return {
        cuid: row.cuid,
        // The cart's reference while checkout still writes it (the registrations get it last).
        reference: reference ?? row.reference,
        url: accountUrl(organiser, urls, "registrations", row.cuid),
        activity: { title: availability.activityTitle },
        participant: { firstname, lastname, fullname: fullName(firstname, lastname) },
        availability: templateAvailability(organiser, urls, availability),
        dates:
          own.length > 0
            ? own.map((date) => f.period(date.startAt, date.endAt))
            : [f.period(availability.startAt, availability.endAt)],
        total_amount: f.money(row.totalAmount),
        total_amount_minor: row.totalAmount,
      };
    })
    .sort((a, b) => (order.get(a.cuid) ?? 0) - (order.get(b.cuid) ?? 0));
  return { registrations, availabilities: availabilityRows };
}

export async function templateMemberships(
  tx: TenantTx,
  organiser: Organiser,
  urls: PublicUrls,
  cuids: string[],
): Promise<TemplateMembership[]> {
  if (cuids.length === 0) return [];
  const f = new TemplateFormatter(organiser);
  const rows = await listTemplateMemberships(tx, organiser.id, cuids);
  return rows.map((row) => ({
    cuid: row.cuid,
    url: accountUrl(organiser, urls, "memberships", row.cuid),
    title: row.title,
    participant: row.participant && {
      fullname: fullName(row.participant.firstname, row.participant.lastname),
    },
    ...f.period(row.startAt, row.endAt, "date"),
    total_amount: f.money(row.totalAmount),
    total_amount_minor: row.totalAmount,
  }));
}
