import { emailButton, emailLayout, escapeHtml } from "./layout.ts";

const TEXTS = {
  fr: {
    subject: (organiser: string) => `Réinitialisation de votre mot de passe – ${organiser}`,
    greeting: (name: string) => `Bonjour ${name},`,
    intro:
      "Vous avez demandé à réinitialiser votre mot de passe. Ce lien est valable une heure et ne peut servir qu'une fois.",
    button: "Choisir un nouveau mot de passe",
    ignore: "Si vous n'êtes pas à l'origine de cette demande, ignorez simplement cet e-mail.",
    footer: (organiser: string) => `Cet e-mail vous est envoyé par ${organiser}.`,
  },
  en: {
    subject: (organiser: string) => `Reset your password – ${organiser}`,
    greeting: (name: string) => `Hello ${name},`,
    intro:
      "You asked to reset your password. This link is valid for one hour and can be used once.",
    button: "Choose a new password",
    ignore: "If you did not ask for this, you can safely ignore this e-mail.",
    footer: (organiser: string) => `This e-mail was sent to you by ${organiser}.`,
  },
} as const;

export function passwordResetEmail(input: {
  language: "fr" | "en";
  organiserName: string;
  firstname: string;
  resetUrl: string;
}): { subject: string; html: string; text: string } {
  const t = TEXTS[input.language];
  const body = [
    `<p>${escapeHtml(t.greeting(input.firstname))}</p>`,
    `<p>${escapeHtml(t.intro)}</p>`,
    emailButton(input.resetUrl, t.button),
    `<p style="font-size:13px;color:#52525b">${escapeHtml(input.resetUrl)}</p>`,
    `<p>${escapeHtml(t.ignore)}</p>`,
  ].join("\n");
  return {
    subject: t.subject(input.organiserName),
    html: emailLayout({
      organiserName: input.organiserName,
      body,
      footer: t.footer(input.organiserName),
    }),
    text: [t.greeting(input.firstname), "", t.intro, "", input.resetUrl, "", t.ignore].join("\n"),
  };
}
