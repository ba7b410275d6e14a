import type { DefaultTemplate } from "./types.ts";

// A reminder of something still owed (`payment.reminder`, docs/decisions/0077-payment-reminders.md):
// the amount, how late it is, how to pay it by transfer with the EPC QR code, and the customer's
// page of it.

interface Texts {
  subject: string;
  greeting: string;
  intro: string;
  late: string;
  invoice: string;
  transferTitle: string;
  beneficiary: string;
  amount: string;
  reference: string;
  qrAlt: string;
  qrHint: string;
  ignore: string;
  button: string;
}

function content(t: Texts): string {
  const transfer = "reminder.bank_transfer";
  const row = (label: string, value: string) =>
    `<tr><td>${label}</td><td class="amount">${value}</td></tr>`;
  return `<p>${t.greeting}</p>
<p>${t.intro}</p>
<p>${t.late}</p>
{% if reminder.invoice_number %}<p>${t.invoice}</p>{% endif %}
{% if ${transfer} %}
<h2>${t.transferTitle}</h2>
<table>
${row(t.beneficiary, `{{ ${transfer}.beneficiary }}`)}
{% if ${transfer}.iban %}${row("IBAN", `{{ ${transfer}.iban }}`)}{% endif %}
{% if ${transfer}.bic %}${row("BIC", `{{ ${transfer}.bic }}`)}{% endif %}
${row(t.amount, `{{ ${transfer}.amount }}`)}
${row(t.reference, `{{ ${transfer}.reference }}`)}
</table>
{% if ${transfer}.qr_code %}<p><img src="{{ ${transfer}.qr_code }}" width="180" height="180" alt="${t.qrAlt}"></p>
<p>${t.qrHint}</p>{% endif %}
{% endif %}
<p>${t.ignore}</p>
<p><a class="button" href="{{ reminder.url }}">${t.button}</a></p>`;
}

const fr: Texts = {
  subject: "Rappel de paiement : {{ reminder.amount_due }} – {{ organiser.name }}",
  greeting: "Bonjour {{ customer.firstname }},",
  intro:
    "Sauf erreur de notre part, nous n'avons pas encore reçu le paiement de {{ reminder.amount_due }} pour {{ reminder.label }}.",
  late: "Il était dû le {{ reminder.due_on }}{% if reminder.days_overdue > 0 %}, il y a {{ reminder.days_overdue }} jour{% if reminder.days_overdue > 1 %}s{% endif %}{% endif %}.",
  invoice: "Facture n° {{ reminder.invoice_number }}",
  transferTitle: "Payer par virement",
  beneficiary: "Bénéficiaire",
  amount: "Montant",
  reference: "Communication",
  qrAlt: "Code QR de virement",
  qrHint: "Scannez ce code avec l'application de votre banque pour remplir le virement.",
  ignore: "Si vous avez payé entre-temps, merci de ne pas tenir compte de ce message.",
  button: "Voir et payer",
};

const en: Texts = {
  subject: "Payment reminder: {{ reminder.amount_due }} – {{ organiser.name }}",
  greeting: "Hello {{ customer.firstname }},",
  intro:
    "Unless we are mistaken, we have not yet received the payment of {{ reminder.amount_due }} for {{ reminder.label }}.",
  late: "It was due on {{ reminder.due_on }}{% if reminder.days_overdue > 0 %}, {{ reminder.days_overdue }} day{% if reminder.days_overdue > 1 %}s{% endif %} ago{% endif %}.",
  invoice: "Invoice no. {{ reminder.invoice_number }}",
  transferTitle: "Pay by bank transfer",
  beneficiary: "Beneficiary",
  amount: "Amount",
  reference: "Reference",
  qrAlt: "Bank transfer QR code",
  qrHint: "Scan this code with your banking app to fill in the transfer.",
  ignore: "If you have paid in the meantime, please disregard this message.",
  button: "View and pay",
};

export const paymentReminder: DefaultTemplate = {
  key: "payment-reminder",
  name: { fr: "Rappel de paiement", en: "Payment reminder" },
  audience: "customer",
  editable: true,
  fr: { subject: fr.subject, content: content(fr) },
  en: { subject: en.subject, content: content(en) },
};
