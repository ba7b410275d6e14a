import type { DefaultTemplate } from "./types.ts";

// A place offered to someone on a waiting list (platform-and-account.md §9 waiting-list.vacancy;
// docs/decisions/0024-console-registrations.md): the place is held in their cart until the end
// of the claim window, and the link takes them to the checkout to confirm it.

export const waitingListOffer: DefaultTemplate = {
  key: "waiting-list-offer",
  name: { fr: "Place libérée (liste d'attente)", en: "Place available (waiting list)" },
  audience: "customer",
  editable: true,
  fr: {
    subject: "Une place s'est libérée : {{ offer.activity.title }} – {{ organiser.name }}",
    content: `<p>Bonjour {{ customer.firstname }},</p>
<p>Une place s'est libérée pour {{ offer.participant.fullname }} à « {{ offer.activity.title }} » (à partir du {{ offer.start_at | format_date }}). Nous l'avons réservée dans votre panier.</p>
<p>Elle vous est réservée jusqu'au {{ offer.expires_at | format_date: "short_datetime" }}, au prix de {{ offer.price }}. Passé ce délai, elle sera proposée à la personne suivante sur la liste d'attente.</p>
<p><a class="button" href="{{ link.url }}">Confirmer l'inscription</a></p>`,
  },
  en: {
    subject: "A place is available: {{ offer.activity.title }} – {{ organiser.name }}",
    content: `<p>Hello {{ customer.firstname }},</p>
<p>A place has become available for {{ offer.participant.fullname }} in "{{ offer.activity.title }}" (from {{ offer.start_at | format_date }}). We have put it in your cart.</p>
<p>It is held for you until {{ offer.expires_at | format_date: "short_datetime" }}, at {{ offer.price }}. After that, it will be offered to the next person on the waiting list.</p>
<p><a class="button" href="{{ link.url }}">Confirm the registration</a></p>`,
  },
};
