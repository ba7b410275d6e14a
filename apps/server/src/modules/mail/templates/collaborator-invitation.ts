import { emailButton, emailLayout, escapeHtml } from "./layout.ts";

const TEXTS = {
  fr: {
    subject: (organiser: string) => `Invitation à rejoindre l'équipe de ${organiser}`,
    greeting: (name: string) => `Bonjour ${name},`,
    intro: (inviter: string, organiser: string) =>
      `${inviter} vous invite à gérer ${organiser} dans la console d'administration.`,
    existing:
      "Connectez-vous avec votre compte habituel : l'organisateur apparaît dans votre liste.",
    choose: "Choisissez votre mot de passe pour activer votre accès. Ce lien est valable 7 jours.",
    button: "Activer mon accès",
    login: "Ouvrir la console",
    footer: (organiser: string) => `Cet e-mail vous est envoyé pour ${organiser}.`,
  },
  en: {
    subject: (organiser: string) => `You're invited to join ${organiser}'s team`,
    greeting: (name: string) => `Hello ${name},`,
    intro: (inviter: string, organiser: string) =>
      `${inviter} invited you to manage ${organiser} in the admin console.`,
    existing: "Log in with your usual account: the organiser now appears in your list.",
    choose: "Choose your password to activate your access. This link is valid for 7 days.",
    button: "Activate my access",
    login: "Open the console",
    footer: (organiser: string) => `This e-mail was sent to you for ${organiser}.`,
  },
} as const;

/**
 * The invitation of a collaborator: a link to choose a password for a new log-in, or a plain
 * link to the console for someone who already has one (they now see the organiser).
 */
export function collaboratorInvitationEmail(input: {
  language: "fr" | "en";
  organiserName: string;
  inviterName: string;
  firstname: string;
  link: { kind: "activate" | "login"; url: string };
}): { subject: string; html: string; text: string } {
  const t = TEXTS[input.language];
  const explanation = input.link.kind === "activate" ? t.choose : t.existing;
  const label = input.link.kind === "activate" ? t.button : t.login;
  const body = [
    `<p>${escapeHtml(t.greeting(input.firstname))}</p>`,
    `<p>${escapeHtml(t.intro(input.inviterName, input.organiserName))}</p>`,
    `<p>${escapeHtml(explanation)}</p>`,
    emailButton(input.link.url, label),
    `<p style="font-size:13px;color:#52525b">${escapeHtml(input.link.url)}</p>`,
  ].join("\n");
  return {
    subject: t.subject(input.organiserName),
    html: emailLayout({
      organiserName: input.organiserName,
      body,
      footer: t.footer(input.organiserName),
    }),
    text: [
      t.greeting(input.firstname),
      "",
      t.intro(input.inviterName, input.organiserName),
      explanation,
      "",
      input.link.url,
    ].join("\n"),
  };
}
