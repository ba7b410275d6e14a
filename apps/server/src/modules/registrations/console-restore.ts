import type { AdminRegistrationDetail } from "@booking/contracts";
import { AppError } from "../../http/app-error.ts";
import { nowOf } from "../../http/clock.ts";
import type { ConsoleContext } from "../../http/console-context.ts";
import { countLiveHolds, lockDates } from "../carts/queries.ts";
import { emitEvent } from "../events/emit.ts";
import { lockRegistration, sumRefunds } from "./console-queries.ts";
import { registrationDetail } from "./console-service.ts";
import { listRegisteredDateIds, shiftRegistered } from "./queries.ts";
import { markRestored, takeBundleUse } from "./restore-queries.ts";

/**
 * POST /api/admin/registrations/:cuid/restore (decision 0088): gives a cancelled registration its
 * places back, whoever cancelled it (an automatic rule, the customer, staff). Its dates are locked
 * in id order and counted with every live hold, as an add counts them (409 AVAILABILITY_FULL);
 * the bundle that paid for it takes its place again (409 BUNDLE_USED_UP). One whose payment went
 * back to the wallet is refused (409 REGISTRATION_REFUNDED): the money would count twice. Emits
 * registration.cancellation.restored; audited.
 */
export async function restoreRegistration(
  context: ConsoleContext,
  cuid: string,
): Promise<AdminRegistrationDetail> {
  const { db, organiser } = context;
  const now = nowOf(context);
  const registration = await lockRegistration(db, organiser.id, cuid);
  if (!registration) throw new AppError("REGISTRATION_NOT_FOUND");
  if (!registration.cancelled) throw new AppError("REGISTRATION_NOT_CANCELLED");
  if ((await sumRefunds(db, organiser.id, registration.id)) > 0) {
    throw new AppError("REGISTRATION_REFUNDED");
  }
  const dateIds = await listRegisteredDateIds(db, organiser.id, registration.id);
  const dates = await lockDates(db, organiser.id, dateIds);
  const holds = await countLiveHolds(db, organiser.id, dateIds, now);
  for (const date of dates) {
    const taken = date.registered + (holds.get(date.id) ?? 0);
    if (date.capacity !== null && taken + 1 > date.capacity) {
      throw new AppError("AVAILABILITY_FULL");
    }
  }
  if (
    registration.bundleId !== null &&
    !(await takeBundleUse(db, organiser.id, registration.bundleId))
  ) {
    throw new AppError("BUNDLE_USED_UP");
  }
  await shiftRegistered(db, organiser.id, dateIds, 1);
  await markRestored(db, organiser.id, registration.id, now);
  await emitEvent(db, organiser.id, "registration.cancellation.restored", {
    registration_cuid: registration.cuid,
  });
  await context.audit({
    action: "registration.restored",
    entity: "registration",
    entityId: registration.cuid,
    before: { cancelled: true },
    after: { cancelled: false, dates: dateIds.length },
  });
  return registrationDetail(context, cuid);
}
