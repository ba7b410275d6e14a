import { describe, expect, it } from "vitest";
import { participantChoice } from "../app/lib/storefront-page";

const lea = { id: 1, cuid: "lea", fullname: "Léa Dubois" };
const hugo = { id: 2, cuid: "hugo", fullname: "Hugo Dubois" };
const at = (query: string) => new Request(`http://demo.localhost/fr/availabilities/a1${query}`);

describe("participantChoice (storefront.md §4 Participant selection)", () => {
  it("lists the participants as the select shows them", () => {
    expect(participantChoice([lea, hugo], at("")).participants).toEqual([
      { id: 1, fullname: "Léa Dubois" },
      { id: 2, fullname: "Hugo Dubois" },
    ]);
  });

  it("preselects the participant whose cuid is in the query", () => {
    expect(participantChoice([lea, hugo], at("?participant=hugo")).participantId).toBe(2);
  });

  it("otherwise preselects the only participant", () => {
    expect(participantChoice([lea], at("")).participantId).toBe(1);
    expect(participantChoice([lea], at("?participant=unknown")).participantId).toBe(1);
  });

  it("with auto-select, preselects the first unless the query names one", () => {
    const auto = { autoSelect: true };
    expect(participantChoice([lea, hugo], at(""), auto).participantId).toBe(1);
    expect(participantChoice([lea, hugo], at("?participant=hugo"), auto).participantId).toBe(2);
    expect(participantChoice([], at(""), auto).participantId).toBeNull();
  });

  it("preselects nobody among several without a known cuid, or without participants", () => {
    expect(participantChoice([lea, hugo], at("")).participantId).toBeNull();
    expect(participantChoice([lea, hugo], at("?participant=other")).participantId).toBeNull();
    expect(participantChoice([], at("?participant=lea")).participantId).toBeNull();
  });
});
