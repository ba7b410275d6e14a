import type { DefaultTemplate } from "./types.ts";

// The confirmation of a processed cart (platform-and-account.md §9 default rule "cart-confirmed
// notification to customers, sent immediately after cart.processed"): what the success page
// shows (items, amounts, bank transfer instructions) and a link to the cart's account page.

/** One section of items (registrations, bundles…): a title, details under it, the amount. */
function section(list: string, item: string, heading: string, details: string): string {
  return `{% if ${list}.size > 0 %}
<h2>${heading}</h2>
<table>{% for ${item} in ${list} %}
<tr><td><strong>{{ ${item}.title }}</strong>${details}</td><td class="amount">{{ ${item}.total_amount }}</td></tr>{% endfor %}
</table>
{% endif %}`;
}

const detail = (text: string) => `<br><span class="detail">${text}</span>`;

interface Texts {
  subject: string;
  colon: string;
  greeting: string;
  intro: string;
  reference: string;
  registrations: string;
  bundles: string;
  memberships: string;
  vouchers: string;
  participant: string;
  code: string;
  validUntil: string;
  period: string;
  amounts: string;
  total: string;
  serviceFees: string;
  walletUsed: string;
  paid: string;
  outstanding: string;
  paidOnlineFull: string;
  paidOnlinePart: string;
  transferTitle: string;
  transferStructured: string;
  transferCreditor: string;
  beneficiary: string;
  amount: string;
  structured: string;
  creditor: string;
  dueOn: string;
  qrAlt: string;
  qrHint: string;
  button: string;
}

function content(t: Texts): string {
  const row = (label: string, value: string, cell = "amount") =>
    `<tr><td>${label}</td><td class="${cell}">${value}</td></tr>`;
  const transfer = "cart.bank_transfer";
  return `<p>${t.greeting}</p>
<p>${t.intro}</p>
<p><strong>${t.reference}${t.colon}</strong>{{ cart.reference }}</p>
{% if registrations.size > 0 %}
<h2>${t.registrations}</h2>
<table>{% for registration in registrations %}
<tr><td><strong>{{ registration.activity.title }}</strong>${detail(`${t.participant}${t.colon}{{ registration.participant.fullname }}`)}{% for date in registration.dates %}${detail("{{ date.period }}")}{% endfor %}</td><td class="amount">{{ registration.total_amount }}</td></tr>{% endfor %}
</table>
{% endif %}
${section(
  "bundles",
  "bundle",
  t.bundles,
  `{% if bundle.participant %}${detail(`${t.participant}${t.colon}{{ bundle.participant.fullname }}`)}{% endif %}{% if bundle.expires_on %}${detail(`${t.validUntil} {{ bundle.expires_on }}`)}{% endif %}`,
)}
${section(
  "memberships",
  "membership",
  t.memberships,
  `{% if membership.participant %}${detail(`${t.participant}${t.colon}{{ membership.participant.fullname }}`)}{% endif %}${detail(`${t.period}${t.colon}{{ membership.period }}`)}`,
)}
${section(
  "vouchers",
  "voucher",
  t.vouchers,
  `${detail(`${t.code}${t.colon}{{ voucher.code }}`)}{% if voucher.expires_on %}${detail(`${t.validUntil} {{ voucher.expires_on }}`)}{% endif %}`,
)}
<h2>${t.amounts}</h2>
<table>
${row(t.total, "{{ cart.total_amount }}")}
{% if cart.service_fees_minor > 0 %}${row(t.serviceFees, "{{ cart.service_fees }}")}{% endif %}
{% if cart.wallet_used_minor > 0 %}${row(t.walletUsed, "{{ cart.wallet_used }}")}{% endif %}
${row(t.paid, "{{ cart.paid_amount }}")}
${row(t.outstanding, "{{ cart.outstanding_amount }}", "total")}
</table>
{% if cart.paid_online_amount_minor > 0 %}{% if cart.outstanding_amount_minor > 0 %}<p>${t.paidOnlinePart}</p>{% else %}<p>${t.paidOnlineFull}</p>{% endif %}{% endif %}
{% if ${transfer} %}
<h2>${t.transferTitle}</h2>
{% if ${transfer}.reference_kind == "STRUCTURED_COMMUNICATION" %}<p>${t.transferStructured}</p>{% else %}<p>${t.transferCreditor}</p>{% endif %}
<table>
${row(t.beneficiary, `{{ ${transfer}.beneficiary }}`)}
{% if ${transfer}.iban %}${row("IBAN", `{{ ${transfer}.iban }}`)}{% endif %}
{% if ${transfer}.bic %}${row("BIC", `{{ ${transfer}.bic }}`)}{% endif %}
${row(t.amount, `{{ ${transfer}.amount }}`)}
<tr><td>{% if ${transfer}.reference_kind == "STRUCTURED_COMMUNICATION" %}${t.structured}{% else %}${t.creditor}{% endif %}</td><td class="amount">{{ ${transfer}.reference }}</td></tr>
${row(t.dueOn, `{{ ${transfer}.due_on }}`, "total")}
</table>
{% if ${transfer}.qr_code %}<p><img src="{{ ${transfer}.qr_code }}" width="180" height="180" alt="${t.qrAlt}"></p>
<p>${t.qrHint}</p>{% endif %}
{% endif %}
<p><a class="button" href="{{ cart.url }}">${t.button}</a></p>`;
}

const fr: Texts = {
  subject: "Confirmation de votre commande {{ cart.reference }} – {{ organiser.name }}",
  // French typography puts a (no-break) space before a colon.
  colon: "&nbsp;: ",
  greeting: "Bonjour {{ customer.firstname }},",
  intro: "Merci ! Votre commande est enregistrée. En voici le récapitulatif.",
  reference: "Référence",
  registrations: "Inscriptions",
  bundles: "Carnets",
  memberships: "Abonnements",
  vouchers: "Bons cadeaux",
  participant: "Participant",
  code: "Code",
  validUntil: "Valable jusqu'au",
  period: "Période",
  amounts: "Montants",
  total: "Total",
  serviceFees: "Frais de service",
  walletUsed: "Portefeuille utilisé",
  paid: "Payé",
  outstanding: "Reste à payer",
  paidOnlineFull:
    "Votre paiement en ligne de {{ cart.paid_online_amount }} est bien reçu : votre commande est entièrement payée.",
  paidOnlinePart: "Votre paiement en ligne de {{ cart.paid_online_amount }} est bien reçu.",
  transferTitle: "Paiement par virement",
  transferStructured:
    "Pour finaliser votre commande, effectuez un virement avec la communication structurée ci-dessous.",
  transferCreditor:
    "Pour finaliser votre commande, effectuez un virement en indiquant la référence ci-dessous, telle quelle et seule, dans le champ « référence » (ou « communication ») du virement.",
  beneficiary: "Bénéficiaire",
  amount: "Montant",
  structured: "Communication structurée",
  creditor: "Référence de paiement",
  dueOn: "À payer au plus tard le",
  qrAlt: "Code QR du virement",
  qrHint:
    "Scannez ce code avec l'app de votre banque : bénéficiaire, IBAN, montant et communication sont remplis pour vous.",
  button: "Voir ma commande",
};

const en: Texts = {
  subject: "Your order confirmation {{ cart.reference }} – {{ organiser.name }}",
  colon: ": ",
  greeting: "Hello {{ customer.firstname }},",
  intro: "Thank you! Your order is confirmed. Here is its summary.",
  reference: "Reference",
  registrations: "Registrations",
  bundles: "Bundles",
  memberships: "Memberships",
  vouchers: "Vouchers",
  participant: "Participant",
  code: "Code",
  validUntil: "Valid until",
  period: "Period",
  amounts: "Amounts",
  total: "Total",
  serviceFees: "Service fees",
  walletUsed: "Wallet used",
  paid: "Paid",
  outstanding: "Outstanding",
  paidOnlineFull:
    "Your online payment of {{ cart.paid_online_amount }} has been received: your order is paid in full.",
  paidOnlinePart: "Your online payment of {{ cart.paid_online_amount }} has been received.",
  transferTitle: "Payment by bank transfer",
  transferStructured:
    "To complete your order, please make a bank transfer with the structured reference below.",
  transferCreditor:
    "To complete your order, please make a bank transfer and enter the reference below, exactly as shown and on its own, in the transfer's reference field.",
  beneficiary: "Account holder",
  amount: "Amount",
  structured: "Structured reference",
  creditor: "Payment reference",
  dueOn: "To be paid by",
  qrAlt: "QR code of the transfer",
  qrHint:
    "Scan this code with your banking app: beneficiary, IBAN, amount and reference are filled in for you.",
  button: "View my order",
};

export const cartConfirmation: DefaultTemplate = {
  key: "cart-confirmation",
  name: { fr: "Confirmation de commande", en: "Order confirmation" },
  audience: "customer",
  editable: true,
  fr: { subject: fr.subject, content: content(fr) },
  en: { subject: en.subject, content: content(en) },
};
