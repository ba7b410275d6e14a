import type {
  AdminBankTransferView,
  BankStatementDetail,
  BankStatementLineView,
  BankStatementView,
  bankStatementLineQuery,
  bankStatementListQuery,
  LineCartList,
  ListEnvelope,
  recordTransferBody,
} from "@booking/contracts";
import {
  type CartPaymentCandidate,
  matchStatementLine,
  normalisePaymentReference,
  type StatementLineUnmatchedReason,
} from "@booking/domain";
import type { z } from "zod";
import { AppError } from "../../http/app-error.ts";
import type { ConsoleContext } from "../../http/console-context.ts";
import { listCartDuesByReference, listCartsWithDue } from "../payments/console-queries.ts";
import { outstandingView } from "../payments/console-views.ts";
import { NOT_FOUND } from "../transactions/destinations.ts";
import {
  findCustomerRef,
  findDebtId,
  findLine,
  findProcessedCartId,
  findTransfer,
  type LineListRow,
  type LineRow,
  listDebtDuesByReference,
  listDebtsWithDue,
  listLines,
  listStatements,
  setLineStatus,
} from "./console-queries.ts";
import {
  lineView,
  outstandingChargeView,
  statementView,
  transferAudit,
  transferView,
} from "./console-views.ts";
import { importStatementFile } from "./statement-import.ts";
import {
  cancelTransfer,
  lockTarget,
  receiveTransfer,
  type TransferTarget,
  targetOfTransfer,
} from "./transfers.ts";

// The console's bank transfers and statements (issue 6 item 6). Every change is audited.

type RecordTransferInput = z.output<typeof recordTransferBody>;
type StatementListInput = z.output<typeof bankStatementListQuery>;
type LineListInput = z.output<typeof bankStatementLineQuery>;

/**
 * A transfer's target named by cuid in the console: a processed cart, an attendance charge or a
 * booking share.
 */
export type TargetByCuid = { type: TransferTarget["type"]; cuid: string };

/** The target's id; 404 CART_NOT_FOUND / ATTENDANCE_CHARGE_NOT_FOUND / BOOKING_NOT_FOUND when not the organiser's. */
async function findTarget(context: ConsoleContext, target: TargetByCuid): Promise<TransferTarget> {
  const { db, organiser } = context;
  const id =
    target.type === "CART"
      ? await findProcessedCartId(db, organiser.id, target.cuid)
      : await findDebtId(db, target.type, organiser.id, target.cuid);
  if (id === null) throw new AppError(NOT_FOUND[target.type]);
  return { type: target.type, id };
}

const paging = (query: { page_number: number; page_size: number }) => ({
  limit: query.page_size,
  offset: (query.page_number - 1) * query.page_size,
});

/**
 * Why each unmatched line is not matched, as it stands against the carts and attendance charges
 * now (one may have been paid, or changed to owe more, since the import): the import's own rule,
 * on their current amounts due. null for a line the rule would now match: the manual match proposes it.
 */
async function currentReasons(
  context: ConsoleContext,
  rows: LineListRow[],
): Promise<Map<number, StatementLineUnmatchedReason>> {
  const { db, organiser } = context;
  const unmatched = rows.filter((row) => row.status === "UNMATCHED" && row.review === null);
  const references = [
    ...new Set(
      unmatched
        .map((row) => row.structured_reference)
        .filter((reference) => reference !== null)
        .map((reference) => normalisePaymentReference(reference) ?? reference),
    ),
  ];
  const dues = [
    ...(await listCartDuesByReference(db, organiser.id, references)),
    ...(await listDebtDuesByReference(db, "ATTENDANCE_CHARGE", organiser.id, references)),
    ...(await listDebtDuesByReference(db, "BOOKING_PARTICIPATION", organiser.id, references)),
  ];
  const candidates: CartPaymentCandidate[] = dues.map((due) => ({
    cartId: due.id,
    reference: due.reference,
    amountDue: due.amount_due,
    currency: organiser.currency,
  }));
  const reasons = new Map<number, StatementLineUnmatchedReason>();
  for (const row of unmatched) {
    const match = matchStatementLine(
      { amount: row.amount, currency: row.currency, structuredReference: row.structured_reference },
      candidates,
    );
    if (match.kind === "unmatched") reasons.set(row.id, match.reason);
  }
  return reasons;
}

async function lineViews(context: ConsoleContext, rows: LineListRow[]) {
  const reasons = await currentReasons(context, rows);
  return rows.map((row) => lineView(row, reasons.get(row.id) ?? null));
}

async function oneLineView(context: ConsoleContext, line: LineRow): Promise<BankStatementLineView> {
  const rows = await listLines(context.db, context.organiser.id, {
    ids: [line.id],
    limit: 1,
    offset: 0,
  });
  const [view] = await lineViews(context, rows);
  return view!;
}

/** A line by cuid, locked; 404 when it is not the organiser's. */
async function lockLine(context: ConsoleContext, cuid: string): Promise<LineRow> {
  const line = await findLine(context.db, context.organiser.id, cuid, { lock: true });
  if (!line) throw new AppError("BANK_STATEMENT_LINE_NOT_FOUND");
  return line;
}

const lineAudit = (line: LineRow) => ({
  status: line.status,
  booking_date: line.bookingDate,
  amount: line.amount,
  counterparty: line.counterpartyName,
});

export const bankConsole = {
  importStatementFile,

  /**
   * POST /api/admin/carts/:cuid/bank-transfers and /api/admin/attendance-charges/:cuid/bank-transfers:
   * money received by transfer, recorded by hand for a processed cart or an attendance charge (404
   * otherwise), credited to it at once; beyond what it owes, to the customer's wallet.
   */
  async recordTransfer(
    context: ConsoleContext,
    target: TargetByCuid,
    input: RecordTransferInput,
  ): Promise<AdminBankTransferView> {
    const { db, organiser } = context;
    const found = await findTarget(context, target);
    const locked = await lockTarget(context, found);
    const transfer = await receiveTransfer(context, locked, {
      amount: input.amount,
      receivedOn: input.received_on,
      note: input.note,
      statementLineId: null,
    });
    const after = await lockTarget(context, found);
    await context.audit({
      action: "bank_transfer.created",
      entity: "bank_transfer",
      entityId: transfer.cuid,
      after: transferAudit(transfer, after),
    });
    const customer = await findCustomerRef(db, organiser.id, after.customerId);
    return transferView(transfer, after, customer, null);
  },

  /**
   * DELETE /api/admin/bank-transfers/:cuid: cancels a transfer recorded by hand or matched from a
   * statement (its line is unmatched again); see `cancelTransfer`.
   */
  async cancelTransfer(context: ConsoleContext, cuid: string): Promise<AdminBankTransferView> {
    const { db, organiser } = context;
    const found = await findTransfer(db, organiser.id, { cuid });
    if (!found) throw new AppError("BANK_TRANSFER_NOT_FOUND");
    const { transfer, target } = await cancelTransfer(context, found);
    const after = await lockTarget(context, targetOfTransfer(transfer));
    await context.audit({
      action: "bank_transfer.cancelled",
      entity: "bank_transfer",
      entityId: transfer.cuid,
      before: transferAudit(found, target),
      after: transferAudit(transfer, after),
    });
    const line =
      transfer.statementLineId === null
        ? null
        : await listLines(db, organiser.id, {
            ids: [transfer.statementLineId],
            limit: 1,
            offset: 0,
          });
    const customer = await findCustomerRef(db, organiser.id, after.customerId);
    return transferView(transfer, after, customer, line?.[0]?.cuid ?? null);
  },

  /** GET /api/admin/bank-statements: the imported statements, newest first, with line counts. */
  async listStatements(
    context: ConsoleContext,
    query: StatementListInput,
  ): Promise<ListEnvelope<BankStatementView>> {
    const { limit, offset } = paging(query);
    const rows = await listStatements(context.db, context.organiser.id, { limit, offset });
    return { data: rows.map(statementView), count: rows[0]?.total_count ?? 0, limit, offset };
  },

  /** GET /api/admin/bank-statements/:cuid: a statement with its lines in file order. */
  async statement(context: ConsoleContext, cuid: string): Promise<BankStatementDetail> {
    const { db, organiser } = context;
    const [row] = await listStatements(db, organiser.id, { cuid, limit: 1, offset: 0 });
    if (!row) throw new AppError("BANK_STATEMENT_NOT_FOUND");
    const lines = await listLines(db, organiser.id, {
      statementId: row.id,
      limit: row.lines,
      offset: 0,
    });
    return { ...statementView(row), lines: await lineViews(context, lines) };
  },

  /** GET /api/admin/bank-statement-lines: lines of every statement, by status and search. */
  async listLines(
    context: ConsoleContext,
    query: LineListInput,
  ): Promise<ListEnvelope<BankStatementLineView>> {
    const { limit, offset } = paging(query);
    const rows = await listLines(context.db, context.organiser.id, {
      status: query.status,
      q: query.q,
      limit,
      offset,
    });
    return {
      data: await lineViews(context, rows),
      count: rows[0]?.total_count ?? 0,
      limit,
      offset,
    };
  },

  /**
   * GET /api/admin/bank-statement-lines/:cuid/carts: the carts and attendance charges an unmatched
   * line may pay, for the manual match: those owing exactly its amount first, then those owing
   * something.
   */
  async lineCarts(
    context: ConsoleContext,
    cuid: string,
    q: string | undefined,
  ): Promise<LineCartList> {
    const { db, organiser } = context;
    const line = await findLine(db, organiser.id, cuid);
    if (!line) throw new AppError("BANK_STATEMENT_LINE_NOT_FOUND");
    const rows = await listCartsWithDue(db, organiser.id, {
      q,
      owing: false,
      amountFirst: line.amount,
      sort: "-age",
      limit: 20,
      offset: 0,
    });
    const filters = { q, amountFirst: line.amount, limit: 20 };
    const charges = await listDebtsWithDue(db, "ATTENDANCE_CHARGE", organiser.id, filters);
    const shares = await listDebtsWithDue(db, "BOOKING_PARTICIPATION", organiser.id, filters);
    return {
      data: rows.map((row) => outstandingView(row, new Date())),
      attendance_charges: charges.map(outstandingChargeView),
      booking_participations: shares.map(outstandingChargeView),
    };
  },

  /**
   * POST /api/admin/bank-statement-lines/:cuid/match: matches an unmatched credit to a processed
   * cart or an attendance charge by hand (as the import would: it is credited, beyond its due the
   * wallet). Refused for
   * a line matched or ignored already (409 BANK_STATEMENT_LINE_HANDLED), money that went out (409
   * BANK_STATEMENT_LINE_DEBIT), another currency than the organiser's (409 CURRENCY_MISMATCH).
   */
  async matchLine(
    context: ConsoleContext,
    cuid: string,
    target: TargetByCuid,
  ): Promise<BankStatementLineView> {
    const { db, organiser } = context;
    const found = await findLine(db, organiser.id, cuid);
    if (!found) throw new AppError("BANK_STATEMENT_LINE_NOT_FOUND");
    const locked = await lockTarget(context, await findTarget(context, target));
    const line = await lockLine(context, cuid);
    if (line.status !== "UNMATCHED") throw new AppError("BANK_STATEMENT_LINE_HANDLED");
    if (line.amount <= 0) throw new AppError("BANK_STATEMENT_LINE_DEBIT");
    if (line.currency !== organiser.currency) throw new AppError("CURRENCY_MISMATCH");
    const transfer = await receiveTransfer(context, locked, {
      amount: line.amount,
      receivedOn: line.bookingDate,
      note: null,
      statementLineId: line.id,
    });
    await setLineStatus(db, organiser.id, line.id, "MATCHED");
    await context.audit({
      action: "bank_statement_line.matched",
      entity: "bank_statement_line",
      entityId: line.cuid,
      before: lineAudit(line),
      after: {
        ...lineAudit({ ...line, status: "MATCHED" }),
        transfer: transferAudit(transfer, locked),
      },
    });
    return oneLineView(context, line);
  },

  /**
   * POST /api/admin/bank-statement-lines/:cuid/ignore: an unmatched line that pays no cart (a
   * debit, a grant, a payment for something else) leaves the unmatched list.
   */
  async ignoreLine(context: ConsoleContext, cuid: string): Promise<BankStatementLineView> {
    const line = await lockLine(context, cuid);
    if (line.status !== "UNMATCHED") throw new AppError("BANK_STATEMENT_LINE_HANDLED");
    await setLineStatus(context.db, context.organiser.id, line.id, "IGNORED");
    await context.audit({
      action: "bank_statement_line.ignored",
      entity: "bank_statement_line",
      entityId: line.cuid,
      before: lineAudit(line),
      after: lineAudit({ ...line, status: "IGNORED" }),
    });
    return oneLineView(context, line);
  },

  /**
   * POST /api/admin/bank-statement-lines/:cuid/undo: a matched line's transfer is cancelled (the
   * cart gives the money back, see `cancelTransfer`), an ignored line is unmatched again; an
   * unmatched line has nothing to undo (409 BANK_STATEMENT_LINE_NOT_HANDLED).
   */
  async undoLine(context: ConsoleContext, cuid: string): Promise<BankStatementLineView> {
    const { db, organiser } = context;
    const found = await findLine(db, organiser.id, cuid);
    if (!found) throw new AppError("BANK_STATEMENT_LINE_NOT_FOUND");
    if (found.status === "UNMATCHED") throw new AppError("BANK_STATEMENT_LINE_NOT_HANDLED");
    const transfer =
      found.status === "MATCHED"
        ? await findTransfer(db, organiser.id, { liveOfLine: found.id })
        : null;
    if (transfer) {
      // The cart or charge first (the lock order of every cart change), then the line.
      const { transfer: cancelled, target } = await cancelTransfer(context, transfer);
      await context.audit({
        action: "bank_transfer.cancelled",
        entity: "bank_transfer",
        entityId: transfer.cuid,
        before: transferAudit(transfer, target),
        after: transferAudit(cancelled, target),
      });
    }
    const line = await lockLine(context, cuid);
    if (line.status === "UNMATCHED" && !transfer) {
      throw new AppError("BANK_STATEMENT_LINE_NOT_HANDLED");
    }
    await setLineStatus(db, organiser.id, line.id, "UNMATCHED");
    await context.audit({
      action: "bank_statement_line.reopened",
      entity: "bank_statement_line",
      entityId: line.cuid,
      before: lineAudit(found),
      after: lineAudit({ ...line, status: "UNMATCHED" }),
    });
    return oneLineView(context, line);
  },
};
