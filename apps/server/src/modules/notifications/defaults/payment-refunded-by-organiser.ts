import type { DefaultTemplate } from "./types.ts";

// An online payment the organiser refunded from the console, wholly or in part: the customer
// learns how much comes back and when. The staff's reason is an internal note, not quoted.

export const paymentRefundedByOrganiser: DefaultTemplate = {
  key: "payment-refunded-by-organiser",
  name: { fr: "Remboursement par l'organisateur", en: "Refund by the organiser" },
  audience: "customer",
  editable: true,
  fr: {
    subject: "Remboursement de votre paiement – {{ organiser.name }}",
    content: `<p>Bonjour {{ customer.firstname }},</p>
{% if refund.whole %}<p>Votre paiement en ligne de {{ refund.paid_amount }}{% if refund.reference %} (commande {{ refund.reference }}){% endif %} vous a été remboursé.</p>{% else %}<p>Sur votre paiement en ligne de {{ refund.paid_amount }}{% if refund.reference %} (commande {{ refund.reference }}){% endif %}, {{ refund.amount }} vous ont été remboursés.</p>{% endif %}
<p>Le remboursement apparaîtra sur votre compte dans les prochains jours, selon votre banque. Pour toute question, répondez simplement à cet e-mail.</p>`,
  },
  en: {
    subject: "Your payment has been refunded – {{ organiser.name }}",
    content: `<p>Hello {{ customer.firstname }},</p>
{% if refund.whole %}<p>Your online payment of {{ refund.paid_amount }}{% if refund.reference %} (order {{ refund.reference }}){% endif %} has been refunded to you.</p>{% else %}<p>Of your online payment of {{ refund.paid_amount }}{% if refund.reference %} (order {{ refund.reference }}){% endif %}, {{ refund.amount }} has been refunded to you.</p>{% endif %}
<p>The refund will reach your account within a few days, depending on your bank. For any question, simply reply to this e-mail.</p>`,
  },
};
