import {
  apiKeys,
  collaboratorRoles,
  collaborators,
  type Database,
  organiserCollaborators,
  type TenantTx,
  webhookAttempts,
  webhookDeliveries,
  webhookEndpoints,
} from "@booking/db";
import { and, desc, eq, inArray, lt, sql } from "@booking/db/orm";

// Every query filters by organiser explicitly; row-level security is the second wall.

export type WebhookEndpoint = typeof webhookEndpoints.$inferSelect;
export type WebhookDelivery = typeof webhookDeliveries.$inferSelect;
export type WebhookAttempt = typeof webhookAttempts.$inferSelect;
export type ApiKey = typeof apiKeys.$inferSelect;

export async function listEndpoints(tx: TenantTx, organiserId: number) {
  return tx
    .select()
    .from(webhookEndpoints)
    .where(eq(webhookEndpoints.organiserId, organiserId))
    .orderBy(webhookEndpoints.id);
}

export async function findEndpoint(
  tx: TenantTx,
  organiserId: number,
  cuid: string,
): Promise<WebhookEndpoint | null> {
  const [row] = await tx
    .select()
    .from(webhookEndpoints)
    .where(and(eq(webhookEndpoints.organiserId, organiserId), eq(webhookEndpoints.cuid, cuid)))
    .limit(1);
  return row ?? null;
}

export async function insertEndpoint(tx: TenantTx, values: typeof webhookEndpoints.$inferInsert) {
  const [row] = await tx.insert(webhookEndpoints).values(values).returning();
  return row!;
}

export async function updateEndpoint(
  tx: TenantTx,
  endpoint: WebhookEndpoint,
  values: Partial<typeof webhookEndpoints.$inferInsert>,
): Promise<WebhookEndpoint> {
  const [row] = await tx
    .update(webhookEndpoints)
    .set(values)
    .where(
      and(
        eq(webhookEndpoints.organiserId, endpoint.organiserId),
        eq(webhookEndpoints.id, endpoint.id),
      ),
    )
    .returning();
  return row!;
}

export async function deleteEndpoint(tx: TenantTx, endpoint: WebhookEndpoint): Promise<void> {
  await tx
    .delete(webhookEndpoints)
    .where(
      and(
        eq(webhookEndpoints.organiserId, endpoint.organiserId),
        eq(webhookEndpoints.id, endpoint.id),
      ),
    );
}

const INSERT_DELIVERIES = sql`insert into webhook_deliveries
    (cuid, organiser_id, endpoint_id, event_cuid, event_type, body, retry_until)`;

/**
 * One delivery per enabled endpoint of the organiser subscribed to the event's type, in one
 * statement; a replayed event adds none (unique per endpoint and event).
 */
export async function insertDeliveriesOf(
  tx: TenantTx,
  organiserId: number,
  event: { cuid: string; type: string; body: Record<string, unknown> },
  retryWindowMs: number,
  newCuid: () => string,
): Promise<void> {
  const endpoints = await tx
    .select({ id: webhookEndpoints.id })
    .from(webhookEndpoints)
    .where(
      and(
        eq(webhookEndpoints.organiserId, organiserId),
        eq(webhookEndpoints.enabled, true),
        sql`${event.type} = any(${webhookEndpoints.eventTypes})`,
      ),
    );
  if (endpoints.length === 0) return;
  const body = JSON.stringify(event.body);
  const rows = endpoints.map(
    (endpoint) =>
      sql`(${newCuid()}, ${organiserId}, ${endpoint.id}, ${event.cuid}, ${event.type}, ${body}::jsonb,
        now() + make_interval(secs => ${retryWindowMs / 1000}))`,
  );
  await tx.execute(
    sql`${INSERT_DELIVERIES} values ${sql.join(rows, sql`, `)} on conflict do nothing`,
  );
}

/** A page of an endpoint's deliveries, newest first, each with its last attempt. */
export async function listDeliveries(
  tx: TenantTx,
  organiserId: number,
  endpointId: number,
  page: { limit: number; beforeId: number | null; status: WebhookDelivery["status"] | null },
) {
  return tx
    .select({
      delivery: webhookDeliveries,
      // Qualified by hand: drizzle writes a lone table's columns unqualified, which the
      // subquery would read as its own.
      lastResponseCode: sql<number | null>`(select a.response_code from webhook_attempts a
        where a.organiser_id = webhook_deliveries.organiser_id
          and a.delivery_id = webhook_deliveries.id
        order by a.attempt desc limit 1)`,
    })
    .from(webhookDeliveries)
    .where(
      and(
        eq(webhookDeliveries.organiserId, organiserId),
        eq(webhookDeliveries.endpointId, endpointId),
        page.beforeId === null ? undefined : lt(webhookDeliveries.id, page.beforeId),
        page.status === null ? undefined : eq(webhookDeliveries.status, page.status),
      ),
    )
    .orderBy(desc(webhookDeliveries.id))
    .limit(page.limit);
}

export async function listAttemptsOf(tx: TenantTx, organiserId: number, deliveryIds: number[]) {
  if (deliveryIds.length === 0) return [];
  return tx
    .select()
    .from(webhookAttempts)
    .where(
      and(
        eq(webhookAttempts.organiserId, organiserId),
        inArray(webhookAttempts.deliveryId, deliveryIds),
      ),
    )
    .orderBy(webhookAttempts.deliveryId, webhookAttempts.attempt);
}

/** A delivery with its endpoint, locked for the attempt being recorded. */
export async function findDelivery(
  tx: TenantTx,
  organiserId: number,
  cuid: string,
  options: { lock?: boolean } = {},
) {
  const query = tx
    .select({ delivery: webhookDeliveries, endpoint: webhookEndpoints })
    .from(webhookDeliveries)
    .innerJoin(
      webhookEndpoints,
      and(
        eq(webhookEndpoints.organiserId, webhookDeliveries.organiserId),
        eq(webhookEndpoints.id, webhookDeliveries.endpointId),
      ),
    )
    .where(and(eq(webhookDeliveries.organiserId, organiserId), eq(webhookDeliveries.cuid, cuid)))
    .limit(1);
  const [row] = options.lock ? await query.for("update", { of: webhookDeliveries }) : await query;
  return row ?? null;
}

export async function updateDelivery(
  tx: TenantTx,
  delivery: WebhookDelivery,
  values: Partial<typeof webhookDeliveries.$inferInsert>,
): Promise<void> {
  await tx
    .update(webhookDeliveries)
    .set(values)
    .where(
      and(
        eq(webhookDeliveries.organiserId, delivery.organiserId),
        eq(webhookDeliveries.id, delivery.id),
      ),
    );
}

export async function insertAttempt(tx: TenantTx, values: typeof webhookAttempts.$inferInsert) {
  await tx.insert(webhookAttempts).values(values);
}

/** Counts a failed attempt on the endpoint (or clears the count); returns the new count. */
export async function countEndpointFailure(
  tx: TenantTx,
  endpoint: WebhookEndpoint,
  failed: boolean,
): Promise<number> {
  const [row] = await tx
    .update(webhookEndpoints)
    .set({
      consecutiveFailures: failed ? sql`${webhookEndpoints.consecutiveFailures} + 1` : 0,
    })
    .where(
      and(
        eq(webhookEndpoints.organiserId, endpoint.organiserId),
        eq(webhookEndpoints.id, endpoint.id),
      ),
    )
    .returning({ failures: webhookEndpoints.consecutiveFailures });
  return row?.failures ?? 0;
}

/** The owners' addresses, who hear of an endpoint disabled. */
export async function ownersOf(tx: TenantTx, organiserId: number) {
  return tx
    .select({
      id: collaborators.id,
      email: collaborators.email,
      firstname: collaborators.firstname,
      lastname: collaborators.lastname,
    })
    .from(organiserCollaborators)
    .innerJoin(
      collaboratorRoles,
      and(
        eq(collaboratorRoles.organiserId, organiserCollaborators.organiserId),
        eq(collaboratorRoles.id, organiserCollaborators.roleId),
      ),
    )
    .innerJoin(collaborators, eq(collaborators.id, organiserCollaborators.collaboratorId))
    .where(
      and(eq(organiserCollaborators.organiserId, organiserId), eq(collaboratorRoles.isOwner, true)),
    )
    .orderBy(collaborators.id);
}

/** A due attempt the relay hands to the queue. */
export type DueAttempt = {
  organiser_id: number;
  delivery_cuid: string;
  attempt: number;
  start_after: Date;
};

/**
 * Every organiser's deliveries whose next attempt is not queued yet, marked queued in the same
 * transaction as `publish` (which inserts their jobs): a crash between leaves them unmarked and
 * the next run publishes them again under the same job ids. `FOR UPDATE SKIP LOCKED`: two
 * relays take different rows.
 */
export async function relayDueAttempts(
  db: Database,
  batch: number,
  publish: (attempts: DueAttempt[]) => Promise<void>,
): Promise<number> {
  return db.transaction(async (tx) => {
    const rows = await tx.execute<DueAttempt & { id: number }>(sql`
      select id, organiser_id, cuid as delivery_cuid, attempts + 1 as attempt,
        next_attempt_at as start_after
      from webhook_deliveries
      where status = 'PENDING' and queued_attempt = attempts
      order by next_attempt_at
      limit ${batch}
      for update skip locked`);
    if (rows.rows.length === 0) return 0;
    await publish(rows.rows.map(({ id: _id, ...attempt }) => attempt));
    await tx
      .update(webhookDeliveries)
      .set({ queuedAttempt: sql`${webhookDeliveries.attempts} + 1` })
      .where(
        inArray(
          webhookDeliveries.id,
          rows.rows.map((row) => row.id),
        ),
      );
    return rows.rows.length;
  });
}

export async function listApiKeys(tx: TenantTx, organiserId: number) {
  return tx
    .select()
    .from(apiKeys)
    .where(eq(apiKeys.organiserId, organiserId))
    .orderBy(desc(apiKeys.id));
}

export async function insertApiKey(tx: TenantTx, values: typeof apiKeys.$inferInsert) {
  const [row] = await tx.insert(apiKeys).values(values).returning();
  return row!;
}

export async function findApiKey(
  tx: TenantTx,
  organiserId: number,
  cuid: string,
): Promise<ApiKey | null> {
  const [row] = await tx
    .select()
    .from(apiKeys)
    .where(and(eq(apiKeys.organiserId, organiserId), eq(apiKeys.cuid, cuid)))
    .limit(1);
  return row ?? null;
}

export async function revokeApiKey(tx: TenantTx, key: ApiKey, now: Date): Promise<ApiKey> {
  const [row] = await tx
    .update(apiKeys)
    .set({ revokedAt: now })
    .where(and(eq(apiKeys.organiserId, key.organiserId), eq(apiKeys.id, key.id)))
    .returning();
  return row!;
}

/** The organiser's key of this hash (another organiser's key is not found), marked used now. */
export async function findUsedApiKey(
  tx: TenantTx,
  organiserId: number,
  keyHash: string,
  now: Date,
): Promise<ApiKey | null> {
  const [row] = await tx
    .select()
    .from(apiKeys)
    .where(and(eq(apiKeys.organiserId, organiserId), eq(apiKeys.keyHash, keyHash)))
    .limit(1);
  if (!row) return null;
  // One write a minute at most per key: a busy client does not rewrite the row on every call.
  if (!row.lastUsedAt || now.getTime() - row.lastUsedAt.getTime() > 60_000) {
    await tx
      .update(apiKeys)
      .set({ lastUsedAt: now })
      .where(and(eq(apiKeys.organiserId, organiserId), eq(apiKeys.id, row.id)));
  }
  return row;
}
