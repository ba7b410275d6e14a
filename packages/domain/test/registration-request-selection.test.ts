import { describe, expect, it } from "vitest";
import {
  requestSelectionButton,
  requestSelectionFeedback,
  requestSelectionWording,
  tierForRequest,
} from "../src/index.ts";

const twoPerWeek = { minimum_availabilities: 2, maximum_availabilities: 2 };
const twoToFour = { minimum_availabilities: 2, maximum_availabilities: 4 };

describe("registration request selection", () => {
  it("is too_few below the minimum, valid within the bounds, too_many above the maximum", () => {
    expect(requestSelectionFeedback(0, twoToFour)).toBe("too_few");
    expect(requestSelectionFeedback(1, twoToFour)).toBe("too_few");
    expect(requestSelectionFeedback(2, twoToFour)).toBe("valid");
    expect(requestSelectionFeedback(4, twoToFour)).toBe("valid");
    expect(requestSelectionFeedback(5, twoToFour)).toBe("too_many");
    expect(requestSelectionFeedback(2, twoPerWeek)).toBe("valid");
    expect(requestSelectionFeedback(3, twoPerWeek)).toBe("too_many");
  });

  it("words a tier whose minimum is its maximum as fixed, others as an interval", () => {
    expect(requestSelectionWording(twoPerWeek)).toBe("fixed");
    expect(requestSelectionWording(twoToFour)).toBe("interval");
  });

  it("disables the validate button outside the bounds and on an empty selection, red above", () => {
    expect(requestSelectionButton(1, twoPerWeek)).toEqual({ disabled: true, danger: false });
    expect(requestSelectionButton(2, twoPerWeek)).toEqual({ disabled: false, danger: false });
    expect(requestSelectionButton(3, twoPerWeek)).toEqual({ disabled: true, danger: true });
    const oneOrMore = { minimum_availabilities: 1, maximum_availabilities: 3 };
    expect(requestSelectionButton(0, { ...oneOrMore, minimum_availabilities: 1 })).toEqual({
      disabled: true,
      danger: false,
    });
  });

  it("finds the first tier whose bounds hold the sessions and whose count is the repeats", () => {
    const tiers = [
      { cuid: "one", registrations: 1, minimum_availabilities: 1, maximum_availabilities: 1 },
      { cuid: "two", registrations: 2, minimum_availabilities: 2, maximum_availabilities: 3 },
      { cuid: "two-b", registrations: 2, minimum_availabilities: 2, maximum_availabilities: 4 },
    ];
    expect(tierForRequest(tiers, { availabilities: 1, repeats: 1 })?.cuid).toBe("one");
    expect(tierForRequest(tiers, { availabilities: 3, repeats: 2 })?.cuid).toBe("two");
    expect(tierForRequest(tiers, { availabilities: 4, repeats: 2 })?.cuid).toBe("two-b");
    expect(tierForRequest(tiers, { availabilities: 2, repeats: 1 })).toBeNull();
    expect(tierForRequest(tiers, { availabilities: 5, repeats: 2 })).toBeNull();
    expect(tierForRequest([], { availabilities: 1, repeats: 1 })).toBeNull();
  });
});
