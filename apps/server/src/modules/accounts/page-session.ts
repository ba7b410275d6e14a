import type { ParticipantView, SessionResponse } from "@booking/contracts";
import { customerSessions, customers, type TenantTx } from "@booking/db";
import { and, eq, gt, isNull, sql } from "@booking/db/orm";
import type { Actor } from "../../http/service-context.ts";
import type { ParticipantRow } from "../participants/queries.ts";
import { participantView } from "../participants/service.ts";
import { customerView } from "./service.ts";
import { sessionActor, sessionTokenHash } from "./sessions.ts";

/** More participants than a customer can reasonably have: the add forms list them all. */
const PARTICIPANTS_LIMIT = 500;

type ParticipantJson = {
  id: number;
  cuid: string;
  firstname: string;
  lastname: string;
  birthdate: string | null;
  customData: ParticipantRow["customData"];
  createdAt: string;
};

/** What a logged-in customer's page reads of them (decision 0058). */
export type PageCustomer = {
  session: SessionResponse;
  participants: ParticipantView[];
  openCartId: number | null;
};

/**
 * Who a page's session cookie stands for and what their page reads of them, in ONE statement
 * (decisions 0058, 0081): the live session of the token, its customer (not deleted), their
 * participants as the add forms list them (by name, not deleted), and the id of their open cart.
 * 2,000 parents of an opening rush each load a page: three round trips fewer per page than the
 * four reads apart. Null for a token of no live session; `customer` null when the session's
 * customer is gone.
 */
export async function pageSession(
  tx: TenantTx,
  secret: string,
  token: string,
): Promise<{ actor: Actor; customer: PageCustomer | null } | null> {
  const hash = sessionTokenHash(secret, token);
  if (hash === null) return null;
  const now = new Date();
  // The subqueries name the outer row `customers.…` (the select's own columns are written
  // unqualified, which inside them would be the inner tables').
  const [row] = await tx
    .select({
      session: {
        id: customerSessions.id,
        customerId: customerSessions.customerId,
        lastSeenAt: customerSessions.lastSeenAt,
        impersonatorId: customerSessions.impersonatorCollaboratorId,
      },
      customer: customers,
      participants: sql<ParticipantJson[]>`(
        select coalesce(json_agg(json_build_object(
                 'id', p.id, 'cuid', p.cuid, 'firstname', p.firstname, 'lastname', p.lastname,
                 'birthdate', p.birthdate, 'customData', p.custom_data, 'createdAt', p.created_at)
               order by p.firstname, p.lastname, p.id), '[]')
          from (select * from participants p
                 where p.organiser_id = customers.organiser_id and p.customer_id = customers.id
                   and p.deleted_at is null
                 order by p.firstname, p.lastname, p.id
                 limit ${PARTICIPANTS_LIMIT}) p)`,
      openCartId: sql<number | null>`(
        select k.id from carts k
         where k.organiser_id = customers.organiser_id and k.customer_id = customers.id
           and k.processed_at is null
         limit 1)`,
    })
    .from(customerSessions)
    .leftJoin(
      customers,
      and(
        eq(customers.organiserId, customerSessions.organiserId),
        eq(customers.id, customerSessions.customerId),
        isNull(customers.anonymisedAt),
      ),
    )
    .where(and(eq(customerSessions.tokenHash, hash), gt(customerSessions.expiresAt, now)))
    .limit(1);
  if (!row) return null;
  const actor = await sessionActor(tx, row.session, now);
  const { customer } = row;
  if (!customer) return { actor, customer: null };
  return {
    actor,
    customer: {
      session: {
        customer: customerView(customer),
        counters: null,
        wallet: { amount: customer.walletAmount },
      },
      participants: row.participants.map((participant) =>
        participantView({
          ...participant,
          createdAt: new Date(participant.createdAt),
          customerEmail: customer.email,
        }),
      ),
      openCartId: row.openCartId,
    },
  };
}
