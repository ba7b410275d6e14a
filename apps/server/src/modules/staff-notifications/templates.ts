import type { StaffNotificationOption } from "@booking/domain";
import type { TemplateLanguage, TemplateSource } from "../notifications/render/index.ts";

// The staff e-mails (decision 0055), one per notification option and language: staff mail, in
// the collaborator's language, not edited by the organiser (like the console's invitation). They
// read §3.4's data plus `staff` (the recipient) and `link` (the console page).

const REGISTRATION = `{% assign registration = registrations[0] %}`;
const WHEN = `registration.availability.start_at | format_range: registration.availability.end_at, "date"`;
const FOR_WHAT = `{{ registration.activity.title }} ({{ ${WHEN} }})`;
const VACANCY = `{% assign availability = availabilities[0] %}`;
const VACANT = `{{ availability.activity.title }} ({{ availability.start_at | format_range: availability.end_at, "date" }})`;

function page(greeting: string, body: string, action: string): string {
  return `${REGISTRATION}${VACANCY}<p>${greeting} {{ staff.firstname }},</p><p>${body}</p><p><a href="{{ link.url }}">${action}</a></p>`;
}

const fr = (body: string, action: string) => page("Bonjour", body, action);
const en = (body: string, action: string) => page("Hello", body, action);

export const STAFF_TEMPLATES: Record<
  StaffNotificationOption,
  Record<TemplateLanguage, TemplateSource>
> = {
  "reservation.created": {
    fr: {
      subject: `Nouvelle inscription : {{ registrations[0].participant.fullname }} – {{ registrations[0].activity.title }}`,
      content: fr(
        `{{ customer.fullname }} a inscrit {{ registration.participant.fullname }} à ${FOR_WHAT}.`,
        "Voir l'inscription dans la console",
      ),
    },
    en: {
      subject: `New registration: {{ registrations[0].participant.fullname }} – {{ registrations[0].activity.title }}`,
      content: en(
        `{{ customer.fullname }} registered {{ registration.participant.fullname }} for ${FOR_WHAT}.`,
        "Open the registration in the console",
      ),
    },
  },
  "registration.cancellation.created": {
    fr: {
      subject: `Inscription annulée : {{ registrations[0].participant.fullname }} – {{ registrations[0].activity.title }}`,
      content: fr(
        `L'inscription de {{ registration.participant.fullname }} à ${FOR_WHAT}, faite par {{ customer.fullname }}, est annulée.`,
        "Voir l'inscription dans la console",
      ),
    },
    en: {
      subject: `Registration cancelled: {{ registrations[0].participant.fullname }} – {{ registrations[0].activity.title }}`,
      content: en(
        `The registration of {{ registration.participant.fullname }} for ${FOR_WHAT}, made by {{ customer.fullname }}, is cancelled.`,
        "Open the registration in the console",
      ),
    },
  },
  "registration.transfer.created": {
    fr: {
      subject: `Inscription transférée : {{ registrations[0].participant.fullname }} – {{ registrations[0].activity.title }}`,
      content: fr(
        `L'inscription de {{ registration.participant.fullname }} (inscrit par {{ customer.fullname }}) est transférée vers ${FOR_WHAT}.`,
        "Voir l'inscription dans la console",
      ),
    },
    en: {
      subject: `Registration transferred: {{ registrations[0].participant.fullname }} – {{ registrations[0].activity.title }}`,
      content: en(
        `The registration of {{ registration.participant.fullname }} (registered by {{ customer.fullname }}) is transferred to ${FOR_WHAT}.`,
        "Open the registration in the console",
      ),
    },
  },
  "waiting-list.vacancy": {
    fr: {
      subject: `Place libérée : {{ availabilities[0].activity.title }}`,
      content: fr(
        `Une place s'est libérée sur ${VACANT} et des personnes attendent sur la liste d'attente.`,
        "Voir la liste d'attente dans la console",
      ),
    },
    en: {
      subject: `Place freed: {{ availabilities[0].activity.title }}`,
      content: en(
        `A place was freed on ${VACANT} and people are waiting on the waiting list.`,
        "Open the waiting list in the console",
      ),
    },
  },
  "bank_statement.transfer.reconciled": {
    fr: {
      subject: `Virement rapproché : {{ customer.fullname }} – {{ cart.reference }}`,
      content: fr(
        `Un virement de {{ customer.fullname }} est rapproché de la commande {{ cart.reference }} : {{ cart.paid_amount_minor | money }} payés, {{ cart.outstanding_amount_minor | money }} restent dus.`,
        "Voir le client dans la console",
      ),
    },
    en: {
      subject: `Bank transfer reconciled: {{ customer.fullname }} – {{ cart.reference }}`,
      content: en(
        `A bank transfer from {{ customer.fullname }} is reconciled with the order {{ cart.reference }}: {{ cart.paid_amount_minor | money }} paid, {{ cart.outstanding_amount_minor | money }} still owed.`,
        "Open the customer in the console",
      ),
    },
  },
};
