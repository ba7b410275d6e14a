/** Why a cell or a row of an imported file cannot be imported, with its message in fr and en. */
export type ImportErrorCode =
  | "REQUIRED"
  | "INVALID_EMAIL"
  | "INVALID_PHONE"
  | "INVALID_DATE"
  | "INVALID_CHOICE"
  | "INVALID_FORMAT"
  | "TOO_LONG"
  | "CONFLICTING_EXTERNAL_ID"
  | "EMAIL_OF_ANOTHER_CUSTOMER"
  | "INVALID_NUMBER"
  | "INVALID_AGE_RANGE"
  | "UNKNOWN_CATEGORY"
  | "DUPLICATE_ROW";

export type ImportError = {
  /** the row's line in the file (the header is line 1) */
  line: number;
  /** the header of the column at fault; null for the row as a whole */
  column: string | null;
  code: ImportErrorCode;
};

export type ImportLocale = "fr" | "en";

const MESSAGES: Record<ImportErrorCode, Record<ImportLocale, string>> = {
  REQUIRED: { fr: "Valeur obligatoire manquante.", en: "A required value is missing." },
  INVALID_EMAIL: { fr: "Adresse e-mail invalide.", en: "Invalid e-mail address." },
  INVALID_PHONE: {
    fr: "Numéro de téléphone invalide.",
    en: "Invalid phone number.",
  },
  INVALID_DATE: {
    fr: "Date invalide (attendu : jj/mm/aaaa ou aaaa-mm-jj).",
    en: "Invalid date (expected: dd/mm/yyyy or yyyy-mm-dd).",
  },
  INVALID_CHOICE: {
    fr: "Ce choix n'existe pas pour ce champ.",
    en: "This choice does not exist for this field.",
  },
  INVALID_FORMAT: {
    fr: "La valeur ne respecte pas le format du champ.",
    en: "The value does not match the field's format.",
  },
  TOO_LONG: { fr: "Valeur trop longue.", en: "The value is too long." },
  CONFLICTING_EXTERNAL_ID: {
    fr: "Cet identifiant désigne un autre client (autre e-mail) ailleurs dans le fichier ou sur la plateforme.",
    en: "This id names another customer (another e-mail) elsewhere in the file or on the platform.",
  },
  EMAIL_OF_ANOTHER_CUSTOMER: {
    fr: "Cette adresse e-mail appartient déjà à un autre client.",
    en: "This e-mail address already belongs to another customer.",
  },
  INVALID_NUMBER: {
    fr: "Nombre invalide (attendu : 12 ou 12,50).",
    en: "Invalid number (expected: 12 or 12.50).",
  },
  INVALID_AGE_RANGE: {
    fr: "L'âge minimum dépasse l'âge maximum.",
    en: "The minimum age is above the maximum age.",
  },
  UNKNOWN_CATEGORY: {
    fr: "Aucune catégorie ne porte ce nom : créez-la dans le catalogue ou corrigez le nom.",
    en: "No category has this name: create it in the catalogue or correct the name.",
  },
  DUPLICATE_ROW: {
    fr: "Une ligne plus haut dans le fichier désigne déjà le même élément.",
    en: "A row higher in the file already names the same item.",
  },
};

export function importErrorMessage(code: ImportErrorCode, locale: ImportLocale): string {
  return MESSAGES[code][locale];
}
