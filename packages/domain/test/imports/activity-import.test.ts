import { describe, expect, it } from "vitest";
import {
  type ExistingActivity,
  guessActivityMapping,
  parseImportAge,
  parseImportAmount,
  planActivityImport,
  readActivityRow,
} from "../../src/imports/index.ts";

const headers = ["ID", "Nom de l'activité", "Catégorie", "Prix", "Âge min", "Âge max"];
const mapping = [
  "activity.external_id",
  "activity.title",
  "activity.category",
  "activity.price",
  "activity.age_minimum",
  "activity.age_maximum",
];
const context = { categories: [{ id: 7, title: "Sports" }] };
const read = (cells: string[], line = 2) =>
  readActivityRow({ line, cells, headers, mapping }, context);

describe("activity files", () => {
  it("guesses the columns from French and English headers", () => {
    expect(
      guessActivityMapping([
        "Identifiant",
        "Activité",
        "Category",
        "Tarif",
        "Age min",
        "Max age",
        "Notes",
      ]),
    ).toEqual([
      "activity.external_id",
      "activity.title",
      "activity.category",
      "activity.price",
      "activity.age_minimum",
      "activity.age_maximum",
      null,
    ]);
  });

  it("reads amounts and ages as spreadsheets write them", () => {
    expect(["12", "12,5", "12.50", "€ 12,50", "12,50 €", "0"].map(parseImportAmount)).toEqual([
      1200, 1250, 1250, 1250, 1250, 0,
    ]);
    expect(["1.250,00", "-3", "abc", "12,505"].map(parseImportAmount)).toEqual([
      null,
      null,
      null,
      null,
    ]);
    expect(["6", "6 ans", "12 years", "121", "six"].map(parseImportAge)).toEqual([
      6,
      6,
      12,
      null,
      null,
    ]);
  });

  it("reads a row, its category by name in any case, or every error of its cells", () => {
    expect(read(["A1", "Poney", "sports", "12,50", "6", "10"])).toEqual({
      row: {
        line: 2,
        externalId: "A1",
        title: "Poney",
        categoryId: 7,
        description: null,
        ageMinimum: 6,
        ageMaximum: 10,
        price: 1250,
      },
    });
    expect(read(["", "", "Danse", "x", "10", "6"], 3)).toEqual({
      errors: [
        { line: 3, column: "Nom de l'activité", code: "REQUIRED" },
        { line: 3, column: "Catégorie", code: "UNKNOWN_CATEGORY" },
        { line: 3, column: "Âge min", code: "INVALID_AGE_RANGE" },
        { line: 3, column: "Prix", code: "INVALID_NUMBER" },
      ],
    });
  });
});

describe("activity plans", () => {
  const stored: ExistingActivity = {
    id: 1,
    externalId: null,
    title: "Poney",
    description: "<p>Balades</p>",
    ageMinimum: 6,
    ageMaximum: 10,
    price: 1250,
    categoryIds: [7],
  };
  const row = (cells: string[], line = 2) => {
    const result = read(cells, line);
    if (!("row" in result)) throw new Error("row expected");
    return result.row;
  };
  const columnOf = (target: string) => target;

  it("matches by name, leaves what is the same and keeps what the file leaves empty", () => {
    const plan = planActivityImport([row(["", "poney ", "", "", "", ""])], [stored], columnOf);
    expect(plan.summary).toEqual({ activities: { created: 0, updated: 1, unchanged: 0 } });
    // The file's spelling of the name is taken: "poney" differs from "Poney".
    const same = planActivityImport(
      [row(["", "Poney", "Sports", "12,50", "", ""])],
      [stored],
      columnOf,
    );
    expect(same.summary).toEqual({ activities: { created: 0, updated: 0, unchanged: 1 } });
    const { id: _, ...values } = stored;
    expect(same.activities[0]!.values).toEqual(values);
  });

  it("matches by external id first, adopts one on a name match, and refuses a row naming an activity twice", () => {
    const withId = { ...stored, id: 2, externalId: "X9", title: "Tennis" };
    const plan = planActivityImport(
      [
        row(["X9", "Tennis club", "", "", "", ""]),
        row(["A1", "Poney", "", "", "", ""], 3),
        row(["", "Poney", "", "", "", ""], 4),
      ],
      [stored, withId],
      columnOf,
    );
    expect(
      plan.activities.map((a) => [a.action, a.id, a.values.externalId, a.values.title]),
    ).toEqual([
      ["update", 2, "X9", "Tennis club"],
      ["update", 1, "A1", "Poney"],
    ]);
    expect(plan.errors).toEqual([{ line: 4, column: "activity.title", code: "DUPLICATE_ROW" }]);
  });
});
