import type { DefaultTemplate } from "./types.ts";

// To the owners when a webhook endpoint is disabled after failing again and again
// (docs/decisions/0086-webhooks-and-api-keys.md): its deliveries stop until it is enabled again.

export const webhookDisabled: DefaultTemplate = {
  key: "webhook-disabled",
  name: { fr: "Webhook désactivé", en: "Webhook disabled" },
  audience: "collaborator",
  editable: false,
  fr: {
    subject: "Un webhook de {{ organiser.name }} a été désactivé",
    content: `<p>Bonjour {{ collaborator.firstname }},</p>
<p>Les livraisons de l'un de vos webhooks échouent depuis trop longtemps : nous l'avons désactivé et ne lui envoyons plus d'événements.</p>
<p>Vérifiez l'adresse et le serveur qui la reçoit, puis réactivez-le ; vous pourrez renvoyer les livraisons manquées depuis son journal.</p>
<p><a class="button" href="{{ link.url }}">Voir le webhook</a></p>
<p class="note">{{ link.url }}</p>`,
    footer: "Cet e-mail vous est envoyé pour {{ organiser.name }}.",
  },
  en: {
    subject: "A webhook of {{ organiser.name }} was disabled",
    content: `<p>Hello {{ collaborator.firstname }},</p>
<p>The deliveries of one of your webhooks kept failing: we disabled it and send it no more events.</p>
<p>Check the address and the server receiving it, then enable it again; you can resend the missed deliveries from its log.</p>
<p><a class="button" href="{{ link.url }}">Open the webhook</a></p>
<p class="note">{{ link.url }}</p>`,
    footer: "This e-mail was sent to you for {{ organiser.name }}.",
  },
};
