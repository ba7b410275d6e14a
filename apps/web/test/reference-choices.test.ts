import { describe, expect, it } from "vitest";
import {
  chosenReferences,
  matchingReferences,
  toggledReferences,
} from "../app/components/admin/website/reference-choices";

const records = [
  { value: "ck1catalogsummer0000000", name: "Stages d'été" },
  { value: "ck1catalogwinter0000000", name: "Winter camps" },
  { value: 7, name: "Tennis court" },
];

describe("reference pickers", () => {
  it("finds records by name, whatever the case and accents", () => {
    expect(matchingReferences(records, "ETE").map((r) => r.name)).toEqual(["Stages d'été"]);
    expect(matchingReferences(records, "  camps ").map((r) => r.value)).toEqual([
      "ck1catalogwinter0000000",
    ]);
    expect(matchingReferences(records, "")).toHaveLength(3);
  });

  it("stores the picked record's value (cuid or id), in the order picked, and takes it out again", () => {
    const one = toggledReferences([], "ck1catalogwinter0000000", true);
    const two = toggledReferences(one, 7, true);
    expect(two).toEqual(["ck1catalogwinter0000000", 7]);
    expect(toggledReferences(two, "ck1catalogwinter0000000", false)).toEqual([7]);
    expect(toggledReferences(two, 7, true)).toEqual(["ck1catalogwinter0000000", 7]);
    expect(toggledReferences("not a list", 7, true)).toEqual([7]);
  });

  it("names the chosen records and marks those that no longer exist as removed", () => {
    expect(chosenReferences([7, 99], records)).toEqual([
      { value: 7, name: "Tennis court" },
      { value: 99, name: null },
    ]);
    // While the list loads, nothing is called removed.
    expect(chosenReferences([99], null)).toEqual([{ value: 99, name: "99" }]);
  });
});
