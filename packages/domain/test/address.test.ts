import { describe, expect, it } from "vitest";
import { addressLines, mapSearchUrl } from "../src/address.ts";

const brussels = {
  street: "Rue de la Forêt",
  number: "12",
  postcode: "1000",
  city: "Bruxelles",
  country: "BE",
};
const empty = { street: null, number: null, postcode: null, city: null, country: null };

describe("addressLines", () => {
  it("puts the number after the street and the postcode before the city", () => {
    expect(addressLines(brussels)).toEqual(["Rue de la Forêt 12", "1000 Bruxelles"]);
  });

  it("follows the country's order: number first in the UK and France, postcode last in the UK", () => {
    const london = {
      street: "Riverside Walk",
      number: "12",
      postcode: "SE1 9PP",
      city: "London",
      country: "GB",
    };
    expect(addressLines(london)).toEqual(["12 Riverside Walk", "London", "SE1 9PP"]);
    expect(addressLines({ ...brussels, country: "FR", city: "Paris", postcode: "75001" })).toEqual([
      "12 Rue de la Forêt",
      "75001 Paris",
    ]);
  });

  it("leaves out the empty parts", () => {
    expect(addressLines({ ...empty, city: " London " })).toEqual(["London"]);
    expect(addressLines({ ...empty, street: "", number: "  " })).toEqual([]);
  });
});

describe("mapSearchUrl", () => {
  it("searches the whole address on OpenStreetMap or Google Maps, encoded", () => {
    expect(mapSearchUrl(brussels, "openstreetmap")).toBe(
      "https://www.openstreetmap.org/search?query=Rue%20de%20la%20For%C3%AAt%2012%2C%201000%20Bruxelles%2C%20BE",
    );
    expect(mapSearchUrl(brussels, "google", "Belgique")).toBe(
      "https://www.google.com/maps/search/?api=1&query=Rue%20de%20la%20For%C3%AAt%2012%2C%201000%20Bruxelles%2C%20Belgique",
    );
  });

  it("cannot break out of the query with reserved characters", () => {
    const url = new URL(mapSearchUrl({ ...empty, street: "A&b=c#d?", city: "X" }, "google")!);
    expect(url.host).toBe("www.google.com");
    expect(url.searchParams.get("query")).toBe("A&b=c#d?, X");
    expect(url.hash).toBe("");
  });

  it("gives no link without a street or a city", () => {
    expect(mapSearchUrl(empty, "openstreetmap")).toBeNull();
    expect(mapSearchUrl({ ...empty, postcode: "1000", country: "BE" }, "google")).toBeNull();
  });
});
