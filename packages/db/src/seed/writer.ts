import { sql } from "drizzle-orm";
import type { Transaction } from "../client.ts";
import type { CustomDataEntry } from "../schema/customers.ts";
import {
  activities,
  activityCategories,
  activityImages,
  activityOptionPrices,
  activityOptions,
  activityQuestions,
  availabilities,
  availabilityCategories,
  availabilityDates,
  bundleImages,
  bundles,
  categories,
  categoryGroups,
  collaboratorRoles,
  coupons,
  customers,
  customFields,
  images,
  locations,
  membershipImages,
  memberships,
  organiserCollaborators,
  organisers,
  participants,
  voucherImages,
  vouchers,
} from "../schema/index.ts";
import { DEMO_IMAGE_SIZE, type DemoImageName, demoImageUrl } from "./images.ts";
import type { DemoActivity, DemoAvailability, DemoOrganiser } from "./types.ts";

export type SeedCounts = Record<string, number>;

type WriteContext = {
  /** argon2id of the demo password, shared by every demo log-in. */
  passwordHash: string;
  ownerCollaboratorId: number;
};

/** Writes one demo organiser and everything it owns; returns its id and row counts by table. */
export async function writeDemoOrganiser(
  tx: Transaction,
  demo: DemoOrganiser,
  context: WriteContext,
  counts: SeedCounts,
): Promise<{ id: number; cuid: string; slug: string }> {
  const count = (table: string, rows: number) => {
    counts[table] = (counts[table] ?? 0) + rows;
  };
  const [organiser] = await tx
    .insert(organisers)
    .values(demo.organiser)
    .returning({ id: organisers.id, cuid: organisers.cuid, slug: organisers.slug });
  if (!organiser) throw new Error("organiser insert returned nothing");
  const organiserId = organiser.id;
  count("organisers", 1);
  // Superusers bypass row-level security, a table owner does not (FORCE): scoping the rest of the
  // transaction to this organiser lets the seed run under either.
  await tx.execute(sql`SELECT set_config('app.organiser_id', ${String(organiserId)}, true)`);

  const [role] = await tx
    .insert(collaboratorRoles)
    .values({ organiserId, name: demo.ownerRoleName, permissions: [], isOwner: true })
    .returning({ id: collaboratorRoles.id });
  await tx.insert(organiserCollaborators).values({
    organiserId,
    collaboratorId: context.ownerCollaboratorId,
    roleId: role!.id,
  });
  count("collaborator_roles", 1);
  count("organiser_collaborators", 1);

  const fieldIds = new Map<string, number>();
  for (const [order, field] of demo.customFields.entries()) {
    const { key, ...values } = field;
    const [row] = await tx
      .insert(customFields)
      .values({ organiserId, order, ...values })
      .returning({ id: customFields.id });
    fieldIds.set(key, row!.id);
  }
  count("custom_fields", demo.customFields.length);
  const customData = (values: Record<string, string> = {}): CustomDataEntry[] =>
    Object.entries(values).map(([key, data]) => ({ field_id: lookup(fieldIds, key), data }));

  const locationIds = new Map<string, number>();
  for (const { key, ...location } of demo.locations) {
    const [row] = await tx
      .insert(locations)
      .values({ organiserId, ...location })
      .returning({ id: locations.id });
    locationIds.set(key, row!.id);
  }
  count("locations", demo.locations.length);

  const categoryIds = new Map<string, number>();
  for (const [groupOrder, group] of demo.categoryGroups.entries()) {
    const [groupRow] = await tx
      .insert(categoryGroups)
      .values({ organiserId, title: group.title, scope: group.scope, order: groupOrder })
      .returning({ id: categoryGroups.id });
    for (const [order, category] of group.categories.entries()) {
      const [row] = await tx
        .insert(categories)
        .values({ organiserId, groupId: groupRow!.id, title: category.title, order })
        .returning({ id: categories.id });
      categoryIds.set(category.key, row!.id);
    }
    count("category_groups", 1);
    count("categories", group.categories.length);
  }

  // One image row per picture, described by the first thing that shows it.
  const imageIds = new Map<DemoImageName, number>();
  const users = [...demo.activities, ...demo.bundles, ...demo.memberships, ...demo.vouchers];
  for (const user of users) {
    for (const name of user.images) {
      if (imageIds.has(name)) continue;
      const [row] = await tx
        .insert(images)
        .values({ organiserId, publicUrl: demoImageUrl(name), ...DEMO_IMAGE_SIZE, alt: user.title })
        .returning({ id: images.id });
      imageIds.set(name, row!.id);
    }
  }
  count("images", imageIds.size);
  const imageRows = (names: DemoImageName[]) =>
    names.map((name, position) => ({ imageId: lookup(imageIds, name), position }));

  for (const activity of demo.activities) {
    await writeActivity(tx, organiserId, activity, { locationIds, categoryIds, imageRows }, count);
  }

  const bundleIds = new Map<string, number>();
  for (const bundle of demo.bundles) {
    const { key, images: pictures, ...values } = bundle;
    const [row] = await tx
      .insert(bundles)
      .values({ organiserId, published: true, ...values })
      .returning({ id: bundles.id });
    bundleIds.set(key, row!.id);
    await tx
      .insert(bundleImages)
      .values(imageRows(pictures).map((image) => ({ organiserId, bundleId: row!.id, ...image })));
  }
  count("bundles", demo.bundles.length);

  for (const { images: pictures, ...values } of demo.memberships) {
    const [row] = await tx
      .insert(memberships)
      .values({ organiserId, published: true, ...values })
      .returning({ id: memberships.id });
    await tx
      .insert(membershipImages)
      .values(
        imageRows(pictures).map((image) => ({ organiserId, membershipId: row!.id, ...image })),
      );
  }
  count("memberships", demo.memberships.length);

  for (const { images: pictures, bundle, ...values } of demo.vouchers) {
    const bundleId = bundle ? lookup(bundleIds, bundle) : null;
    const [row] = await tx
      .insert(vouchers)
      .values({ organiserId, published: true, bundleId, ...values })
      .returning({ id: vouchers.id });
    await tx
      .insert(voucherImages)
      .values(imageRows(pictures).map((image) => ({ organiserId, voucherId: row!.id, ...image })));
  }
  count("vouchers", demo.vouchers.length);

  if (demo.coupons.length > 0) {
    await tx.insert(coupons).values(demo.coupons.map((coupon) => ({ organiserId, ...coupon })));
  }
  count("coupons", demo.coupons.length);

  for (const customer of demo.customers) {
    const [row] = await tx
      .insert(customers)
      .values({
        organiserId,
        firstname: customer.firstname,
        lastname: customer.lastname,
        email: customer.email,
        phone: customer.phone,
        passwordHash: customer.canLogIn ? context.passwordHash : null,
        walletAmount: customer.walletAmount ?? 0,
        customData: customData(customer.customData),
      })
      .returning({ id: customers.id });
    if (customer.participants.length > 0) {
      await tx.insert(participants).values(
        customer.participants.map((participant) => ({
          organiserId,
          customerId: row!.id,
          firstname: participant.firstname,
          lastname: participant.lastname,
          birthdate: participant.birthdate,
          customData: customData(participant.customData),
        })),
      );
    }
    count("customers", 1);
    count("participants", customer.participants.length);
  }

  return organiser;
}

type Lookups = {
  locationIds: Map<string, number>;
  categoryIds: Map<string, number>;
  imageRows: (names: DemoImageName[]) => { imageId: number; position: number }[];
};

async function writeActivity(
  tx: Transaction,
  organiserId: number,
  activity: DemoActivity,
  lookups: Lookups,
  count: (table: string, rows: number) => void,
): Promise<void> {
  const { images: pictures, options = [], questions = [], availabilities: sessions } = activity;
  const [row] = await tx
    .insert(activities)
    .values({
      organiserId,
      title: activity.title,
      description: activity.description,
      instructions: activity.instructions ?? null,
      ageMinimum: activity.ageMinimum,
      ageMaximum: activity.ageMaximum,
      defaultCapacity: activity.defaultCapacity,
      defaultPrice: activity.defaultPrice,
      defaultDeposit: activity.defaultDeposit,
      registrationFlow: activity.registrationFlow ?? "DIRECT",
      settings: {
        allow_registrations_after_start: false,
        partial_registrations: false,
        waiting_list: true,
        ...activity.settings,
      },
      published: activity.published ?? true,
    })
    .returning({ id: activities.id });
  const activityId = row!.id;
  count("activities", 1);

  await tx
    .insert(activityImages)
    .values(lookups.imageRows(pictures).map((image) => ({ organiserId, activityId, ...image })));
  await tx.insert(activityCategories).values(
    activity.categories.map((key) => ({
      organiserId,
      activityId,
      categoryId: lookup(lookups.categoryIds, key),
    })),
  );

  for (const [order, option] of options.entries()) {
    const [optionRow] = await tx
      .insert(activityOptions)
      .values({
        organiserId,
        activityId,
        order,
        title: option.title,
        description: option.description ?? null,
        answerRequired: option.answerRequired ?? false,
      })
      .returning({ id: activityOptions.id });
    await tx.insert(activityOptionPrices).values(
      option.prices.map((price, priceOrder) => ({
        organiserId,
        optionId: optionRow!.id,
        order: priceOrder,
        label: price.label,
        amount: price.amount ?? null,
        percentage: price.percentage ?? null,
      })),
    );
    count("activity_options", 1);
    count("activity_option_prices", option.prices.length);
  }

  if (questions.length > 0) {
    await tx
      .insert(activityQuestions)
      .values(
        questions.map((question, order) => ({ organiserId, activityId, order, ...question })),
      );
  }
  count("activity_questions", questions.length);

  for (const session of sessions) {
    await writeAvailability(tx, organiserId, activityId, activity, session, lookups, count);
  }
}

async function writeAvailability(
  tx: Transaction,
  organiserId: number,
  activityId: number,
  activity: DemoActivity,
  session: DemoAvailability,
  lookups: Lookups,
  count: (table: string, rows: number) => void,
): Promise<void> {
  const first = session.slots[0];
  const last = session.slots.at(-1);
  if (!first || !last) throw new Error(`availability of ${activity.title} has no dates`);
  const status = session.status ?? "OPEN";
  const capacity = session.capacity === undefined ? activity.defaultCapacity : session.capacity;
  const full = capacity ?? 0;
  const registered = status === "FULL" ? full : (session.registered ?? 0);
  const [row] = await tx
    .insert(availabilities)
    .values({
      organiserId,
      activityId,
      locationId: lookup(lookups.locationIds, session.location),
      status,
      startAt: first.startAt,
      endAt: last.endAt,
      registrationsStartAt: session.registrationsStartAt ?? null,
      registrationsEndAt: session.registrationsEndAt ?? null,
      capacity,
      registered,
      price: session.price ?? activity.defaultPrice,
      deposit: session.deposit ?? activity.defaultDeposit,
      ageMinimum: activity.ageMinimum,
      ageMaximum: activity.ageMaximum,
    })
    .returning({ id: availabilities.id });
  const availabilityId = row!.id;
  count("availabilities", 1);

  const categoryKeys = new Set([...activity.categories, ...(session.categories ?? [])]);
  await tx.insert(availabilityCategories).values(
    [...categoryKeys].map((key) => ({
      organiserId,
      availabilityId,
      categoryId: lookup(lookups.categoryIds, key),
    })),
  );

  const fullDates = new Set(session.fullDates ?? []);
  await tx.insert(availabilityDates).values(
    session.slots.map((slot, index) => {
      const dateFull = status === "FULL" || fullDates.has(index);
      return {
        organiserId,
        availabilityId,
        startAt: slot.startAt,
        endAt: slot.endAt,
        status:
          status === "CLOSED"
            ? ("CLOSED" as const)
            : dateFull
              ? ("FULL" as const)
              : ("OPEN" as const),
        capacity,
        registered: dateFull ? full : registered,
      };
    }),
  );
  count("availability_dates", session.slots.length);
}

function lookup<K>(map: Map<K, number>, key: K): number {
  const id = map.get(key);
  if (id === undefined) throw new Error(`demo data refers to unknown key ${String(key)}`);
  return id;
}
