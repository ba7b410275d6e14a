import type { DefaultTemplate } from "./types.ts";

// The invitation of a collaborator: a link to choose a password for a new log-in (link.kind
// "activate"), or a plain link to the console for someone who already has one ("login").

export const collaboratorInvitation: DefaultTemplate = {
  key: "collaborator-invitation",
  name: { fr: "Invitation dans l'équipe", en: "Team invitation" },
  audience: "collaborator",
  editable: false,
  fr: {
    subject: "Invitation à rejoindre l'équipe de {{ organiser.name }}",
    content: `<p>Bonjour {{ collaborator.firstname }},</p>
<p>{{ inviter.name }} vous invite à gérer {{ organiser.name }} dans la console d'administration.</p>
{% if link.kind == "activate" %}<p>Choisissez votre mot de passe pour activer votre accès. Ce lien est valable 7 jours.</p>
<p><a class="button" href="{{ link.url }}">Activer mon accès</a></p>{% else %}<p>Connectez-vous avec votre compte habituel : l'organisateur apparaît dans votre liste.</p>
<p><a class="button" href="{{ link.url }}">Ouvrir la console</a></p>{% endif %}
<p class="note">{{ link.url }}</p>`,
    footer: "Cet e-mail vous est envoyé pour {{ organiser.name }}.",
  },
  en: {
    subject: "You're invited to join {{ organiser.name }}'s team",
    content: `<p>Hello {{ collaborator.firstname }},</p>
<p>{{ inviter.name }} invited you to manage {{ organiser.name }} in the admin console.</p>
{% if link.kind == "activate" %}<p>Choose your password to activate your access. This link is valid for 7 days.</p>
<p><a class="button" href="{{ link.url }}">Activate my access</a></p>{% else %}<p>Log in with your usual account: the organiser now appears in your list.</p>
<p><a class="button" href="{{ link.url }}">Open the console</a></p>{% endif %}
<p class="note">{{ link.url }}</p>`,
    footer: "This e-mail was sent to you for {{ organiser.name }}.",
  },
};
