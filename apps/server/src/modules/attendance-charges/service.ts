import type {
  AttendanceChargeDetail,
  AttendanceChargeListItem,
  accountListQuery,
} from "@booking/contracts";
import { attendanceChargeAmountDue, attendanceTotals } from "@booking/domain";
import type { z } from "zod";
import type { ServiceContext } from "../../http/service-context.ts";
import {
  amountsView,
  bankTransferView,
  customerItemByCuid,
  customerListPage,
  iso,
  ownerImages,
  participantRef,
} from "../account-items/views.ts";
import {
  type AttendanceChargeRow,
  findCustomerCharge,
  listChargeItems,
  listCustomerCharges,
} from "./queries.ts";

// The customer's attendance charges in the account area (platform-and-account.md §2.3, §3.5):
// per billing cycle, the attended dates of their participants with the time and the amount
// billed, and how to pay what is still owed (wallet, online, bank transfer with the charge's
// reference). Decision records: docs/decisions/0018-account-items.md, 0064-attendance-billing.md.

async function listItems(
  context: ServiceContext,
  rows: AttendanceChargeRow[],
): Promise<AttendanceChargeListItem[]> {
  const imagesOf = await ownerImages(
    context,
    "activity",
    rows.map((row) => row.configuration.activityId),
  );
  return rows.map(({ charge, cycle, configuration, itemsCount, totalDuration }) => ({
    id: charge.id,
    cuid: charge.cuid,
    ...amountsView(charge),
    billing_cycle: {
      id: cycle.id,
      cuid: cycle.cuid,
      start_at: iso(cycle.startAt),
      end_at: iso(cycle.endAt),
      configuration: {
        id: configuration.id,
        cuid: configuration.cuid,
        title: configuration.title,
        description: configuration.description,
        images: imagesOf(configuration.activityId),
      },
    },
    items_count: itemsCount,
    total_duration: totalDuration,
    created_at: iso(charge.createdAt),
  }));
}

/** GET /api/attendance-charges: one page of the customer's charges, the latest cycle first. */
export function listAttendanceCharges(
  context: ServiceContext,
  query: z.output<typeof accountListQuery>,
) {
  return customerListPage(context, query, listCustomerCharges, (rows) => listItems(context, rows));
}

/** GET /api/attendance-charges/{cuid}: its items and their totals; null when not theirs. */
export async function attendanceChargeByCuid(
  context: ServiceContext,
  cuid: string,
): Promise<AttendanceChargeDetail | null> {
  return customerItemByCuid(context, cuid, findCustomerCharge, (row) => detailView(context, row));
}

async function detailView(
  context: ServiceContext,
  row: AttendanceChargeRow,
): Promise<AttendanceChargeDetail> {
  const [item] = await listItems(context, [row]);
  const items = (await listChargeItems(context.db, context.organiser.id, row.charge.id)).map(
    ({ item: charged, date, registration, participant }) => ({
      id: charged.id,
      cuid: charged.cuid,
      amount: charged.amount,
      duration: charged.duration,
      registration_date: {
        arrival: iso(charged.arrivedAt),
        departure: iso(charged.departedAt),
        date: {
          id: date.id,
          cuid: date.cuid,
          start_at: iso(date.startAt),
          end_at: iso(date.endAt),
        },
        registration: { ...registration, participant: participantRef(participant) },
      },
    }),
  );
  const { charge } = row;
  const due = attendanceChargeAmountDue({ total: charge.totalAmount, paid: charge.paidAmount });
  return {
    ...item!,
    items,
    totals: attendanceTotals(items),
    reference: charge.reference,
    amount_due: due,
    bank_transfer: charge.reference
      ? bankTransferView(context.organiser, due, charge.reference)
      : null,
  };
}
