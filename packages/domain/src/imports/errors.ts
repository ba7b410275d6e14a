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
  | "DUPLICATE_ROW"
  | "INVALID_TIME"
  | "END_NOT_AFTER_START"
  | "UNKNOWN_LOCATION"
  | "UNKNOWN_ACTIVITY"
  | "INCONSISTENT_GROUP"
  | "ALREADY_IMPORTED_DIFFERENTLY"
  | "UNKNOWN_CUSTOMER"
  | "UNKNOWN_AVAILABILITY"
  | "NO_DATE_AHEAD"
  | "AVAILABILITY_FULL"
  | "PAID_ABOVE_AMOUNT"
  | "REGISTRATION_IMPORTED_DIFFERENTLY";

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
  INVALID_TIME: {
    fr: "Heure invalide (attendu : 9:00, 14h30).",
    en: "Invalid time (expected: 9:00, 14:30).",
  },
  END_NOT_AFTER_START: {
    fr: "L'heure de fin doit suivre l'heure de début.",
    en: "The end time must come after the start time.",
  },
  UNKNOWN_LOCATION: {
    fr: "Aucun lieu ne porte ce nom : créez-le dans les réglages ou corrigez le nom.",
    en: "No location has this name: create it in the settings or correct the name.",
  },
  UNKNOWN_ACTIVITY: {
    fr: "Aucune de vos activités ne porte cet identifiant ou ce nom (importez d'abord les activités).",
    en: "None of your activities has this id or name (import the activities first).",
  },
  INCONSISTENT_GROUP: {
    fr: "Les lignes de cette disponibilité donnent une autre activité, capacité, un autre prix ou lieu.",
    en: "The rows of this availability give another activity, capacity, price or location.",
  },
  ALREADY_IMPORTED_DIFFERENTLY: {
    fr: "Cette disponibilité a déjà été importée avec d'autres dates ou réglages : modifiez-la dans la console.",
    en: "This availability was already imported with other dates or settings: change it in the console.",
  },
  UNKNOWN_CUSTOMER: {
    fr: "Aucun client n'a cet e-mail ou cet identifiant : donnez son prénom, nom, e-mail et téléphone pour le créer.",
    en: "No customer has this e-mail or id: give their first name, last name, e-mail and phone to create them.",
  },
  UNKNOWN_AVAILABILITY: {
    fr: "Aucune de vos disponibilités ne correspond (identifiant, ou activité, date et heure de début).",
    en: "None of your availabilities matches (id, or activity, date and start time).",
  },
  NO_DATE_AHEAD: {
    fr: "Cette disponibilité n'a plus de date ouverte à venir.",
    en: "This availability has no open date ahead any more.",
  },
  AVAILABILITY_FULL: {
    fr: "Plus de place : les lignes précédentes du fichier et les inscriptions existantes remplissent cette disponibilité.",
    en: "No place left: the rows above in the file and the existing registrations fill this availability.",
  },
  PAID_ABOVE_AMOUNT: {
    fr: "Le montant payé dépasse le montant de l'inscription.",
    en: "The amount paid is above the registration's amount.",
  },
  REGISTRATION_IMPORTED_DIFFERENTLY: {
    fr: "Cet identifiant d'inscription a déjà été importé pour un autre participant ou une autre disponibilité.",
    en: "This registration id was already imported for another participant or availability.",
  },
};

export function importErrorMessage(code: ImportErrorCode, locale: ImportLocale): string {
  return MESSAGES[code][locale];
}
