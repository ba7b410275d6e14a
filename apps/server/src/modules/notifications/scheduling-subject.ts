import type { TenantTx } from "@booking/db";
import {
  type DelayAnchors,
  meetsRequirements,
  type RecipientType,
  type RuleRequirements,
  type RuleTrigger,
  type SubjectFacts,
} from "@booking/domain";
import { assignedCollaborators } from "../staff-notifications/assignments.ts";
import {
  type EventScope,
  findEventScope,
  listCategoryIds,
  listScopeAvailabilities,
  listScopeDates,
  listScopeRegistrations,
  type ScopeRegistration,
} from "./scheduling-queries.ts";

/** What an event is about, as the rules read it at one moment. */
export type EventSubject = {
  trigger: RuleTrigger;
  scope: EventScope;
  /** the registrations that count: live ones (all, for a cancellation) */
  registrations: ScopeRegistration[];
  /** every registration of the event was cancelled since: its messages are dropped */
  cancelled: boolean;
  availabilityIds: number[];
  availabilityCuids: string[];
  anchors: Omit<DelayAnchors, "triggeredAt">;
  facts: SubjectFacts;
};

/**
 * Reads an event's subject now (null when it is gone). A cancellation's messages are about the
 * cancelled registration; any other event's count only the registrations still live.
 */
export async function loadSubject(
  tx: TenantTx,
  organiserId: number,
  trigger: RuleTrigger,
  payload: Record<string, string>,
): Promise<EventSubject | null> {
  const scope = await findEventScope(tx, organiserId, trigger, payload);
  if (!scope) return null;
  const all = await listScopeRegistrations(tx, organiserId, scope.registrationIds);
  const aboutCancellation = trigger === "registration.cancellation.created";
  const registrations = aboutCancellation ? all : all.filter((r) => !r.cancelled);
  const others = await listScopeAvailabilities(tx, organiserId, scope.availabilityIds);
  const availabilityIds = unique([
    ...registrations.map((r) => r.availabilityId),
    ...others.map((a) => a.id),
  ]);
  const dates = await listScopeDates(tx, organiserId, {
    registrationIds: registrations.map((r) => r.id),
    availabilityIds: registrations.length > 0 ? [] : scope.availabilityIds,
  });
  return {
    trigger,
    scope,
    registrations,
    cancelled: all.length > 0 && registrations.length === 0,
    availabilityIds,
    availabilityCuids: unique([
      ...registrations.map((r) => r.availabilityCuid),
      ...others.map((a) => a.cuid),
    ]),
    anchors: {
      firstStartAt: dates[0]?.startAt ?? null,
      lastEndAt: dates.reduce<Date | null>(
        (last, date) => (last === null || date.endAt > last ? date.endAt : last),
        null,
      ),
      expiresAt: scope.expiresAt,
    },
    facts: {
      activityIds: unique([
        ...registrations.map((r) => r.activityId),
        ...others.map((a) => a.activityId),
      ]),
      categoryIds: await listCategoryIds(tx, organiserId, availabilityIds),
      outstandingAmount: scope.outstandingAmount,
      birthdates: [...registrations.map((r) => r.birthdate), ...scope.birthdates],
    },
  };
}

/** Whether a rule's requirements hold for the subject at `at`. */
export function subjectMeets(
  requirements: RuleRequirements,
  subject: EventSubject,
  at: Date,
  timeZone: string,
): boolean {
  return meetsRequirements(requirements, subject.facts, at, timeZone);
}

/** One recipient of a rule's message, by the key its idempotency is per. */
export type Recipient = {
  /** `customer:{id}`, `collaborator:{id}` or the fixed address */
  key: string;
  customerId: number | null;
  collaboratorId: number | null;
};

/** The people a rule writes to about a subject, each once. */
export async function recipientsOf(
  tx: TenantTx,
  organiserId: number,
  rule: { recipientType: RecipientType; recipient: string | null },
  subject: EventSubject,
): Promise<Recipient[]> {
  const customers = (ids: number[]) =>
    unique(ids).map((id) => ({ key: `customer:${id}`, customerId: id, collaboratorId: null }));
  switch (rule.recipientType) {
    case "CUSTOMER":
      return customers(subject.scope.customerIds);
    case "PARTICIPANTS_CUSTOMERS":
      return customers(
        subject.registrations.length > 0
          ? subject.registrations.map((r) => r.participantCustomerId)
          : subject.scope.customerIds,
      );
    case "COLLABORATORS": {
      const staff = await assignedCollaborators(tx, organiserId, subject.availabilityIds);
      return staff.map((member) => ({
        key: `collaborator:${member.collaboratorId}`,
        customerId: null,
        collaboratorId: member.collaboratorId,
      }));
    }
    case "ADDRESS":
      return rule.recipient
        ? [{ key: rule.recipient, customerId: null, collaboratorId: null }]
        : [];
  }
}

function unique<T>(values: T[]): T[] {
  return [...new Set(values)];
}
