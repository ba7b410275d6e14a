import type { ParticipantView, SessionResponse } from "@booking/contracts";
import { type customers, queryPrepared, type TenantTx } from "@booking/db";
import type { Actor } from "../../http/service-context.ts";
import type { ParticipantRow } from "../participants/queries.ts";
import { participantView } from "../participants/service.ts";
import { customerView } from "./service.ts";
import { type SessionRow, sessionActor, sessionTokenHash } from "./sessions.ts";

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

/** What the statement answers: the session, its customer's columns (null when gone), the rest. */
type PageSessionRow = SessionRow &
  Pick<
    typeof customers.$inferSelect,
    | "cuid"
    | "firstname"
    | "lastname"
    | "email"
    | "phone"
    | "customData"
    | "walletAmount"
    | "newsletterSubscribed"
    | "newsletterSubscribedAt"
    | "newsletterUnsubscribedAt"
    | "newsletterSource"
    | "createdAt"
  > & {
    /** null when the session's customer is gone (deleted or anonymised) */
    found: boolean;
    participants: ParticipantJson[];
    openCartId: number | null;
  };

/** What a logged-in customer's page reads of them (decision 0058). */
export type PageCustomer = {
  session: SessionResponse;
  participants: ParticipantView[];
  openCartId: number | null;
};

/**
 * The live session of a token ($1, its hash, unexpired at $2) joined to its customer (not
 * anonymised), their participants as the add forms list them (by name, not deleted) and the id of
 * their open cart. A constant text run as a named prepared statement (decision 0090): every
 * logged-in page sends it, and PostgreSQL then parses and plans it once per connection instead
 * of for each page (its planning cost more than its execution). Every row is reached by a key
 * (the session by its token, the rest through correlated subqueries on the customer's key), so
 * its generic plan cannot go wrong as the tables grow.
 */
const PAGE_SESSION = `select s.id, s.customer_id as "customerId", s.last_seen_at as "lastSeenAt",
       s.impersonator_collaborator_id as "impersonatorId", c.id is not null as found,
       c.cuid, c.firstname, c.lastname, c.email, c.phone, c.custom_data as "customData",
       c.wallet_amount as "walletAmount", c.newsletter_subscribed as "newsletterSubscribed",
       c.newsletter_subscribed_at as "newsletterSubscribedAt",
       c.newsletter_unsubscribed_at as "newsletterUnsubscribedAt",
       c.newsletter_source as "newsletterSource", c.created_at as "createdAt",
       (select coalesce(json_agg(json_build_object(
                 'id', p.id, 'cuid', p.cuid, 'firstname', p.firstname, 'lastname', p.lastname,
                 'birthdate', p.birthdate, 'customData', p.custom_data, 'createdAt', p.created_at)
               order by p.firstname, p.lastname, p.id), '[]')
          from (select * from participants p
                 where p.organiser_id = c.organiser_id and p.customer_id = c.id
                   and p.deleted_at is null
                 order by p.firstname, p.lastname, p.id
                 limit ${PARTICIPANTS_LIMIT}) p) as participants,
       (select k.id from carts k
         where k.organiser_id = c.organiser_id and k.customer_id = c.id
           and k.processed_at is null
         limit 1) as "openCartId"
  from customer_sessions s
  left join customers c
    on c.organiser_id = s.organiser_id and c.id = s.customer_id and c.anonymised_at is null
 where s.token_hash = $1 and s.expires_at > $2
 limit 1`;

/**
 * Who a page's session cookie stands for and what their page reads of them, in ONE statement
 * (decisions 0058, 0081, 0090): 2,000 parents of an opening rush each load a page. Null for a
 * token of no live session; `customer` null when the session's customer is gone.
 */
export async function pageSession(
  tx: TenantTx,
  secret: string,
  token: string,
): Promise<{ actor: Actor; customer: PageCustomer | null } | null> {
  const hash = sessionTokenHash(secret, token);
  if (hash === null) return null;
  const now = new Date();
  const [row] = await queryPrepared<PageSessionRow>(tx, "page_session", PAGE_SESSION, [hash, now]);
  if (!row) return null;
  const actor = await sessionActor(tx, row, now);
  if (!row.found) return { actor, customer: null };
  const customer = { ...row, id: row.customerId };
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
