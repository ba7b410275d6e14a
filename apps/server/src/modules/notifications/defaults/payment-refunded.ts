import type { DefaultTemplate } from "./types.ts";

// An online payment refunded automatically because it confirmed an order that could no longer
// be processed (docs/decisions/0011-online-payments.md): the customer is told why.

export const paymentRefunded: DefaultTemplate = {
  key: "payment-refunded",
  name: { fr: "Paiement remboursé automatiquement", en: "Payment refunded automatically" },
  audience: "customer",
  editable: true,
  fr: {
    subject: "Votre paiement a été remboursé – {{ organiser.name }}",
    content: `<p>Bonjour {{ customer.firstname }},</p>
<p>Nous avons bien reçu votre paiement en ligne de {{ refund.amount }}, mais nous n'avons pas pu enregistrer votre commande : nous vous l'avons remboursé automatiquement.</p>
{% if refund.reason == "PLACES_TAKEN" %}<p>Votre paiement est arrivé après la fin de la réservation de vos places dans le panier, et elles ont été prises entre-temps.</p>{% else %}<p>Ce paiement concernait une commande que vous aviez annulée ou déjà réglée autrement.</p>{% endif %}
<p>Le remboursement apparaîtra sur votre compte dans les prochains jours, selon votre banque. Aucune inscription n'a été enregistrée pour ce paiement.</p>
<p><a class="button" href="{{ link.url }}">Voir les activités</a></p>`,
  },
  en: {
    subject: "Your payment has been refunded – {{ organiser.name }}",
    content: `<p>Hello {{ customer.firstname }},</p>
<p>We received your online payment of {{ refund.amount }}, but we could not complete your order, so we have refunded it automatically.</p>
{% if refund.reason == "PLACES_TAKEN" %}<p>Your payment arrived after the places held in your cart had been released, and they were taken in the meantime.</p>{% else %}<p>This payment was for an order you had cancelled or already paid otherwise.</p>{% endif %}
<p>The refund will reach your account within a few days, depending on your bank. No registration was recorded for this payment.</p>
<p><a class="button" href="{{ link.url }}">See the activities</a></p>`,
  },
};
