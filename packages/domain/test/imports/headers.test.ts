import { describe, expect, it } from "vitest";
import { guessMapping, guessTarget, normaliseHeader } from "../../src/imports/index.ts";

const allergies = { id: 7, entity: "PARTICIPANTS" as const, title: "Allergies" };
const school = { id: 3, entity: "CUSTOMERS" as const, title: "École d'origine" };

describe("import column mapping guessed from the headers", () => {
  it("normalises accents, case and punctuation", () => {
    expect(normaliseHeader("  Prénom de l'Enfant ")).toBe("prenom de l enfant");
    expect(normaliseHeader("E-mail")).toBe("e mail");
  });

  it.each([
    ["Prénom", "customer.firstname"],
    ["First name", "customer.firstname"],
    ["Nom", "customer.lastname"],
    ["Last Name", "customer.lastname"],
    ["E-mail", "customer.email"],
    ["Courriel", "customer.email"],
    ["Téléphone", "customer.phone"],
    ["GSM", "customer.phone"],
    ["Phone number", "customer.phone"],
    ["Prénom du parent", "customer.firstname"],
    ["Customer e-mail", "customer.email"],
    ["ID client", "customer.external_id"],
    ["External id", "customer.external_id"],
    ["Date de naissance", "participant.birthdate"],
    ["Birth date", "participant.birthdate"],
    ["Date of birth", "participant.birthdate"],
    ["Prénom de l'enfant", "participant.firstname"],
    ["Participant first name", "participant.firstname"],
    ["Nom participant", "participant.lastname"],
    ["Child last name", "participant.lastname"],
    ["Allergies", "participant.custom.7"],
    ["ecole d origine", "customer.custom.3"],
    ["Commentaire", null],
    ["", null],
  ])("%s → %s", (header, target) => {
    expect(guessTarget(header, [allergies, school])).toBe(target);
  });

  it("gives each target to the first column naming it only", () => {
    expect(guessMapping(["Email", "Prénom", "Courriel", "Notes"], [])).toEqual([
      "customer.email",
      "customer.firstname",
      null,
      null,
    ]);
  });
});
