import { notificationRules, notificationTemplates, type TenantTx } from "@booking/db";
import { and, asc, eq, isNotNull, isNull, sql } from "@booking/db/orm";

// The console's SQL on notification templates. Every statement filters by organiser_id.

export type TemplateRow = typeof notificationTemplates.$inferSelect;
type TemplateText = Pick<TemplateRow, "subject" | "content">;

/** The organiser's rows: its edited defaults and its own templates (by name). */
export async function listTemplateRows(tx: TenantTx, organiserId: number): Promise<TemplateRow[]> {
  return tx
    .select()
    .from(notificationTemplates)
    .where(eq(notificationTemplates.organiserId, organiserId))
    .orderBy(asc(sql`lower(${notificationTemplates.name})`), asc(notificationTemplates.id));
}

/** One of the organiser's own templates (an edited default is reached by its key). */
export async function findCustomTemplate(
  tx: TenantTx,
  organiserId: number,
  cuid: string,
): Promise<TemplateRow | null> {
  const [row] = await tx
    .select()
    .from(notificationTemplates)
    .where(
      and(
        eq(notificationTemplates.organiserId, organiserId),
        eq(notificationTemplates.cuid, cuid),
        isNull(notificationTemplates.defaultKey),
      ),
    );
  return row ?? null;
}

/** The organiser's version of a default, if it edited it. */
export async function findEditedDefault(
  tx: TenantTx,
  organiserId: number,
  key: string,
): Promise<TemplateRow | null> {
  const [row] = await tx
    .select()
    .from(notificationTemplates)
    .where(
      and(
        eq(notificationTemplates.organiserId, organiserId),
        eq(notificationTemplates.defaultKey, key),
      ),
    );
  return row ?? null;
}

export async function insertCustomTemplate(
  tx: TenantTx,
  organiserId: number,
  values: Pick<TemplateRow, "name" | "type"> & TemplateText,
): Promise<TemplateRow> {
  const [row] = await tx
    .insert(notificationTemplates)
    .values({ organiserId, ...values })
    .returning();
  return row!;
}

export async function updateCustomTemplate(
  tx: TenantTx,
  id: number,
  values: Pick<TemplateRow, "name"> & TemplateText,
): Promise<TemplateRow> {
  const [row] = await tx
    .update(notificationTemplates)
    .set(values)
    .where(eq(notificationTemplates.id, id))
    .returning();
  return row!;
}

/**
 * Writes the organiser's version of a default in one statement: two collaborators saving the
 * same default for the first time at once leave one row, the last text saved.
 */
export async function upsertEditedDefault(
  tx: TenantTx,
  organiserId: number,
  values: { key: string; name: string; type: TemplateRow["type"] } & TemplateText,
): Promise<TemplateRow> {
  const [row] = await tx
    .insert(notificationTemplates)
    .values({
      organiserId,
      defaultKey: values.key,
      name: values.name,
      type: values.type,
      subject: values.subject,
      content: values.content,
    })
    .onConflictDoUpdate({
      target: [notificationTemplates.organiserId, notificationTemplates.defaultKey],
      targetWhere: isNotNull(notificationTemplates.defaultKey),
      set: { subject: values.subject, content: values.content, updatedAt: new Date() },
    })
    .returning();
  return row!;
}

/** Deletes a row of the organiser; returns it, or null when it was not there (any more). */
export async function deleteTemplateRow(
  tx: TenantTx,
  organiserId: number,
  id: number,
): Promise<TemplateRow | null> {
  const [row] = await tx
    .delete(notificationTemplates)
    .where(
      and(eq(notificationTemplates.organiserId, organiserId), eq(notificationTemplates.id, id)),
    )
    .returning();
  return row ?? null;
}

/** The names of the organiser's rules that send this template (they would have nothing to send). */
export async function rulesUsingTemplate(
  tx: TenantTx,
  organiserId: number,
  cuid: string,
): Promise<string[]> {
  const rows = await tx
    .select({ name: notificationRules.name })
    .from(notificationRules)
    .where(
      and(eq(notificationRules.organiserId, organiserId), eq(notificationRules.templateCuid, cuid)),
    )
    .orderBy(asc(notificationRules.name));
  return rows.map((row) => row.name);
}
