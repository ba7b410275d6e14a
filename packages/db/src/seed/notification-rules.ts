import { eq, sql } from "drizzle-orm";
import type { Transaction } from "../client.ts";
import { defaultNotificationRule, notificationRules } from "../schema/notification-rules.ts";
import { organisers } from "../schema/organisers.ts";
import type { SeedCounts } from "./writer.ts";

// The demo organisers' notification rules, as the console stores them: the §9 default rule
// (cart confirmation), a reminder 24 hours before the first date of each registration with the
// calendar of its dates attached, and a thank-you the day after its last date. Their texts are
// Liquid over the §3.4 data (the server's tests render them: notification-rules.test.ts).

type DemoRuleTexts = { name: string; title: string; content: string };

const TEXTS: Record<"fr" | "en", { reminder: DemoRuleTexts; thanks: DemoRuleTexts }> = {
  fr: {
    reminder: {
      name: "Rappel 24 h avant le premier jour",
      title: "Rappel : {{ registrations[0].activity.title }} commence demain",
      content:
        "<p>Bonjour {{ customer.firstname }},</p>" +
        "<p>{% for registration in registrations %}<strong>{{ registration.participant.firstname }}</strong> " +
        "est attendu(e) à {{ registration.activity.title }} ({{ registration.availability.period }})." +
        "{% endfor %}</p><p>Vous trouverez les dates en pièce jointe, à ajouter à votre agenda.</p>" +
        "<p>À demain !<br>{{ organiser.name }}</p>",
    },
    thanks: {
      name: "Merci après le dernier jour",
      title: "Merci d'être venus, {{ customer.firstname }} !",
      content:
        "<p>Bonjour {{ customer.firstname }},</p>" +
        "<p>Merci d'avoir participé à {{ registrations[0].activity.title }}. " +
        "Nous espérons vous revoir bientôt !</p><p>{{ organiser.name }}</p>",
    },
  },
  en: {
    reminder: {
      name: "Reminder 24 h before the first day",
      title: "Reminder: {{ registrations[0].activity.title }} starts tomorrow",
      content:
        "<p>Hello {{ customer.firstname }},</p>" +
        "<p>{% for registration in registrations %}<strong>{{ registration.participant.firstname }}</strong> " +
        "is expected at {{ registration.activity.title }} ({{ registration.availability.period }})." +
        "{% endfor %}</p><p>The dates are attached, ready for your calendar.</p>" +
        "<p>See you tomorrow!<br>{{ organiser.name }}</p>",
    },
    thanks: {
      name: "Thank-you after the last day",
      title: "Thank you for coming, {{ customer.firstname }}!",
      content:
        "<p>Hello {{ customer.firstname }},</p>" +
        "<p>Thank you for taking part in {{ registrations[0].activity.title }}. " +
        "We hope to see you again soon!</p><p>{{ organiser.name }}</p>",
    },
  },
};

/** The demo rules of one organiser, in its language. */
export function demoNotificationRules(language: "fr" | "en") {
  const texts = TEXTS[language];
  const common = {
    trigger: "registration.created" as const,
    channels: ["EMAIL" as const],
    recipientType: "CUSTOMER" as const,
    requirements: defaultNotificationRule(language).requirements,
  };
  return [
    {
      ...common,
      ...texts.reminder,
      delayAmount: 24,
      delayUnit: "hours" as const,
      delayType: "BEFORE_AVAILABILITY" as const,
      attachments: { ics: true, documents: false },
    },
    {
      ...common,
      ...texts.thanks,
      delayAmount: 1,
      delayUnit: "days" as const,
      delayType: "AFTER_AVAILABILITY" as const,
      attachments: { ics: false, documents: false },
      // One thank-you a week per family, however many children took part.
      spamAvoidanceDelay: 7 * 86_400,
    },
  ];
}

/** Writes an organiser's default rule and demo rules. */
export async function writeDemoNotificationRules(
  tx: Transaction,
  organiserId: number,
  counts: SeedCounts,
): Promise<void> {
  // Scoped to this organiser, as writer.ts does, for row-level security under a table owner.
  await tx.execute(sql`SELECT set_config('app.organiser_id', ${String(organiserId)}, true)`);
  const [organiser] = await tx
    .select({ language: organisers.language })
    .from(organisers)
    .where(eq(organisers.id, organiserId));
  const language = organiser?.language === "en" ? "en" : "fr";
  const rules = [defaultNotificationRule(language), ...demoNotificationRules(language)];
  await tx.insert(notificationRules).values(rules.map((rule) => ({ organiserId, ...rule })));
  counts.notification_rules = (counts.notification_rules ?? 0) + rules.length;
}
