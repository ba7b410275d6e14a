import {
  activities,
  activityQuestions,
  availabilities,
  collaborators,
  customers,
  type Database,
  organisers,
  participants,
  resources,
  type TenantTx,
} from "@booking/db";
import { and, asc, eq } from "@booking/db/orm";
import type { Organiser } from "../modules/organisers/queries.ts";

// The demo story names things as a person sees them (an activity's title, a customer's e-mail, a
// participant's first name); these look-ups turn the names into the ids the services take.

function found<T>(value: T | undefined, what: string): T {
  if (value === undefined) throw new Error(`demo flows: ${what} not found`);
  return value;
}

export async function organiserBySlug(db: Database | TenantTx, slug: string): Promise<Organiser> {
  const [row] = await db.select().from(organisers).where(eq(organisers.slug, slug));
  return found(row, `organiser ${slug}`);
}

export async function collaboratorIdByEmail(db: Database, email: string): Promise<number> {
  const [row] = await db
    .select({ id: collaborators.id })
    .from(collaborators)
    .where(eq(collaborators.email, email));
  return found(row, `collaborator ${email}`).id;
}

export async function customerIdByEmail(
  tx: TenantTx,
  organiserId: number,
  email: string,
): Promise<{ id: number; cuid: string }> {
  const [row] = await tx
    .select({ id: customers.id, cuid: customers.cuid })
    .from(customers)
    .where(and(eq(customers.organiserId, organiserId), eq(customers.email, email)));
  return found(row, `customer ${email}`);
}

export async function participantIdOf(
  tx: TenantTx,
  organiserId: number,
  customerId: number,
  firstname: string,
): Promise<number> {
  const [row] = await tx
    .select({ id: participants.id })
    .from(participants)
    .where(
      and(
        eq(participants.organiserId, organiserId),
        eq(participants.customerId, customerId),
        eq(participants.firstname, firstname),
      ),
    );
  return found(row, `participant ${firstname}`).id;
}

/** An activity's id and its availabilities' ids in the order they were written. */
export async function activityOf(
  tx: TenantTx,
  organiserId: number,
  title: string,
): Promise<{ id: number; availabilityIds: number[] }> {
  const [activity] = await tx
    .select({ id: activities.id })
    .from(activities)
    .where(and(eq(activities.organiserId, organiserId), eq(activities.title, title)));
  const { id } = found(activity, `activity ${title}`);
  const rows = await tx
    .select({ id: availabilities.id })
    .from(availabilities)
    .where(and(eq(availabilities.organiserId, organiserId), eq(availabilities.activityId, id)))
    .orderBy(asc(availabilities.id));
  return { id, availabilityIds: rows.map((row) => row.id) };
}

export async function questionIdOf(
  tx: TenantTx,
  organiserId: number,
  activityId: number,
  title: string,
): Promise<number> {
  const [row] = await tx
    .select({ id: activityQuestions.id })
    .from(activityQuestions)
    .where(
      and(
        eq(activityQuestions.organiserId, organiserId),
        eq(activityQuestions.activityId, activityId),
        eq(activityQuestions.title, title),
      ),
    );
  return found(row, `question ${title}`).id;
}

export async function resourceIdByName(
  tx: TenantTx,
  organiserId: number,
  name: string,
): Promise<number> {
  const [row] = await tx
    .select({ id: resources.id })
    .from(resources)
    .where(and(eq(resources.organiserId, organiserId), eq(resources.name, name)));
  return found(row, `resource ${name}`).id;
}
