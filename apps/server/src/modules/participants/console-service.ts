import {
  type AdminParticipantDetail,
  type AdminParticipantListItem,
  type adminCreateParticipantBody,
  type adminParticipantBody,
  CUSTOMER_DETAIL_ROWS,
  type ListEnvelope,
  type participantListQuery,
} from "@booking/contracts";
import { ageInYears, birthdateRangeForAges, fullName, localDay } from "@booking/domain";
import type { z } from "zod";
import { AppError } from "../../http/app-error.ts";
import type { ConsoleContext } from "../../http/console-context.ts";
import { customFieldView } from "../../http/ssr-context.ts";
import { envelope, pageOf } from "../account-items/views.ts";
import { checkedCustomData } from "../accounts/custom-data.ts";
import { listCustomFields, listRegistrationSummaries } from "../customers/console-queries.ts";
import {
  customFieldValues,
  registrationSummaryView,
  requireCustomer,
} from "../customers/console-service.ts";
import {
  type ConsoleParticipantRow,
  findConsoleParticipant,
  listConsoleParticipants,
  lockParticipant,
} from "./console-queries.ts";
import {
  archiveParticipant,
  deleteUnreferencedParticipant,
  insertParticipant,
  isInOpenCart,
  leaveWaitingLists,
  updateParticipantRow,
} from "./queries.ts";
import { checkBirthdate } from "./service.ts";

// The console's participants (issue 6 item 4): list with filters, detail, create for a
// customer, edit, delete (the account's rule: docs/decisions/0014-participant-deletion.md).

function listItem(row: ConsoleParticipantRow, context: ConsoleContext): AdminParticipantListItem {
  return {
    id: row.id,
    cuid: row.cuid,
    firstname: row.firstname,
    lastname: row.lastname,
    fullname: fullName(row.firstname, row.lastname),
    birthdate: row.birthdate,
    age: row.birthdate ? ageInYears(row.birthdate, new Date(), context.organiser.timezone) : null,
    customer: {
      cuid: row.customer_cuid,
      fullname: fullName(row.customer_firstname, row.customer_lastname),
      email: row.customer_email,
    },
    registrations_count: row.registrations_count,
    archived: row.archived,
    created_at: row.created_at,
  };
}

const isDay = (day: string | null | undefined): day is string => typeof day === "string";

const participantAudit = (values: {
  firstname: string;
  lastname: string;
  birthdate: string | null;
  customData: unknown;
}) => ({
  firstname: values.firstname,
  lastname: values.lastname,
  birthdate: values.birthdate,
  custom_data: values.customData,
});

async function detail(
  context: ConsoleContext,
  key: { cuid: string } | { id: number },
): Promise<AdminParticipantDetail> {
  const { db, organiser } = context;
  const row = await findConsoleParticipant(db, organiser.id, key);
  if (!row) throw new AppError("PARTICIPANT_NOT_FOUND");
  const fields = await listCustomFields(db, organiser.id, "PARTICIPANTS");
  return {
    participant: {
      ...listItem(row, context),
      custom_data: customFieldValues(fields, row.custom_data),
      updated_at: row.updated_at,
    },
    custom_fields: fields.filter((field) => field.active).map(customFieldView),
    registrations: (
      await listRegistrationSummaries(
        db,
        organiser.id,
        { participantId: row.id },
        CUSTOMER_DETAIL_ROWS,
      )
    ).map(registrationSummaryView),
  };
}

export const participantsConsole = {
  async list(
    context: ConsoleContext,
    query: z.output<typeof participantListQuery>,
  ): Promise<ListEnvelope<AdminParticipantListItem>> {
    const page = pageOf(query);
    const today = localDay(new Date(), context.organiser.timezone);
    const ages = birthdateRangeForAges({ min: query.age_min, max: query.age_max }, today);
    const { rows, count } = await listConsoleParticipants(
      context.db,
      context.organiser.id,
      {
        q: query.q,
        customerCuid: query.customer,
        // Both an age range and a birthdate range: the birthdates within both.
        bornFrom: [ages.from, query.born_from].filter(isDay).sort().at(-1),
        bornTo: [ages.to, query.born_to].filter(isDay).sort().at(0),
        archived: query.archived ?? false,
        tag: query.tag,
      },
      query.sort,
      page,
    );
    return envelope(
      rows.map((row) => listItem(row, context)),
      count,
      page,
    );
  },

  detail: (context: ConsoleContext, cuid: string) => detail(context, { cuid }),

  /** A participant added by staff to a customer whose account is not deleted. */
  async create(
    context: ConsoleContext,
    input: z.output<typeof adminCreateParticipantBody>,
  ): Promise<AdminParticipantDetail> {
    const { db, organiser } = context;
    const customer = await requireCustomer(context, input.customer, { active: true });
    checkBirthdate(organiser, input.birthdate);
    const customData = await checkedCustomData(db, organiser.id, "PARTICIPANTS", input.custom_data);
    const values = {
      firstname: input.firstname,
      lastname: input.lastname,
      birthdate: input.birthdate,
      customData,
    };
    const id = await insertParticipant(db, {
      organiserId: organiser.id,
      customerId: customer.id,
      ...values,
    });
    const created = await detail(context, { id });
    await context.audit({
      action: "participant.created",
      entity: "participant",
      entityId: created.participant.cuid,
      after: { customer: customer.cuid, ...participantAudit(values) },
    });
    return created;
  },

  /** Edits names, birthdate and custom data; values of deactivated fields stay. */
  async update(
    context: ConsoleContext,
    cuid: string,
    input: z.output<typeof adminParticipantBody>,
  ): Promise<AdminParticipantDetail> {
    const { db, organiser } = context;
    const existing = await lockParticipant(db, organiser.id, cuid);
    if (!existing) throw new AppError("PARTICIPANT_NOT_FOUND");
    checkBirthdate(organiser, input.birthdate);
    const active = await checkedCustomData(db, organiser.id, "PARTICIPANTS", input.custom_data);
    const kept = existing.customData.filter(
      (entry) => !active.some((value) => value.field_id === entry.field_id),
    );
    const values = {
      firstname: input.firstname,
      lastname: input.lastname,
      birthdate: input.birthdate,
      customData: [...active, ...kept],
    };
    await updateParticipantRow(db, organiser.id, existing.id, values);
    await context.audit({
      action: "participant.updated",
      entity: "participant",
      entityId: cuid,
      before: participantAudit(existing),
      after: participantAudit(values),
    });
    return detail(context, { cuid });
  },

  /**
   * Deletes as the customer would: archived when records name the participant, erased
   * otherwise, off the waiting lists either way; refused (409 PARTICIPANT_IN_CART) while they
   * are on a live item of an open cart. An archived participant is already deleted (404).
   */
  async remove(context: ConsoleContext, cuid: string): Promise<{ archived: boolean }> {
    const { db, organiser } = context;
    const existing = await lockParticipant(db, organiser.id, cuid);
    if (!existing || existing.deletedAt) throw new AppError("PARTICIPANT_NOT_FOUND");
    if (await isInOpenCart(db, organiser.id, existing.id)) {
      throw new AppError("PARTICIPANT_IN_CART");
    }
    await leaveWaitingLists(db, organiser.id, existing.id);
    const erased = await deleteUnreferencedParticipant(db, organiser.id, existing.id);
    if (!erased) await archiveParticipant(db, organiser.id, existing.id);
    await context.audit({
      action: erased ? "participant.deleted" : "participant.archived",
      entity: "participant",
      entityId: cuid,
      before: participantAudit(existing),
    });
    return { archived: !erased };
  },
};
