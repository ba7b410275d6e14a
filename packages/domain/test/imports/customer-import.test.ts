import { describe, expect, it } from "vitest";
import type { CustomFieldDefinition } from "../../src/custom-fields.ts";
import {
  type CustomerImportRow,
  customerMappingProblems,
  type ExistingCustomer,
  importErrorMessage,
  planCustomerImport,
  readCustomerRow,
} from "../../src/imports/index.ts";

const field = (
  id: number,
  entity: CustomFieldDefinition["entity"],
  over: Partial<CustomFieldDefinition>,
) => ({
  id,
  entity,
  type: "TEXT" as const,
  title: `Field ${id}`,
  description: null,
  required: false,
  active: true,
  order: id,
  pattern: null,
  choices: [],
  ...over,
});
const allergies = field(7, "PARTICIPANTS", { title: "Allergies" });
const sport = field(8, "CUSTOMERS", {
  type: "CHOICES_SINGLE",
  choices: [
    { id: 1, label: "Natation" },
    { id: 2, label: "Tennis" },
  ],
});
const context = { customFields: [allergies, sport], country: "BE", today: "2026-11-27" };
const headers = [
  "ID",
  "Prénom",
  "Nom",
  "E-mail",
  "Téléphone",
  "Prénom enfant",
  "Date de naissance",
  "Allergies",
  "Sport",
];
const mapping = [
  "customer.external_id",
  "customer.firstname",
  "customer.lastname",
  "customer.email",
  "customer.phone",
  "participant.firstname",
  "participant.birthdate",
  "participant.custom.7",
  "customer.custom.8",
];
const read = (line: number, cells: string[]) =>
  readCustomerRow({ line, cells, headers, mapping }, context);
const rowOf = (line: number, cells: string[]): CustomerImportRow => {
  const result = read(line, cells);
  if (!("row" in result)) throw new Error(JSON.stringify(result.errors));
  return result.row;
};
const columnOf = (target: string) => headers[mapping.indexOf(target)] ?? null;

describe("customer file rows", () => {
  it("reads a family row: the customer and the participant, the child bearing the family name", () => {
    expect(
      read(2, [
        "A-1",
        " Anne ",
        "Dupont",
        "Anne@Example.be",
        "0470123456",
        "Léa",
        "03/05/2016",
        "Arachides",
        "tennis",
      ]),
    ).toEqual({
      row: {
        line: 2,
        customer: {
          externalId: "A-1",
          firstname: "Anne",
          lastname: "Dupont",
          email: "anne@example.be",
          phone: "+32470123456",
          customData: [{ field_id: 8, data: "Tennis" }],
        },
        participant: {
          firstname: "Léa",
          lastname: "Dupont",
          birthdate: "2016-05-03",
          customData: [{ field_id: 7, data: "Arachides" }],
        },
      },
    });
  });

  it("reads a row without participant columns filled as the customer alone", () => {
    const result = read(3, [
      "",
      "Marc",
      "Petit",
      "marc@example.be",
      "+32 470 11 22 33",
      "",
      "",
      "",
      "",
    ]);
    expect(result).toMatchObject({ row: { participant: null, customer: { externalId: null } } });
  });

  it("lists every error of a row by column", () => {
    const result = read(4, ["", "", "Dupont", "anne@", "12", "", "31/02/2016", "", "Golf"]);
    expect(result).toEqual({
      errors: [
        { line: 4, column: "Prénom", code: "REQUIRED" },
        { line: 4, column: "E-mail", code: "INVALID_EMAIL" },
        { line: 4, column: "Téléphone", code: "INVALID_PHONE" },
        { line: 4, column: "Sport", code: "INVALID_CHOICE" },
        { line: 4, column: "Prénom enfant", code: "REQUIRED" },
        { line: 4, column: "Date de naissance", code: "INVALID_DATE" },
      ],
    });
    expect(importErrorMessage("INVALID_DATE", "fr")).toContain("jj/mm/aaaa");
    expect(importErrorMessage("INVALID_DATE", "en")).toContain("dd/mm/yyyy");
  });

  it("checks the mapping: unknown and repeated targets, required columns missing", () => {
    expect(customerMappingProblems(mapping, context.customFields)).toBeNull();
    expect(
      customerMappingProblems(["customer.email", "customer.email", "customer.custom.99", null], []),
    ).toEqual({
      unknown: [2],
      duplicate: [1],
      missing: ["customer.firstname", "customer.lastname", "customer.phone"],
    });
  });
});

describe("customer import plan", () => {
  const lea = [
    "A-1",
    "Anne",
    "Dupont",
    "anne@example.be",
    "0470123456",
    "Léa",
    "03/05/2016",
    "Arachides",
    "Tennis",
  ];
  const tom = ["A-1", "Anne", "Dupont", "anne@example.be", "0470123456", "Tom", "", "", ""];
  const marc = ["", "Marc", "Petit", "marc@example.be", "0470112233", "", "", "", ""];
  const rows = [rowOf(2, lea), rowOf(3, tom), rowOf(4, marc)];

  it("creates each customer once with all their participants", () => {
    const plan = planCustomerImport(rows, [], columnOf);
    expect(plan.errors).toEqual([]);
    expect(plan.summary).toEqual({
      customers: { created: 2, updated: 0, unchanged: 0 },
      participants: { created: 2, updated: 0, unchanged: 0 },
    });
    expect(plan.customers[0]!.participants.map((p) => p.values.firstname)).toEqual(["Léa", "Tom"]);
  });

  const stored = (): ExistingCustomer[] => [
    {
      id: 10,
      externalId: "A-1",
      firstname: "Anne",
      lastname: "Dupont",
      email: "anne@example.be",
      phone: "+32470123456",
      customData: [{ field_id: 8, data: "Tennis" }],
      participants: [
        {
          id: 20,
          firstname: "Léa",
          lastname: "Dupont",
          birthdate: "2016-05-03",
          customData: [{ field_id: 7, data: "Arachides" }],
        },
        { id: 21, firstname: "tom", lastname: "DUPONT", birthdate: null, customData: [] },
      ],
    },
    {
      id: 11,
      externalId: null,
      firstname: "Marc",
      lastname: "Petit",
      email: "marc@example.be",
      phone: "+32470112233",
      customData: [],
      participants: [],
    },
  ];

  it("changes nothing when the same file comes again", () => {
    const plan = planCustomerImport(rows, stored(), columnOf);
    expect(plan.summary).toEqual({
      customers: { created: 0, updated: 0, unchanged: 2 },
      participants: { created: 0, updated: 0, unchanged: 2 },
    });
  });

  it("matches by external id before e-mail and updates what the file changes", () => {
    const moved = [
      "A-1",
      "Anne",
      "Dupont",
      "anne.new@example.be",
      "0470999999",
      "Léa",
      "03/05/2016",
      "Arachides, lait",
      "",
    ];
    const plan = planCustomerImport([rowOf(2, moved)], stored(), columnOf);
    expect(plan.customers[0]).toMatchObject({
      action: "update",
      id: 10,
      values: {
        email: "anne.new@example.be",
        phone: "+32470999999",
        customData: [{ field_id: 8, data: "Tennis" }],
      },
      participants: [
        {
          action: "update",
          id: 20,
          values: { customData: [{ field_id: 7, data: "Arachides, lait" }] },
        },
      ],
    });
  });

  it("gives a stored participant without birth date the file's, and creates a namesake born elsewhen", () => {
    const tomBorn = [
      "A-1",
      "Anne",
      "Dupont",
      "anne@example.be",
      "0470123456",
      "Tom",
      "01/01/2019",
      "",
      "",
    ];
    const leaTwin = [
      "A-1",
      "Anne",
      "Dupont",
      "anne@example.be",
      "0470123456",
      "Léa",
      "04/05/2017",
      "",
      "",
    ];
    const plan = planCustomerImport([rowOf(2, tomBorn), rowOf(3, leaTwin)], stored(), columnOf);
    expect(plan.customers[0]!.participants).toMatchObject([
      { action: "update", id: 21, values: { birthdate: "2019-01-01" } },
      { action: "create", id: null, values: { firstname: "Léa", birthdate: "2017-05-04" } },
    ]);
  });

  it("refuses an external id naming another customer, and an e-mail of another customer", () => {
    const clash = ["A-1", "Marc", "Petit", "marc@example.be", "0470112233", "", "", "", ""];
    const twice = ["B-2", "Anne", "Dupont", "anne@example.be", "0470123456", "", "", "", ""];
    const plan = planCustomerImport([rowOf(2, clash), rowOf(3, twice)], stored(), columnOf);
    expect(plan.errors).toEqual([
      { line: 2, column: "E-mail", code: "EMAIL_OF_ANOTHER_CUSTOMER" },
      { line: 3, column: "ID", code: "CONFLICTING_EXTERNAL_ID" },
    ]);
    const inFile = planCustomerImport(
      [
        rowOf(2, ["X", "Jo", "Lee", "jo@example.be", "0470000001", "", "", "", ""]),
        rowOf(3, ["X", "Al", "Lee", "al@example.be", "0470000002", "", "", "", ""]),
      ],
      [],
      columnOf,
    );
    expect(inFile.errors).toEqual([{ line: 3, column: "ID", code: "CONFLICTING_EXTERNAL_ID" }]);
  });
});
