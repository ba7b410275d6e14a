import type { DefaultTemplate } from "./types.ts";

// The password-reset link of a customer (on the storefront) and of a collaborator (in the
// console): the same words, written to whoever asked.

function reset(recipient: "customer" | "collaborator"): Pick<DefaultTemplate, "fr" | "en"> {
  const link = `<p><a class="button" href="{{ link.url }}">%BUTTON%</a></p>
<p class="note">{{ link.url }}</p>`;
  return {
    fr: {
      subject: "Réinitialisation de votre mot de passe – {{ organiser.name }}",
      content: `<p>Bonjour {{ ${recipient}.firstname }},</p>
<p>Vous avez demandé à réinitialiser votre mot de passe. Ce lien est valable une heure et ne peut servir qu'une fois.</p>
${link.replace("%BUTTON%", "Choisir un nouveau mot de passe")}
<p>Si vous n'êtes pas à l'origine de cette demande, ignorez simplement cet e-mail.</p>`,
    },
    en: {
      subject: "Reset your password – {{ organiser.name }}",
      content: `<p>Hello {{ ${recipient}.firstname }},</p>
<p>You asked to reset your password. This link is valid for one hour and can be used once.</p>
${link.replace("%BUTTON%", "Choose a new password")}
<p>If you did not ask for this, you can safely ignore this e-mail.</p>`,
    },
  };
}

export const customerPasswordReset: DefaultTemplate = {
  key: "customer-password-reset",
  name: { fr: "Réinitialisation du mot de passe", en: "Password reset" },
  audience: "customer",
  editable: true,
  ...reset("customer"),
};

export const collaboratorPasswordReset: DefaultTemplate = {
  key: "collaborator-password-reset",
  name: {
    fr: "Réinitialisation du mot de passe (équipe)",
    en: "Password reset (team)",
  },
  audience: "collaborator",
  editable: false,
  ...reset("collaborator"),
};
