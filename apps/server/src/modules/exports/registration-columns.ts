import type { Language } from "@booking/db";
import { paymentBadge } from "@booking/domain";
import { type Column, columnsIn, customFieldColumns, labelOf, type Translated } from "./columns.ts";
import type {
  CustomFieldColumn,
  OptionPriceLabel,
  QuestionLabel,
  RegistrationExportRow,
} from "./queries.ts";

/** What a registration's stored ids are called, and the custom fields to give columns. */
export type RegistrationLabels = {
  prices: ReadonlyMap<number, OptionPriceLabel>;
  questions: ReadonlyMap<number, QuestionLabel>;
  fields: readonly CustomFieldColumn[];
};

/** French typography puts a no-break space before a colon. */
const COLON: Translated = { fr: "\u00a0: ", en: ": " };
const REMOVED: Translated = { fr: "(supprimé)", en: "(removed)" };

const PAYMENT_STATES: Record<string, Translated> = {
  complete: { fr: "Payé", en: "Paid" },
  deposited: { fr: "Acompte payé", en: "Deposit paid" },
  outstanding: { fr: "À payer", en: "To pay" },
};

/**
 * The registrations export: the registration, its activity and dates, the participant, the
 * customer, the chosen options and the answers (one cell each), the amounts, then the custom
 * fields of participants and of customers, one column each.
 */
export function registrationColumns(
  language: Language,
  labels: RegistrationLabels,
): Column<RegistrationExportRow>[] {
  const column = columnsIn<RegistrationExportRow>(language);
  return [
    column("integer", { fr: "N° d'inscription", en: "Registration no." }, (r) => r.id),
    column("text", { fr: "Référence", en: "Reference" }, (r) => r.reference),
    column("datetime", { fr: "Inscrit le", en: "Registered on" }, (r) => r.created_at),
    column("text", { fr: "Activité", en: "Activity" }, (r) => r.activity),
    column("text", { fr: "Lieu", en: "Location" }, (r) => r.location),
    column("datetime", { fr: "Début", en: "Starts" }, (r) => r.availability_start),
    column("datetime", { fr: "Fin", en: "Ends" }, (r) => r.availability_end),
    column("text", { fr: "Dates", en: "Dates" }, (r) => r.dates),
    column(
      "text",
      { fr: "Prénom du participant", en: "Participant first name" },
      (r) => r.participant_firstname,
    ),
    column(
      "text",
      { fr: "Nom du participant", en: "Participant last name" },
      (r) => r.participant_lastname,
    ),
    column(
      "date",
      { fr: "Date de naissance", en: "Date of birth" },
      (r) => r.participant_birthdate,
    ),
    column(
      "text",
      { fr: "Prénom du client", en: "Customer first name" },
      (r) => r.customer_firstname,
    ),
    column("text", { fr: "Nom du client", en: "Customer last name" }, (r) => r.customer_lastname),
    column("text", { fr: "E-mail", en: "Email" }, (r) => r.customer_email),
    column("text", { fr: "Téléphone", en: "Phone" }, (r) => r.customer_phone),
    column("text", { fr: "Options", en: "Options" }, (r) => optionsText(r, labels, language)),
    column("text", { fr: "Réponses", en: "Answers" }, (r) => answersText(r, labels, language)),
    column("money", { fr: "Prix", en: "Price" }, (r) => r.total_amount),
    column("money", { fr: "Acompte", en: "Deposit" }, (r) => r.deposit_amount),
    column("money", { fr: "Payé", en: "Paid" }, (r) => r.paid_amount),
    column("money", { fr: "Reste à payer", en: "Outstanding" }, (r) =>
      Math.max(0, r.total_amount - r.paid_amount),
    ),
    column("text", { fr: "Paiement", en: "Payment" }, (r) => {
      const badge = paymentBadge({
        total: r.total_amount,
        paid: r.paid_amount,
        deposit: r.deposit_amount,
      });
      return badge && labelOf(PAYMENT_STATES, language, badge.kind);
    }),
    column("boolean", { fr: "Annulée", en: "Cancelled" }, (r) => r.cancelled),
    ...customFieldColumns<RegistrationExportRow>(
      labels.fields,
      "PARTICIPANTS",
      language,
      (r) => r.participant_custom_data,
      {
        labelled: true,
      },
    ),
    ...customFieldColumns<RegistrationExportRow>(
      labels.fields,
      "CUSTOMERS",
      language,
      (r) => r.customer_custom_data,
      {
        labelled: true,
      },
    ),
  ];
}

/** "Repas chauds : Menu végétarien; Régime : Sans supplément (sans gluten)" */
function optionsText(
  row: RegistrationExportRow,
  labels: RegistrationLabels,
  language: Language,
): string | null {
  if (row.options.length === 0) return null;
  return row.options
    .map((option) => {
      const price = labels.prices.get(option.price_id);
      const name = price ? `${price.option}${COLON[language]}${price.label}` : REMOVED[language];
      return option.content ? `${name} (${option.content})` : name;
    })
    .join("; ");
}

/** "Sait nager ? : Oui; Personnes autorisées : Maman" — unanswered questions are left out. */
function answersText(
  row: RegistrationExportRow,
  labels: RegistrationLabels,
  language: Language,
): string | null {
  const answers = row.questions.flatMap((answer) => {
    const question = labels.questions.get(answer.question_id);
    const text = answerText(answer.content, question);
    return text === null
      ? []
      : [`${question?.title ?? REMOVED[language]}${COLON[language]}${text}`];
  });
  return answers.length > 0 ? answers.join("; ") : null;
}

/** Text and dates as stored; choice ids as their labels. */
function answerText(
  content: string | number | number[] | null,
  question: QuestionLabel | undefined,
): string | null {
  const choice = (id: number) =>
    question?.choices.find((candidate) => Number(candidate.id) === id)?.label ?? String(id);
  if (content === null || content === "") return null;
  if (typeof content === "number") return choice(content);
  if (Array.isArray(content)) return content.length > 0 ? content.map(choice).join(", ") : null;
  return content;
}
