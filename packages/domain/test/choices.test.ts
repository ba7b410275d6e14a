import { describe, expect, it } from "vitest";
import { numberChoices } from "../src/choices.ts";

describe("numberChoices", () => {
  it("numbers a first list from 1 in its order", () => {
    expect(numberChoices([], [{ label: "Small" }, { label: "Large" }])).toEqual({
      ok: true,
      choices: [
        { id: 1, label: "Small" },
        { id: 2, label: "Large" },
      ],
    });
  });

  it("keeps the ids of existing choices, renamed and moved, and numbers new ones after them", () => {
    const stored = [
      { id: 1, label: "S" },
      { id: 2, label: "M" },
      { id: 3, label: "L" },
    ];
    expect(
      numberChoices(stored, [{ id: 3, label: "Large" }, { label: "XL" }, { id: 1, label: "S" }]),
    ).toEqual({
      ok: true,
      choices: [
        { id: 3, label: "Large" },
        { id: 4, label: "XL" },
        { id: 1, label: "S" },
      ],
    });
  });

  it("never gives a new choice the id of one removed in the same edit", () => {
    const stored = [
      { id: 1, label: "Yes" },
      { id: 7, label: "No" },
    ];
    const result = numberChoices(stored, [{ id: 1, label: "Yes" }, { label: "Maybe" }]);
    expect(result).toEqual({
      ok: true,
      choices: [
        { id: 1, label: "Yes" },
        { id: 8, label: "Maybe" },
      ],
    });
  });

  it("reads stored ids written as numeric strings", () => {
    expect(numberChoices([{ id: "4" }], [{ id: 4, label: "A" }, { label: "B" }])).toEqual({
      ok: true,
      choices: [
        { id: 4, label: "A" },
        { id: 5, label: "B" },
      ],
    });
  });

  it("refuses an id the stored list does not have, and an id given twice", () => {
    expect(numberChoices([{ id: 1 }], [{ id: 2, label: "A" }])).toEqual({
      ok: false,
      errors: { 0: "INVALID_CHOICE" },
    });
    expect(
      numberChoices(
        [{ id: 1 }],
        [
          { id: 1, label: "A" },
          { id: 1, label: "B" },
        ],
      ),
    ).toEqual({ ok: false, errors: { 1: "INVALID_CHOICE" } });
  });
});
