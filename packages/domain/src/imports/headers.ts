import type { CustomFieldDefinition } from "../custom-fields.ts";

/**
 * Column mapping guessed from a file's headers (issue 17 §2), in French or English: "Prénom",
 * "First name", "Date de naissance", "E-mail"… A header naming the participant ("Prénom de
 * l'enfant", "Participant first name") maps to the participant's field of the same name.
 */

/** Lower case, accents and punctuation dropped, words separated by one space. */
export function normaliseHeader(header: string): string {
  return header
    .normalize("NFD")
    .replace(/\p{M}/gu, "")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, " ")
    .trim();
}

/** The fixed fields of a customer file, by the headers that name them (normalised). */
const FIELD_ALIASES: Record<string, readonly string[]> = {
  external_id: [
    "id",
    "external id",
    "id externe",
    "identifiant",
    "identifiant externe",
    "customer id",
    "client id",
    "id client",
    "numero client",
    "reference client",
    "customer number",
    "customer reference",
  ],
  firstname: ["prenom", "first name", "firstname", "given name"],
  lastname: ["nom", "nom de famille", "last name", "lastname", "surname", "family name", "name"],
  email: [
    "e mail",
    "email",
    "courriel",
    "adresse e mail",
    "adresse email",
    "mail",
    "email address",
  ],
  phone: [
    "telephone",
    "tel",
    "phone",
    "phone number",
    "numero de telephone",
    "gsm",
    "mobile",
    "portable",
    "cell",
  ],
  birthdate: [
    "date de naissance",
    "naissance",
    "ne le",
    "nee le",
    "birth date",
    "birthdate",
    "date of birth",
    "dob",
    "birthday",
  ],
};

/** A custom field offered as a target, named by its title. */
export type CustomFieldTarget = Pick<CustomFieldDefinition, "id" | "entity" | "title">;

/** Words that say a column is about the participant rather than the customer. */
const PARTICIPANT_WORDS = [
  "participant",
  "participante",
  "enfant",
  "child",
  "kid",
  "eleve",
  "student",
];
/** Words that say a column is about the customer (the parent, the account holder). */
const CUSTOMER_WORDS = ["client", "customer", "parent", "responsable", "titulaire"];
/** Joining words around those ("Prénom de l'enfant", "Name of the customer"). */
const FILLERS = ["de la", "de l", "du", "de", "d", "of the", "of", "the"];

/** The header without the group words, when it has one (else found is false). */
function withoutGroupWords(
  text: string,
  words: readonly string[],
): { text: string; found: boolean } {
  const padded = ` ${text} `;
  if (!words.some((word) => padded.includes(` ${word} `))) return { text, found: false };
  let rest = padded;
  // Longest first, so that "de la" goes before "de".
  for (const word of [...words, ...FILLERS].sort((a, b) => b.length - a.length)) {
    rest = rest.replaceAll(` ${word} `, " ").replaceAll(` ${word} `, " ");
  }
  return { text: rest.replace(/\s+/g, " ").trim(), found: true };
}

const fixedField = (text: string): string | null =>
  Object.entries(FIELD_ALIASES).find(([, aliases]) => aliases.includes(text))?.[0] ?? null;

/** The target a header names, or null. Custom fields are named by their title. */
export function guessTarget(
  header: string,
  customFields: readonly CustomFieldTarget[],
): string | null {
  const text = normaliseHeader(header);
  if (text === "") return null;
  const custom = customFields.find((field) => normaliseHeader(field.title) === text);
  if (custom) return customFieldKey(custom);
  const participant = withoutGroupWords(text, PARTICIPANT_WORDS);
  if (participant.found) {
    const field = fixedField(participant.text);
    return field && ["firstname", "lastname", "birthdate"].includes(field)
      ? `participant.${field}`
      : null;
  }
  const field = fixedField(text) ?? fixedField(withoutGroupWords(text, CUSTOMER_WORDS).text);
  if (field === "birthdate") return "participant.birthdate";
  return field ? `customer.${field}` : null;
}

export function customFieldKey(field: Pick<CustomFieldTarget, "id" | "entity">): string {
  return `${field.entity === "CUSTOMERS" ? "customer" : "participant"}.custom.${field.id}`;
}

/**
 * The target of each column, by index: the first column naming a target gets it, later ones
 * naming the same target are left out (null).
 */
export function guessMapping(
  headers: readonly string[],
  customFields: readonly CustomFieldTarget[],
): (string | null)[] {
  const taken = new Set<string>();
  return headers.map((header) => {
    const target = guessTarget(header, customFields);
    if (target === null || taken.has(target)) return null;
    taken.add(target);
    return target;
  });
}
