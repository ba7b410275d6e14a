import type { ParticipantView } from "@booking/contracts";
import { type AgeEligibility, ageEligibility } from "@booking/domain/ages";

/** Why a participant cannot be chosen for a registration; null when they can. */
export type Ineligibility = Exclude<AgeEligibility, "eligible"> | null;

/** What the age rule reads of an availability: its limits and its first date's start. */
export interface AgeTarget {
  age_minimum: number | null;
  age_maximum: number | null;
  start_at: string;
}

/**
 * The add form's participants, each marked with why it cannot be registered for every one of
 * `targets` (docs/decisions/0031-age-limits.md: the exact age on the first date, limits
 * inclusive in whole years; the rule the add call applies), and the preselection kept only when
 * eligible (with `autoSelect`, the first eligible one instead): the form shows who can go before
 * anything is sent.
 */
export function withAgeEligibility<P extends { id: number; fullname: string }>(
  choice: { participants: P[]; participantId: number | null },
  participants: readonly Pick<ParticipantView, "id" | "birthdate">[],
  targets: readonly AgeTarget[],
  timeZone: string,
  options: { autoSelect?: boolean } = {},
): { participants: Array<P & { ineligible: Ineligibility }>; participantId: number | null } {
  const birthdates = new Map(participants.map((participant) => [participant.id, participant]));
  const marked = choice.participants.map((participant) => {
    const birthdate = birthdates.get(participant.id)?.birthdate ?? null;
    const refusal = targets
      .map((target) =>
        ageEligibility(
          birthdate,
          { minimum: target.age_minimum, maximum: target.age_maximum },
          new Date(target.start_at),
          timeZone,
        ),
      )
      .find((eligibility) => eligibility !== "eligible");
    return { ...participant, ineligible: refusal ?? null };
  });
  const preselected = marked.find((participant) => participant.id === choice.participantId);
  const kept = preselected && preselected.ineligible === null ? preselected.id : null;
  const firstEligible = marked.find((participant) => participant.ineligible === null);
  return {
    participants: marked,
    participantId: kept ?? (options.autoSelect ? (firstEligible?.id ?? null) : null),
  };
}
