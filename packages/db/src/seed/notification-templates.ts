import type { Transaction } from "../client.ts";
import { notificationTemplates } from "../schema/notification-templates.ts";
import type { SeedCounts } from "./writer.ts";

// The demo organisers' own message templates, each in its organiser's language, as the console
// stores them (Liquid over the §3.4 data, HTML the rich editor holds): a reminder the day
// before a camp, a thank-you after it and a short SMS reminder. The server's tests render each
// one (notification-templates.test.ts), so a variable renamed there fails here too.

type DemoTemplate = {
  name: string;
  type: "EMAIL" | "SMS";
  subject: string;
  content: string;
};

const FR_TEMPLATES: DemoTemplate[] = [
  {
    name: "Rappel la veille du stage",
    type: "EMAIL",
    subject: "C'est demain ! {{ registrations[0].activity.title }}",
    content:
      "<p>Bonjour {{ customer.firstname }},</p>" +
      "<p>Petit rappel : {% for registration in registrations %}<strong>" +
      "{{ registration.participant.firstname }}</strong> est attendu(e) à " +
      "{{ registration.activity.title }} ({{ registration.availability.period }})" +
      "{% unless forloop.last %}, {% endunless %}{% endfor %}.</p>" +
      "<h2>Dans le sac</h2><ul><li>une gourde et un pique-nique pour midi ;</li>" +
      "<li>des vêtements qui peuvent se salir ;</li><li>une casquette et de la crème solaire.</li></ul>" +
      "<p>Une question ? Répondez simplement à cet e-mail.</p>" +
      "<p>À demain !<br>L'équipe de {{ organiser.name }}</p>",
  },
  {
    name: "Merci pour votre venue",
    type: "EMAIL",
    subject: "Merci d'avoir participé, {{ customer.firstname }} !",
    content:
      "<p>Bonjour {{ customer.firstname }},</p>" +
      "<p>Merci d'avoir fait confiance à {{ organiser.name }} cette semaine. Nous espérons que " +
      "{% for registration in registrations %}{{ registration.participant.firstname }}" +
      "{% unless forloop.last %} et {% endunless %}{% endfor %} en garde un beau souvenir.</p>" +
      '<p>Votre avis nous aide beaucoup : donnez-le depuis <a href="{{ account.registrations_url }}">' +
      "vos inscriptions</a>.</p><p>À bientôt pour de nouvelles aventures !</p>",
  },
  {
    name: "SMS de rappel",
    type: "SMS",
    subject: "",
    content:
      "{{ organiser.name }} : rappel, {{ registrations[0].participant.firstname }} est attendu(e) " +
      "demain pour {{ registrations[0].activity.title }}. À demain !",
  },
];

const EN_TEMPLATES: DemoTemplate[] = [
  {
    name: "Reminder the day before",
    type: "EMAIL",
    subject: "See you tomorrow: {{ registrations[0].activity.title }}",
    content:
      "<p>Hello {{ customer.firstname }},</p>" +
      "<p>A quick reminder: {% for registration in registrations %}<strong>" +
      "{{ registration.participant.firstname }}</strong> is expected at " +
      "{{ registration.activity.title }} ({{ registration.availability.period }})" +
      "{% unless forloop.last %}, {% endunless %}{% endfor %}.</p>" +
      "<h2>What to bring</h2><ul><li>a water bottle and a packed lunch;</li>" +
      "<li>clothes that can get dirty;</li><li>a cap and sun cream.</li></ul>" +
      "<p>Any question? Just reply to this e-mail.</p>" +
      "<p>See you tomorrow!<br>The {{ organiser.name }} team</p>",
  },
  {
    name: "SMS reminder",
    type: "SMS",
    subject: "",
    content:
      "{{ organiser.name }}: {{ registrations[0].participant.firstname }} is expected tomorrow " +
      "for {{ registrations[0].activity.title }}. See you!",
  },
];

const TEMPLATES_BY_SLUG: Record<string, DemoTemplate[]> = {
  demo: FR_TEMPLATES,
  "demo-en": EN_TEMPLATES,
};

/** Writes the demo templates of an organiser (none for an organiser without demo templates). */
export async function writeDemoNotificationTemplates(
  tx: Transaction,
  organiser: { id: number; slug: string },
  counts: SeedCounts,
): Promise<void> {
  const templates = TEMPLATES_BY_SLUG[organiser.slug] ?? [];
  if (templates.length === 0) return;
  await tx
    .insert(notificationTemplates)
    .values(templates.map((template) => ({ organiserId: organiser.id, ...template })));
  counts.notification_templates = (counts.notification_templates ?? 0) + templates.length;
}
