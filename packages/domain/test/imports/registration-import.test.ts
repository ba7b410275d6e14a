import { describe, expect, it } from "vitest";
import {
  type ExistingRegistration,
  type ImportedRegistration,
  planRegistrationImport,
  type RegistrationAvailability,
  readRegistrationRow,
  registrationImportTargets,
  registrationMappingProblems,
} from "../../src/imports/index.ts";

const headers = [
  "E-mail",
  "Prénom de l'enfant",
  "Activité",
  "Date",
  "Heure",
  "Montant",
  "Payé",
  "Allergies",
];
const mapping = [
  "customer.email",
  "participant.firstname",
  "activity.title",
  "availability.date",
  "availability.start_time",
  "registration.amount",
  "registration.paid_amount",
  "question.allergies",
];
const context = { country: "BE", today: "2026-11-27", timeZone: "Europe/Brussels" };
const read = (cells: string[], line = 2) =>
  readRegistrationRow({ line, cells, headers, mapping }, context);
const columnOf = (target: string) => headers[mapping.indexOf(target)] ?? null;

function row(line: number, participant = "Léa"): ImportedRegistration {
  const result = read(["a@b.test", participant, "Poney", "06/07/2027", "9:00", "", "", ""], line);
  if (!("row" in result)) throw new Error("row not read");
  return result.row;
}

const camp = (free: number | null, extra: Partial<RegistrationAvailability> = {}) => ({
  id: 10,
  dates: [
    { id: 1, free },
    { id: 2, free: free === null ? null : free + 5 },
  ],
  prices: [],
  questions: [],
  ...extra,
});

describe("registration files", () => {
  it("reads the start in the organiser's zone and amounts in cents", () => {
    const result = read(["A@B.test", "Léa", "Poney", "06/07/2027", "9h30", "95,50", "40", "Non"]);
    expect(result).toMatchObject({
      row: {
        customer: { email: "a@b.test" },
        participant: { firstname: "Léa" },
        availability: { activity: { title: "Poney" }, startAt: "2027-07-06T07:30:00.000Z" },
        amount: 9_550,
        paid: 4_000,
      },
    });
  });

  it("refuses a payment above the amount and a bad time", () => {
    const result = read(["a@b.test", "Léa", "Poney", "06/07/2027", "25:00", "10", "20", ""]);
    expect(result).toEqual({
      errors: [
        { line: 2, column: "Heure", code: "INVALID_TIME" },
        { line: 2, column: "Payé", code: "PAID_ABOVE_AMOUNT" },
      ],
    });
  });

  it("needs the customer and the availability named one way or another", () => {
    const targets = registrationImportTargets([]);
    expect(registrationMappingProblems(["participant.firstname"], targets)).toEqual({
      unknown: [],
      duplicate: [],
      missing: ["customer.email", "availability.cuid"],
    });
    expect(
      registrationMappingProblems(
        ["participant.firstname", "customer.external_id", "availability.cuid"],
        targets,
      ),
    ).toBeNull();
  });

  it("counts places in file order and names the rows that would not fit", () => {
    const availability = camp(2);
    const plan = planRegistrationImport(
      ["A", "B", "C"].map((name, index) => ({
        row: row(index + 2, name),
        participantKey: name,
        participantId: null,
        availability,
      })),
      [],
      columnOf,
    );
    expect(plan.summary.registrations).toEqual({ created: 2, updated: 0, unchanged: 0 });
    expect(plan.errors).toEqual([{ line: 4, column: "Activité", code: "AVAILABILITY_FULL" }]);
  });

  it("leaves a stored registration unchanged, by external id or by participant and place", () => {
    const availability = camp(0);
    const stored: ExistingRegistration[] = [
      { id: 1, externalId: null, participantId: 7, availabilityId: 10, cancelled: false },
      { id: 2, externalId: null, participantId: 8, availabilityId: 10, cancelled: true },
    ];
    const plan = planRegistrationImport(
      [
        { row: row(2, "A"), participantKey: "7", participantId: 7, availability },
        { row: row(3, "B"), participantKey: "8", participantId: 8, availability },
      ],
      stored,
      columnOf,
    );
    // A cancelled registration does not stand for the row: a new place is needed, and none is left.
    expect(plan.registrations.map((r) => r.action)).toEqual(["unchanged"]);
    expect(plan.errors).toEqual([{ line: 3, column: "Activité", code: "AVAILABILITY_FULL" }]);
  });

  it("requires the answers the activity requires, choices by their labels", () => {
    const availability = camp(null, {
      questions: [
        {
          id: 5,
          title: "Allergies",
          type: "CHOICES_SINGLE",
          required: true,
          choices: [{ id: 51, label: "Aucune" }],
        },
      ],
    });
    const answered = read(["a@b.test", "Léa", "Poney", "06/07/2027", "9:00", "", "", "aucune"]);
    const blank = read(["a@b.test", "Tom", "Poney", "06/07/2027", "9:00", "", "", ""], 3);
    if (!("row" in answered) || !("row" in blank)) throw new Error("rows not read");
    const plan = planRegistrationImport(
      [
        { row: answered.row, participantKey: "a", participantId: null, availability },
        { row: blank.row, participantKey: "b", participantId: null, availability },
      ],
      [],
      columnOf,
    );
    expect(plan.registrations[0]!.questions).toEqual([{ question_id: 5, content: 51 }]);
    expect(plan.errors).toEqual([{ line: 3, column: "Allergies", code: "REQUIRED" }]);
  });
});
