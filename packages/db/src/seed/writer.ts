import { sql } from "drizzle-orm";
import type { Transaction } from "../client.ts";
import { DEFAULT_ACTIVITY_SETTINGS } from "../schema/activities.ts";
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
  bundleActivities,
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
  resourceImages,
  resourceSlots,
  resources,
  segments,
  voucherImages,
  vouchers,
} from "../schema/index.ts";
import { seedCuid } from "./ids.ts";
import { DEMO_IMAGE_SIZE, type DemoImageName, demoImageUrl } from "./images.ts";
import type { SeededRef } from "./pages-writer.ts";
import type { DemoActivity, DemoOrganiser, DemoResource, DemoResourceSlot, Slot } from "./types.ts";

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

  const locationRefs = await insertKeyed(
    demo.locations.map(({ key, ...location }) => ({ key, row: { organiserId, ...location } })),
    (rows) =>
      tx.insert(locations).values(rows).returning({ id: locations.id, cuid: locations.cuid }),
  );
  count("locations", demo.locations.length);
  const locationIds = idsOf(locationRefs);

  const categoryRefs = new Map<string, SeededRef>();
  for (const [groupOrder, group] of demo.categoryGroups.entries()) {
    const [groupRow] = await tx
      .insert(categoryGroups)
      .values({ organiserId, title: group.title, scope: group.scope, order: groupOrder })
      .returning({ id: categoryGroups.id });
    const groupRefs = await insertKeyed(
      group.categories.map((category, order) => ({
        key: category.key,
        row: { organiserId, groupId: groupRow!.id, title: category.title, order },
      })),
      (rows) =>
        tx.insert(categories).values(rows).returning({ id: categories.id, cuid: categories.cuid }),
    );
    for (const [key, ref] of groupRefs) categoryRefs.set(key, ref);
    count("category_groups", 1);
    count("categories", group.categories.length);
  }
  const categoryIds = idsOf(categoryRefs);

  // One image row per picture, described by the first thing that shows it.
  const users = [
    ...demo.activities,
    ...demo.resources.map((resource) => ({ title: resource.name, images: resource.images })),
    ...demo.bundles,
    ...demo.memberships,
    ...demo.vouchers,
  ];
  const alts = new Map<DemoImageName, string>();
  for (const user of users) {
    for (const name of user.images) if (!alts.has(name)) alts.set(name, user.title);
  }
  const imageIds = idsOf(
    await insertKeyed(
      [...alts].map(([name, alt]) => ({
        key: name,
        row: { organiserId, publicUrl: demoImageUrl(name), ...DEMO_IMAGE_SIZE, alt },
      })),
      (rows) => tx.insert(images).values(rows).returning({ id: images.id, cuid: images.cuid }),
    ),
  ) as Map<DemoImageName, number>;
  count("images", imageIds.size);
  const imageRows = (names: DemoImageName[]) =>
    names.map((name, position) => ({ imageId: lookup(imageIds, name), position }));

  // Resources before the availabilities that take place on them; their slots leave out the
  // times those availabilities occupy.
  const busy = busyTimesByResource(demo.activities);
  const resourceRefs = new Map<string, SeededRef>();
  for (const resource of demo.resources) {
    const [row] = await tx
      .insert(resources)
      .values({
        organiserId,
        name: resource.name,
        description: resource.description ?? null,
        locationId: lookup(locationIds, resource.location),
      })
      .returning({ id: resources.id, cuid: resources.cuid });
    resourceRefs.set(resource.key, row!);
    const resourceId = row!.id;
    if (resource.images.length > 0) {
      await tx
        .insert(resourceImages)
        .values(imageRows(resource.images).map((image) => ({ organiserId, resourceId, ...image })));
    }
    const slots = freeSlots(resource, busy.get(resource.key) ?? []);
    if (slots.length > 0) {
      await tx
        .insert(resourceSlots)
        .values(slots.map((slot) => ({ cuid: seedCuid(), organiserId, resourceId, ...slot })));
    }
    count("resource_images", resource.images.length);
    count("resource_slots", slots.length);
  }
  count("resources", demo.resources.length);
  const resourceIds = idsOf(resourceRefs);

  const activityRefs = await writeActivities(
    tx,
    organiserId,
    demo.activities,
    { locationIds, categoryIds, resourceIds, imageRows },
    count,
  );
  const activityIds = idsOf(activityRefs);
  // The default segments come with the organiser, as at sign-up; staff's own segments, the
  // catalogs, the calendar periods, the volume discounts and the pages that show them are made
  // through the console's services by the server's demo flows (apps/server/src/demo).
  const defaults = demo.segments.filter((segment) => segment.isDefault);
  await tx.insert(segments).values(
    defaults.map((segment) => ({
      organiserId,
      entity: segment.entity,
      name: segment.name,
      isDefault: true,
      conditions: {},
    })),
  );
  count("segments", defaults.length);

  const bundleIds = new Map<string, number>();
  for (const bundle of demo.bundles) {
    const { key, images: pictures, activities: covered, ...values } = bundle;
    const [row] = await tx
      .insert(bundles)
      .values({ organiserId, published: true, ...values })
      .returning({ id: bundles.id });
    bundleIds.set(key, row!.id);
    await tx
      .insert(bundleImages)
      .values(imageRows(pictures).map((image) => ({ organiserId, bundleId: row!.id, ...image })));
    if (covered.length > 0) {
      await tx.insert(bundleActivities).values(
        covered.map((activity) => ({
          organiserId,
          bundleId: row!.id,
          activityId: lookup(activityIds, activity),
        })),
      );
    }
    count("bundle_activities", covered.length);
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
        ...(customer.newsletter
          ? {
              newsletterSubscribed: true,
              newsletterSubscribedAt: new Date(),
              newsletterSource: "REGISTER" as const,
            }
          : {}),
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

/** The slots of the availabilities on each resource, by resource key. */
function busyTimesByResource(demoActivities: DemoActivity[]): Map<string, Slot[]> {
  const busy = new Map<string, Slot[]>();
  for (const activity of demoActivities) {
    for (const session of activity.availabilities) {
      if (!session.resource) continue;
      busy.set(session.resource, [...(busy.get(session.resource) ?? []), ...session.slots]);
    }
  }
  return busy;
}

/**
 * The resource's slots without the prices whose time overlaps a busy slot; a slot left without
 * prices is dropped.
 */
function freeSlots(resource: DemoResource, busy: Slot[]): DemoResourceSlot[] {
  const free: DemoResourceSlot[] = [];
  for (const slot of resource.slots) {
    const start = slot.startAt.getTime();
    const prices = slot.prices.filter((price) => {
      const end = start + price.duration * 1000;
      return !busy.some((taken) => taken.startAt.getTime() < end && start < taken.endAt.getTime());
    });
    if (prices.length > 0) free.push({ startAt: slot.startAt, prices });
  }
  return free;
}

type Lookups = {
  locationIds: Map<string, number>;
  categoryIds: Map<string, number>;
  resourceIds: Map<string, number>;
  imageRows: (names: DemoImageName[]) => { imageId: number; position: number }[];
};

/**
 * All the activities with their images, categories, options, questions and availabilities, a
 * statement per table; returns the activities' ids and cuids by key.
 */
async function writeActivities(
  tx: Transaction,
  organiserId: number,
  demoActivities: DemoActivity[],
  lookups: Lookups,
  count: (table: string, rows: number) => void,
): Promise<Map<string, SeededRef>> {
  const refs = await insertKeyed(
    demoActivities.map((activity) => ({
      key: activity.key,
      row: {
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
        settings: { ...DEFAULT_ACTIVITY_SETTINGS, ...activity.settings },
        published: activity.published ?? true,
      },
    })),
    (rows) =>
      tx.insert(activities).values(rows).returning({ id: activities.id, cuid: activities.cuid }),
  );
  count("activities", demoActivities.length);
  const written = demoActivities.map((activity) => ({
    activity,
    activityId: lookupRef(refs, activity.key).id,
  }));

  const imageRows = written.flatMap(({ activity, activityId }) =>
    lookups.imageRows(activity.images).map((image) => ({ organiserId, activityId, ...image })),
  );
  if (imageRows.length > 0) await tx.insert(activityImages).values(imageRows);
  const categoryRows = written.flatMap(({ activity, activityId }) =>
    activity.categories.map((key) => ({
      organiserId,
      activityId,
      categoryId: lookup(lookups.categoryIds, key),
    })),
  );
  if (categoryRows.length > 0) await tx.insert(activityCategories).values(categoryRows);

  const options = written.flatMap(({ activity, activityId }) =>
    (activity.options ?? []).map((option, order) => ({ option, activityId, order })),
  );
  const optionRefs = await insertKeyed(
    options.map(({ option, activityId, order }, index) => ({
      key: String(index),
      row: {
        organiserId,
        activityId,
        order,
        title: option.title,
        description: option.description ?? null,
        answerRequired: option.answerRequired ?? false,
      },
    })),
    (rows) =>
      tx
        .insert(activityOptions)
        .values(rows)
        .returning({ id: activityOptions.id, cuid: activityOptions.cuid }),
  );
  const priceRows = options.flatMap(({ option }, index) =>
    option.prices.map((price, order) => ({
      organiserId,
      optionId: lookupRef(optionRefs, String(index)).id,
      order,
      label: price.label,
      amount: price.amount ?? null,
      percentage: price.percentage ?? null,
    })),
  );
  if (priceRows.length > 0) await tx.insert(activityOptionPrices).values(priceRows);
  count("activity_options", options.length);
  count("activity_option_prices", priceRows.length);

  const questionRows = written.flatMap(({ activity, activityId }) =>
    (activity.questions ?? []).map((question, order) => ({
      organiserId,
      activityId,
      order,
      ...question,
    })),
  );
  if (questionRows.length > 0) await tx.insert(activityQuestions).values(questionRows);
  count("activity_questions", questionRows.length);

  await writeAvailabilities(tx, organiserId, written, lookups, count);
  return refs;
}

/** The activities' availabilities, their categories and their dates: three statements. */
async function writeAvailabilities(
  tx: Transaction,
  organiserId: number,
  written: { activity: DemoActivity; activityId: number }[],
  lookups: Lookups,
  count: (table: string, rows: number) => void,
): Promise<void> {
  const sessions = written.flatMap(({ activity, activityId }) =>
    activity.availabilities.map((session) => ({ activity, activityId, session })),
  );
  if (sessions.length === 0) return;
  const planned = sessions.map(({ activity, activityId, session }) => {
    const first = session.slots[0];
    const last = session.slots.at(-1);
    if (!first || !last) throw new Error(`availability of ${activity.title} has no dates`);
    const status = session.status ?? "OPEN";
    const capacity = session.capacity === undefined ? activity.defaultCapacity : session.capacity;
    const full = capacity ?? 0;
    const registered = status === "FULL" ? full : (session.registered ?? 0);
    return {
      activity,
      session,
      full,
      row: {
        // Client-side ids tie the returned ids to the sessions.
        cuid: seedCuid(),
        organiserId,
        activityId,
        locationId: lookup(lookups.locationIds, session.location),
        resourceId: session.resource ? lookup(lookups.resourceIds, session.resource) : null,
        status,
        startAt: first.startAt,
        endAt: last.endAt,
        registrationsStartAt: session.registrationsStartAt ?? null,
        registrationsEndAt: session.registrationsEndAt ?? null,
        capacity,
        registered,
        price: session.price ?? activity.defaultPrice,
        deposit: session.deposit ?? activity.defaultDeposit,
        ageMinimum: session.ageMinimum ?? activity.ageMinimum,
        ageMaximum: session.ageMaximum ?? activity.ageMaximum,
      },
    };
  });
  const inserted = await tx
    .insert(availabilities)
    .values(planned.map((plan) => plan.row))
    .returning({ id: availabilities.id, cuid: availabilities.cuid });
  const ids = new Map(inserted.map((row) => [row.cuid, row.id]));
  count("availabilities", planned.length);

  const categoryRows = planned.flatMap(({ activity, session, row }) =>
    [...new Set([...activity.categories, ...(session.categories ?? [])])].map((key) => ({
      organiserId,
      availabilityId: ids.get(row.cuid)!,
      categoryId: lookup(lookups.categoryIds, key),
    })),
  );
  await tx.insert(availabilityCategories).values(categoryRows);

  const dateRows = planned.flatMap(({ session, row, full }) => {
    const fullDates = new Set(session.fullDates ?? []);
    return session.slots.map((slot, index) => {
      const dateFull = row.status === "FULL" || fullDates.has(index);
      return {
        cuid: seedCuid(),
        organiserId,
        availabilityId: ids.get(row.cuid)!,
        startAt: slot.startAt,
        endAt: slot.endAt,
        status:
          row.status === "CLOSED"
            ? ("CLOSED" as const)
            : dateFull
              ? ("FULL" as const)
              : ("OPEN" as const),
        capacity: row.capacity,
        registered: dateFull ? full : row.registered,
      };
    });
  });
  await tx.insert(availabilityDates).values(dateRows);
  count("availability_dates", dateRows.length);
}

/**
 * Inserts keyed rows in one statement and returns their ids and cuids by key: the cuids are
 * chosen here, so that each returned row is matched to its key whatever order it comes back in.
 */
async function insertKeyed<Row extends object>(
  items: { key: string; row: Row }[],
  insert: (rows: (Row & { cuid: string })[]) => Promise<SeededRef[]>,
): Promise<Map<string, SeededRef>> {
  const refs = new Map<string, SeededRef>();
  if (items.length === 0) return refs;
  const rows = items.map((item) => ({ ...item.row, cuid: seedCuid() }));
  const inserted = new Map((await insert(rows)).map((ref) => [ref.cuid, ref]));
  items.forEach((item, index) => {
    refs.set(item.key, inserted.get(rows[index]!.cuid)!);
  });
  return refs;
}

function lookupRef(map: Map<string, SeededRef>, key: string): SeededRef {
  const ref = map.get(key);
  if (ref === undefined) throw new Error(`demo data refers to unknown key ${key}`);
  return ref;
}

function idsOf(refs: Map<string, SeededRef>): Map<string, number> {
  return new Map([...refs].map(([key, ref]) => [key, ref.id]));
}

function lookup<K>(map: Map<K, number>, key: K): number {
  const id = map.get(key);
  if (id === undefined) throw new Error(`demo data refers to unknown key ${String(key)}`);
  return id;
}
