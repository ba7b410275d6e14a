import { describe, expect, it } from "vitest";
import { organiserSlugProblem, suggestOrganiserSlug } from "../src/organiser-slug.ts";

describe("organiser slugs", () => {
  it("accepts hostname labels of 3 to 40 characters", () => {
    expect(organiserSlugProblem("abc")).toBeNull();
    expect(organiserSlugProblem("club-de-tennis-42")).toBeNull();
    expect(organiserSlugProblem("a".repeat(40))).toBeNull();
  });

  it("names what is wrong", () => {
    expect(organiserSlugProblem("ab")).toBe("TOO_SHORT");
    expect(organiserSlugProblem("a".repeat(41))).toBe("TOO_LONG");
    for (const slug of [
      "-club",
      "club-",
      "cl--ub",
      "Club",
      "club_1",
      "clüb",
      "club.be",
      "my club",
    ]) {
      expect(organiserSlugProblem(slug), slug).toBe("INVALID_FORMAT");
    }
  });

  it("keeps the platform's own names", () => {
    for (const slug of ["admin", "www", "api", "app", "signup", "mail"]) {
      expect(organiserSlugProblem(slug), slug).toBe("SLUG_RESERVED");
    }
  });

  it("suggests a valid slug from a name", () => {
    expect(suggestOrganiserSlug("École de Musique d'Uccle")).toBe("ecole-de-musique-d-uccle");
    expect(suggestOrganiserSlug("  Les Petits  Explorateurs! ")).toBe("les-petits-explorateurs");
    const long = suggestOrganiserSlug("Royal Tennis Club de la Vallée de la Woluwe et environs");
    expect(long.length).toBeLessThanOrEqual(40);
    expect(organiserSlugProblem(long)).toBeNull();
  });
});
