import { and, asc, eq, gt, sql } from "drizzle-orm";
import type { Transaction } from "../client.ts";
import type { DocumentElementType, DocumentPaymentRequirement } from "../schema/documents.ts";
import {
  activities,
  activityCategories,
  availabilities,
  availabilityDates,
  cartItemDates,
  cartItems,
  carts,
  categories,
  customers,
  locations,
  organisers,
  participants,
} from "../schema/index.ts";
import { seedCuid } from "./ids.ts";
import { nextDemoPaymentReference } from "./references.ts";
import { availabilityDateIds, writeDemoRegistration } from "./registrations.ts";
import { daySlots } from "./schedule.ts";
import { addDays, todayIn, weekday } from "./time.ts";

// The demo organiser's document models (platform-and-account.md §3.1), as descriptions the
// server's demo flows save through the editor's service: a participation certificate for every
// activity and the Belgian childcare tax certificate (attestation fiscale, modèle 281.86) for its
// holiday camps; and, written here for the demo parent, one camp that is over and
// paid (its documents can be downloaded) and one to come, not paid yet (they cannot).

/** 1 × 1 pictures stretched into rules and bars (IMAGE elements take PNG or JPEG). */
const GREY_PIXEL =
  "data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAIAAACQd1PeAAAADElEQVR4nGOYs3g9AAPNAe9tHBLtAAAAAElFTkSuQmCC";
const ACCENT_PIXEL =
  "data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAIAAACQd1PeAAAADElEQVR4nGN4VqcEAAPUAYeyeuxfAAAAAElFTkSuQmCC";

type Settings = Record<string, string | number | null>;

export type DemoElement = {
  type: DocumentElementType;
  x: number;
  y: number;
  width?: number;
  align?: "left" | "center" | "right";
  data: string;
  url?: string;
  settings?: Settings;
  /** key of one of the model's custom fields */
  field?: string;
};

export type DemoDocumentModel = {
  title: string;
  description: string;
  icon: string;
  paymentRequirement: DocumentPaymentRequirement | null;
  dateRequirement: "AVAILABILITY_START" | "AVAILABILITY_END" | null;
  /** every activity, or those of the category with this title */
  activities: "all" | { category: string };
  customFields: Array<{
    key: string;
    type: "TEXT" | "DATE";
    title: string;
    description?: string;
    required?: boolean;
    pattern?: string;
  }>;
  pages: DemoElement[][];
};

const text = (
  x: number,
  y: number,
  data: string,
  settings: Settings = {},
  box: { width?: number; align?: "left" | "center" | "right" } = {},
): DemoElement => ({ type: "STRING", x, y, data, settings, ...box });
const rule = (y: number, color = GREY_PIXEL, height = 0.8): DemoElement => ({
  type: "IMAGE",
  x: 40,
  y,
  data: "",
  url: color,
  settings: { width: 515, height },
});
const centred = (y: number, data: string, settings: Settings = {}) =>
  text(40, y, data, settings, { width: 515, align: "center" });
const bold = { fontWeight: "bold" };
const muted = { color: "#4b5563", fontSize: 9 };
const shortDate = { day: "2-digit", month: "2-digit", year: "numeric" };

/** Fields of the customer profile the tax certificate prints, by their demo titles. */
export type ProfileFields = { address: number | null; nationalNumber: number | null };

function participationCertificate(): DemoDocumentModel {
  return {
    title: "Attestation de participation",
    description: "Confirme la participation de l'enfant au stage ou au cours, avec ses dates.",
    icon: "award",
    paymentRequirement: "TOTAL",
    dateRequirement: "AVAILABILITY_END",
    activities: "all",
    customFields: [],
    pages: [
      [
        rule(0, ACCENT_PIXEL, 14),
        text(40, 40, "Les Petits Explorateurs ASBL", { ...bold, fontSize: 12 }),
        text(
          40,
          56,
          "Rue de la Forêt 12, 1000 Bruxelles · bonjour@petits-explorateurs.test",
          muted,
        ),
        centred(150, "Attestation de participation", { ...bold, fontSize: 26, color: "#e67e22" }),
        centred(215, "Les Petits Explorateurs ASBL certifie que", { fontSize: 13 }),
        centred(245, "{{participant.fullname}}", { ...bold, fontSize: 22 }),
        centred(278, "né(e) le {{participant.birthdate}}", { fontSize: 12 }),
        centred(318, "a participé à l'activité", { fontSize: 13 }),
        centred(345, "{{availability.activity.title}}", { ...bold, fontSize: 17 }),
        centred(378, "du {{availability.start_at}} au {{availability.end_at}}", { fontSize: 13 }),
        centred(
          400,
          "{{availability.location.title}}, {{availability.location.street}} {{availability.location.number}}, {{availability.location.postcode}} {{availability.location.city}}",
          { fontSize: 11, color: "#374151" },
        ),
        centred(
          430,
          "soit {{availability.duration.calendar_days}} jours et {{availability.duration.hours}} heures d'activité encadrée.",
          { fontSize: 12 },
        ),
        text(40, 560, "Fait à Bruxelles, le {{document.created_at}}", { fontSize: 11 }),
        text(40, 600, "Claire Martin", { ...bold, fontSize: 11 }),
        text(40, 615, "Coordinatrice des activités", muted),
        {
          type: "IMAGE",
          x: 455,
          y: 540,
          data: "{{participant.attendance_qr_code}}",
          settings: { width: 100, height: 100 },
        },
        text(395, 645, "Code de présence de {{participant.firstname}}", muted, {
          width: 160,
          align: "right",
        }),
        rule(770),
        text(
          40,
          780,
          "Inscription {{registration.reference}} · attestation {{document.cuid}}",
          muted,
        ),
      ],
    ],
  };
}

function taxCertificate(fields: ProfileFields): DemoDocumentModel {
  const profile = (id: number | null) => (id === null ? "" : `{{customer.custom_fields.${id}}}`);
  const label = (y: number, data: string) => text(60, y, data, { fontSize: 10, color: "#374151" });
  const value = (y: number, data: string, settings: Settings = {}): DemoElement => ({
    ...text(230, y, data, { fontSize: 10, ...settings }),
    width: 325,
  });
  const heading = (y: number, data: string) => text(40, y, data, { ...bold, fontSize: 11 });
  const column = { fontSize: 9, color: "#374151", fontWeight: "bold" };
  return {
    title: "Attestation fiscale – frais de garde (281.86)",
    description:
      "Attestation des frais de garde d'enfant de moins de 14 ans, à joindre à la déclaration d'impôt (modèle 281.86).",
    icon: "receipt",
    paymentRequirement: "TOTAL",
    dateRequirement: "AVAILABILITY_END",
    activities: { category: "Stages" },
    customFields: [
      {
        key: "child-national-number",
        type: "TEXT",
        title: "Numéro de registre national de l'enfant",
        description: "Au dos de sa carte d'identité ou de sa Kids-ID (format 19.07.21-123.45).",
        pattern: "\\d{2}\\.\\d{2}\\.\\d{2}-\\d{3}\\.\\d{2}",
      },
    ],
    pages: [
      [
        text(40, 36, "Les Petits Explorateurs ASBL", { ...bold, fontSize: 11 }),
        text(40, 50, "Rue de la Forêt 12, 1000 Bruxelles", muted),
        text(40, 62, "Numéro d'entreprise : 0123.456.749", muted),
        text(355, 36, "Attestation n° {{document.cuid}}", muted, { width: 200, align: "right" }),
        text(355, 50, "Délivrée le {{document.created_at}}", muted, { width: 200, align: "right" }),
        centred(100, "ATTESTATION DE FRAIS DE GARDE D'ENFANT", { ...bold, fontSize: 15 }),
        text(200, 122, "Modèle 281.86 – Revenus de l'année", { fontSize: 10 }),
        {
          type: "DATE",
          x: 374,
          y: 122,
          data: "{{availability.end_at}}",
          settings: { fontSize: 10, fontWeight: "bold", year: "numeric" },
        },
        rule(145),

        heading(160, "I. Milieu d'accueil qui a assuré la garde"),
        label(180, "Dénomination"),
        value(180, "Les Petits Explorateurs ASBL"),
        label(195, "Adresse"),
        value(195, "Rue de la Forêt 12, 1000 Bruxelles"),
        label(210, "Numéro d'entreprise (BCE)"),
        value(210, "0123.456.749"),
        label(225, "Reconnaissance"),
        value(225, "Autorisé par l'Office de la Naissance et de l'Enfance (ONE)"),

        heading(255, "II. Débiteur des frais (parent)"),
        label(275, "Nom et prénom"),
        value(275, "{{customer.lastname}} {{customer.firstname}}", bold),
        label(290, "Adresse"),
        value(290, profile(fields.address)),
        label(305, "Numéro de registre national"),
        value(305, profile(fields.nationalNumber)),

        heading(335, "III. Enfant gardé"),
        label(355, "Nom et prénom"),
        value(355, "{{participant.lastname}} {{participant.firstname}}", bold),
        label(370, "Date de naissance"),
        {
          type: "DATE",
          x: 230,
          y: 370,
          data: "{{participant.birthdate}}",
          settings: { fontSize: 10, ...shortDate },
        },
        label(385, "Numéro de registre national"),
        { ...value(385, ""), field: "child-national-number" },

        heading(415, "IV. Périodes de garde et montants payés"),
        text(60, 437, "Période", column),
        text(290, 437, "Jours", column, { width: 50, align: "right" }),
        text(350, 437, "Tarif journalier", column, { width: 95, align: "right" }),
        text(455, 437, "Montant payé", column, { width: 100, align: "right" }),
        rule(452),
        text(60, 460, "du", { fontSize: 10 }),
        {
          type: "DATE",
          x: 74,
          y: 460,
          data: "{{availability.start_at}}",
          settings: { fontSize: 10, ...shortDate },
        },
        text(132, 460, "au", { fontSize: 10 }),
        {
          type: "DATE",
          x: 147,
          y: 460,
          data: "{{availability.end_at}}",
          settings: { fontSize: 10, ...shortDate },
        },
        {
          type: "NUMBER",
          x: 290,
          y: 460,
          width: 50,
          align: "right",
          data: "{{registration.days}}",
          settings: { fontSize: 10, decimals: 0 },
        },
        {
          type: "CURRENCY",
          x: 350,
          y: 460,
          width: 95,
          align: "right",
          data: "{{registration.daily_amount}}",
          settings: { fontSize: 10 },
        },
        {
          type: "CURRENCY",
          x: 455,
          y: 460,
          width: 100,
          align: "right",
          data: "{{registration.total_amount}}",
          settings: { fontSize: 10 },
        },
        text(60, 475, "{{availability.activity.title}} – {{availability.location.title}}", muted, {
          width: 280,
        }),
        rule(500),
        text(60, 508, "Total", { ...bold, fontSize: 10 }),
        {
          type: "NUMBER",
          x: 290,
          y: 508,
          width: 50,
          align: "right",
          data: "{{registration.days}}",
          settings: { fontSize: 10, fontWeight: "bold", decimals: 0 },
        },
        {
          type: "CURRENCY",
          x: 455,
          y: 508,
          width: 100,
          align: "right",
          data: "{{registration.total_amount}}",
          settings: { fontSize: 10, fontWeight: "bold" },
        },

        text(
          40,
          550,
          "Le milieu d'accueil soussigné certifie que les renseignements ci-dessus sont sincères et complets, que l'enfant avait moins de 14 ans pendant les périodes de garde et que les montants indiqués ont été effectivement payés pour sa garde.",
          { fontSize: 10 },
          { width: 515 },
        ),
        text(40, 610, "Fait à Bruxelles, le {{document.created_at}}", { fontSize: 10 }),
        text(
          355,
          610,
          "Claire Martin, coordinatrice",
          { fontSize: 10 },
          {
            width: 200,
            align: "right",
          },
        ),
        text(355, 624, "pour Les Petits Explorateurs ASBL", muted, { width: 200, align: "right" }),
        rule(770),
        text(
          40,
          780,
          "Document établi pour l'inscription {{registration.reference}}. À conserver : l'administration fiscale peut le demander.",
          muted,
          { width: 515 },
        ),
      ],
    ],
  };
}

/** The models of the demo organiser (French, Belgian). */
export function demoDocumentModels(fields: ProfileFields): DemoDocumentModel[] {
  return [participationCertificate(), taxCertificate(fields)];
}

type Counts = Record<string, number>;

/**
 * The demo parent's two camp registrations that show the demo's document models (made by the
 * server's demo flows through the editor's service, apps/server/src/demo/document-steps.ts): Léa on a Nature camp that ended last week, paid in full, and
 * Hugo on the next camp with room (a Multisports one when there is), with nothing paid yet.
 */
export async function writeDemoDocuments(
  tx: Transaction,
  organiserId: number,
  parentEmail: string,
  now: Date,
  counts: Counts,
): Promise<void> {
  const count = (table: string, rows: number) => {
    counts[table] = (counts[table] ?? 0) + rows;
  };
  await tx.execute(sql`SELECT set_config('app.organiser_id', ${String(organiserId)}, true)`);
  const [organiser] = await tx
    .select({ timezone: organisers.timezone })
    .from(organisers)
    .where(eq(organisers.id, organiserId));
  const [parent] = await tx
    .select({ id: customers.id })
    .from(customers)
    .where(and(eq(customers.organiserId, organiserId), eq(customers.email, parentEmail)));
  if (!parent) throw new Error(`demo parent ${parentEmail} not found`);
  const children = await tx
    .select({ id: participants.id, firstname: participants.firstname })
    .from(participants)
    .where(and(eq(participants.organiserId, organiserId), eq(participants.customerId, parent.id)))
    .orderBy(asc(participants.id));
  const child = (firstname: string) => {
    const found = children.find((row) => row.firstname === firstname);
    if (!found) throw new Error(`demo participant ${firstname} not found`);
    return found.id;
  };
  const activityOf = async (title: string) => {
    const [row] = await tx
      .select({ id: activities.id })
      .from(activities)
      .where(and(eq(activities.organiserId, organiserId), eq(activities.title, title)));
    if (!row) throw new Error(`demo activity ${title} not found`);
    return row.id;
  };

  // Last week's Nature camp, Monday to Friday: over, so its documents can be issued.
  const timeZone = organiser!.timezone;
  const today = todayIn(timeZone, now);
  const lastMonday = addDays(today, -(weekday(today) - 1) - 7);
  const slots = daySlots(
    [0, 1, 2, 3, 4].map((day) => addDays(lastMonday, day)),
    "09:00",
    "16:00",
    timeZone,
  );
  const natureId = await activityOf("Stage Nature & Cabanes");
  const [wood] = await tx
    .select({ id: locations.id })
    .from(locations)
    .where(
      and(eq(locations.organiserId, organiserId), eq(locations.title, "Domaine du Bois-Joli")),
    );
  const [past] = await tx
    .insert(availabilities)
    .values({
      organiserId,
      activityId: natureId,
      locationId: wood?.id ?? null,
      status: "CLOSED",
      startAt: slots[0]!.startAt,
      endAt: slots.at(-1)!.endAt,
      capacity: 16,
      registered: 12,
      price: 16500,
      deposit: 5000,
      ageMinimum: 5,
      ageMaximum: 8,
    })
    .returning({ id: availabilities.id });
  await tx.insert(availabilityDates).values(
    slots.map((slot) => ({
      cuid: seedCuid(),
      organiserId,
      availabilityId: past!.id,
      startAt: slot.startAt,
      endAt: slot.endAt,
      status: "CLOSED" as const,
      capacity: 16,
      registered: 12,
    })),
  );
  count("availabilities", 1);
  count("availability_dates", slots.length);

  // The next camp that has not started and has room: a Multisports one when there is one.
  const multisportsId = await activityOf("Stage Multisports");
  const upcoming = await tx
    .select({
      id: availabilities.id,
      activityId: availabilities.activityId,
      price: availabilities.price,
      deposit: availabilities.deposit,
    })
    .from(availabilities)
    .innerJoin(
      activityCategories,
      and(
        eq(activityCategories.organiserId, availabilities.organiserId),
        eq(activityCategories.activityId, availabilities.activityId),
      ),
    )
    .innerJoin(
      categories,
      and(
        eq(categories.organiserId, activityCategories.organiserId),
        eq(categories.id, activityCategories.categoryId),
        eq(categories.title, "Stages"),
      ),
    )
    .where(
      and(
        eq(availabilities.organiserId, organiserId),
        eq(availabilities.status, "OPEN"),
        gt(availabilities.startAt, now),
        sql`(${availabilities.capacity} is null or ${availabilities.registered} < ${availabilities.capacity})`,
      ),
    )
    .orderBy(asc(availabilities.startAt));
  // Not one with a full date: the place must fit.
  const full = await tx
    .selectDistinct({ id: availabilityDates.availabilityId })
    .from(availabilityDates)
    .where(
      and(
        eq(availabilityDates.organiserId, organiserId),
        sql`${availabilityDates.registered} >= coalesce(${availabilityDates.capacity}, ${availabilityDates.registered} + 1)`,
      ),
    );
  const fullIds = new Set(full.map((row) => row.id));
  const withRoom = upcoming.filter((row) => !fullIds.has(row.id));
  const next = withRoom.find((row) => row.activityId === multisportsId) ?? withRoom[0];

  // One processed cart, paid by bank transfer for the first place only.
  const reference = await nextDemoPaymentReference(tx, organiserId);
  const processedAt = new Date(slots[0]!.startAt.getTime() - 30 * 86_400_000);
  const places = [
    {
      participantId: child("Léa"),
      availabilityId: past!.id,
      price: 16500,
      deposit: 5000,
      paid: 16500,
    },
    // Without any camp to come (the catalogue always has some), the demo has only Léa's.
    ...(next
      ? [
          {
            participantId: child("Hugo"),
            availabilityId: next.id,
            price: next.price,
            deposit: next.deposit,
            paid: 0,
          },
        ]
      : []),
  ];
  const total = places.reduce((sum, place) => sum + place.price, 0);
  const [cart] = await tx
    .insert(carts)
    .values({
      organiserId,
      customerId: parent.id,
      reference,
      processedAt,
      termsAcceptedAt: processedAt,
      paymentStrategy: "DELAYED",
      totalAmount: total,
      depositAmount: places.reduce((sum, place) => sum + place.deposit, 0),
      paidAmount: places.reduce((sum, place) => sum + place.paid, 0),
      createdAt: processedAt,
    })
    .returning({ id: carts.id });
  count("carts", 1);
  for (const place of places) {
    const dateIds = await availabilityDateIds(tx, organiserId, place.availabilityId);
    const [item] = await tx
      .insert(cartItems)
      .values({
        organiserId,
        cartId: cart!.id,
        type: "REGISTRATION",
        participantId: place.participantId,
        availabilityId: place.availabilityId,
        price: place.price,
        deposit: place.deposit,
        expiresAt: processedAt,
        createdAt: processedAt,
      })
      .returning({ id: cartItems.id });
    await tx.insert(cartItemDates).values(
      dateIds.map((availabilityDateId) => ({
        organiserId,
        cartItemId: item!.id,
        availabilityDateId,
      })),
    );
    await writeDemoRegistration(
      tx,
      {
        organiserId,
        reference,
        cartId: cart!.id,
        cartItemId: item!.id,
        customerId: parent.id,
        participantId: place.participantId,
        availabilityId: place.availabilityId,
        totalAmount: place.price,
        depositAmount: place.deposit,
        paidAmount: place.paid,
        createdAt: processedAt,
      },
      dateIds,
    );
    await tx
      .update(availabilities)
      .set({ registered: sql`${availabilities.registered} + 1` })
      .where(
        and(
          eq(availabilities.organiserId, organiserId),
          eq(availabilities.id, place.availabilityId),
        ),
      );
    count("cart_items", 1);
    count("registrations", 1);
    count("registration_dates", dateIds.length);
  }
}
