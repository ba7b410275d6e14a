import {
  availabilities,
  bankTransfers,
  carts,
  customers,
  registrations,
  type TenantTx,
} from "@booking/db";
import { and, eq } from "@booking/db/orm";
import type { StaffNotificationOption } from "@booking/domain";

/**
 * What a staff e-mail is about, read from the event's payload: the rows its template data
 * shows, the availabilities whose assigned staff are told, and the console page it links to.
 */
export interface StaffSubject {
  customerId: number | null;
  registrationCuids: string[];
  availabilityCuids: string[];
  cartCuid: string | null;
  /** the availabilities whose staff are told (none: the owners' desk, e.g. bank transfers) */
  availabilityIds: number[];
  /** the console page to open, from the console's origin */
  consolePath: string;
}

async function registrationSubject(
  tx: TenantTx,
  organiserId: number,
  cuid: string | undefined,
): Promise<StaffSubject | null> {
  if (!cuid) return null;
  const [row] = await tx
    .select({
      customerId: registrations.customerId,
      availabilityId: availabilities.id,
      availabilityCuid: availabilities.cuid,
    })
    .from(registrations)
    .innerJoin(
      availabilities,
      and(
        eq(availabilities.organiserId, registrations.organiserId),
        eq(availabilities.id, registrations.availabilityId),
      ),
    )
    .where(and(eq(registrations.organiserId, organiserId), eq(registrations.cuid, cuid)));
  if (!row) return null;
  return {
    customerId: row.customerId,
    registrationCuids: [cuid],
    availabilityCuids: [row.availabilityCuid],
    cartCuid: null,
    availabilityIds: [row.availabilityId],
    consolePath: `/admin/registrations/${encodeURIComponent(cuid)}`,
  };
}

async function vacancySubject(
  tx: TenantTx,
  organiserId: number,
  cuid: string | undefined,
): Promise<StaffSubject | null> {
  if (!cuid) return null;
  const [row] = await tx
    .select({ id: availabilities.id })
    .from(availabilities)
    .where(and(eq(availabilities.organiserId, organiserId), eq(availabilities.cuid, cuid)));
  if (!row) return null;
  return {
    customerId: null,
    registrationCuids: [],
    availabilityCuids: [cuid],
    cartCuid: null,
    availabilityIds: [row.id],
    consolePath: `/admin/availabilities/${encodeURIComponent(cuid)}/waiting-list`,
  };
}

async function bankTransferSubject(
  tx: TenantTx,
  organiserId: number,
  cuid: string | undefined,
): Promise<StaffSubject | null> {
  if (!cuid) return null;
  const [row] = await tx
    .select({ customerId: carts.customerId, cartCuid: carts.cuid, customerCuid: customers.cuid })
    .from(bankTransfers)
    .innerJoin(
      carts,
      and(eq(carts.organiserId, bankTransfers.organiserId), eq(carts.id, bankTransfers.cartId)),
    )
    .innerJoin(
      customers,
      and(eq(customers.organiserId, carts.organiserId), eq(customers.id, carts.customerId)),
    )
    .where(and(eq(bankTransfers.organiserId, organiserId), eq(bankTransfers.cuid, cuid)));
  if (!row) return null;
  return {
    customerId: row.customerId,
    registrationCuids: [],
    availabilityCuids: [],
    cartCuid: row.cartCuid,
    availabilityIds: [],
    consolePath: `/admin/customers/${encodeURIComponent(row.customerCuid)}`,
  };
}

/** The subject of an event of `option`, or null when its rows are gone. */
export function findStaffSubject(
  tx: TenantTx,
  organiserId: number,
  option: StaffNotificationOption,
  payload: Record<string, string>,
): Promise<StaffSubject | null> {
  switch (option) {
    case "reservation.created":
    case "registration.cancellation.created":
    case "registration.transfer.created":
      // A transfer's registration already points at the availability it moved to.
      return registrationSubject(tx, organiserId, payload.registration_cuid);
    case "waiting-list.vacancy":
      return vacancySubject(tx, organiserId, payload.availability_cuid);
    case "bank_statement.transfer.reconciled":
      return bankTransferSubject(tx, organiserId, payload.transfer_cuid);
  }
}
