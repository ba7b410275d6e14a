/**
 * CAMT.053 (ISO 20022 BankToCustomerStatement, message versions 001.02 to 001.10) → normalised
 * statements, one per Document/BkToCstmrStmt/Stmt. What is importable is imported; what is
 * doubtful is imported with a warning on the statement (types.ts) or kept for review.
 *
 * - Account: Acct/Id/IBAN — kept as given, with a warning, when its check digits are wrong —
 *   else Acct/Id/Othr/Id; currency Acct/Ccy (else the currency of the first amount).
 * - Statement number: ElctrncSeqNb, else LglSeqNb, with the year of the statement's day (the
 *   closing balance's day, else FrToDt/ToDtTm, else CreDtTm); without either, its Stmt/Id.
 * - Balances: opening OPBD (else PRCD, the previous closing), closing CLBD; signed by CdtDbtInd.
 * - Each booked Ntry gives its lines; an entry whose status (Sts, or Sts/Cd from 001.07) is not
 *   BOOK (PDNG, INFO) is skipped: it comes back booked on a later statement.
 * - Amount: Amt with its Ccy attribute, signed by CdtDbtInd (CRDT +, DBIT −). Booking day:
 *   BookgDt/Dt or BookgDt/DtTm, else the value day (ValDt likewise), else the statement's day —
 *   both optional from 001.08: a warning, and an entry with neither is kept for review.
 * - A batch entry whose NtryDtls hold several TxDtls, each with its own amount in the entry's
 *   currency (TxDtls/Amt from 001.05, else TxDtls/AmtDtls/TxAmt/Amt), adding up to the entry's
 *   amount, gives one line per TxDtls; any other entry gives one line for its amount, described
 *   by its first TxDtls (a warning when the TxDtls' amounts in its currency do not add up).
 * - Counterparty (RltdPties): the debtor (Dbtr/Nm or Dbtr/Pty/Nm, DbtrAcct/Id/IBAN) of a credit,
 *   the creditor (Cdtr…) of a debit.
 * - Communication: RmtInf/Ustrd (joined), else AddtlTxInf, else the entry's AddtlNtryInf.
 *   Creditor reference: RmtInf/Strd/CdtrRefInf/Ref, kept raw (Belgian or ISO 11649 "RF…").
 * - Bank reference: TxDtls/Refs/AcctSvcrRef, else Ntry/AcctSvcrRef, else Ntry/NtryRef.
 */

import { BankStatementFormatError } from "./errors.ts";
import { type BankStatementLineDraft, identifyLines } from "./fingerprint.ts";
import { findStructuredReference } from "./references.ts";
import type { BankStatement, BankStatementBalance, BankStatementWarning } from "./types.ts";
import {
  type Amount,
  cleanText,
  currencyCode,
  formatUnits,
  isoDay,
  readAmount,
  validIban,
} from "./values.ts";
import { all, at, attributeOf, firstElementName, parseXml, textAt } from "./xml.ts";

const REPEATED = new Set(["Stmt", "Bal", "Ntry", "NtryDtls", "TxDtls", "Ustrd", "Strd"]);

/** The statements of a CAMT.053 file. Throws BankStatementFormatError for a file it cannot read. */
export function parseCamt053(xml: string): BankStatement[] {
  const document = parseXml(xml, REPEATED);
  const message = at(document, "Document", "BkToCstmrStmt");
  if (message === undefined) {
    const root = firstElementName(document);
    const inner = root === "Document" ? firstElementName(at(document, "Document")) : null;
    throw new BankStatementFormatError(
      `Not a CAMT.053 statement: expected Document/BkToCstmrStmt, found ${
        inner === null ? (root ?? "no element") : `Document/${inner}`
      }`,
    );
  }
  const statements = all(message, "Stmt");
  if (statements.length === 0) {
    throw new BankStatementFormatError("BkToCstmrStmt holds no Stmt");
  }
  const messageDay = textAt(message, "GrpHdr", "CreDtTm");
  return statements.map((statement, index) =>
    readStatement(statement, `Stmt ${index + 1}`, messageDay),
  );
}

type Account = { account: string; accountIban: string | null };

function readAccount(statement: unknown, where: string, warnings: BankStatementWarning[]): Account {
  const given = textAt(statement, "Acct", "Id", "IBAN");
  if (given !== null) {
    const compact = given.replace(/\s+/g, "").toUpperCase();
    const accountIban = validIban(compact);
    if (accountIban === null) {
      warnings.push({
        code: "INVALID_ACCOUNT_IBAN",
        where: `${where} Acct/Id/IBAN`,
        detail: `"${given}" fails the IBAN check; the account is kept as given`,
      });
    }
    return { account: accountIban ?? compact, accountIban };
  }
  const other = textAt(statement, "Acct", "Id", "Othr", "Id");
  if (other === null) {
    throw new BankStatementFormatError(`${where} Acct/Id: neither IBAN nor Othr/Id is given`);
  }
  return { account: other, accountIban: null };
}

/** The first balance of the statement whose type is one of `codes`, in order, else null. */
function readBalance(
  statement: unknown,
  codes: string[],
  currency: string,
  where: string,
): BankStatementBalance | null {
  const balances = all(statement, "Bal");
  const typeOf = (balance: unknown) =>
    textAt(balance, "Tp", "CdOrPrtry", "Cd") ?? textAt(balance, "Tp", "CdOrPrtry", "Prtry");
  for (const code of codes) {
    const balance = balances.find((candidate) => typeOf(candidate) === code);
    if (balance === undefined) continue;
    const balanceWhere = `${where} Bal ${code}`;
    const sign = readSign(textAt(balance, "CdtDbtInd"), balanceWhere);
    const money = readEntryMoney(at(balance, "Amt"), sign, `${balanceWhere} Amt`);
    if (money.currency !== currency) {
      throw new BankStatementFormatError(
        `${balanceWhere} Amt: currency ${money.currency} is not the account's ${currency}`,
      );
    }
    const day = textAt(balance, "Dt", "Dt") ?? textAt(balance, "Dt", "DtTm");
    return {
      amount: money.amount,
      exactAmount: money.exactAmount,
      date: dayOf(day, `${balanceWhere} Dt`),
    };
  }
  return null;
}

function readStatement(
  statement: unknown,
  where: string,
  messageDay: string | null,
): BankStatement {
  const statementId = textAt(statement, "Id");
  if (statementId === null) throw new BankStatementFormatError(`${where} Id: missing`);
  const warnings: BankStatementWarning[] = [];
  const { account, accountIban } = readAccount(statement, where, warnings);
  const entries = all(statement, "Ntry");
  const currency = currencyCode(
    textAt(statement, "Acct", "Ccy") ??
      attributeOf(at(entries[0], "Amt"), "Ccy") ??
      attributeOf(at(statement, "Bal", "Amt"), "Ccy"),
    `${where} Acct/Ccy`,
  );
  const opening = readBalance(statement, ["OPBD", "PRCD"], currency, where);
  const closing = readBalance(statement, ["CLBD"], currency, where);
  const periodTo = dayOf(textAt(statement, "FrToDt", "ToDtTm"), `${where} FrToDt/ToDtTm`);
  const periodFrom = dayOf(textAt(statement, "FrToDt", "FrDtTm"), `${where} FrToDt/FrDtTm`);
  const statementDay =
    closing?.date ??
    periodTo ??
    dayOf(textAt(statement, "CreDtTm"), `${where} CreDtTm`) ??
    dayOf(messageDay, "GrpHdr/CreDtTm");
  const context: EntryContext = { statementDay, currency, warnings };
  const drafts = entries.flatMap((entry, index) =>
    readEntry(entry, index + 1, `${where} Ntry ${index + 1}`, context),
  );
  const days = drafts.map((draft) => draft.bookingDate).sort();
  const from = periodFrom ?? days[0] ?? statementDay;
  const to = periodTo ?? days.at(-1) ?? statementDay;
  if (from === null || to === null) {
    throw new BankStatementFormatError(`${where}: no day is given (no balance, period or entry)`);
  }
  const number = textAt(statement, "ElctrncSeqNb") ?? textAt(statement, "LglSeqNb");
  const statementKey =
    number === null ? `Id ${statementId}` : `${(statementDay ?? to).slice(0, 4)}/${number}`;
  if (opening === null || closing === null) {
    warnings.push({
      code: "MISSING_BALANCES",
      where: `${where} Bal`,
      detail: `no ${opening === null ? "opening (OPBD or PRCD)" : "closing (CLBD)"} balance`,
    });
  }
  return {
    format: "CAMT053",
    account,
    accountIban,
    currency,
    statementId,
    statementKey,
    period: { from, to },
    opening,
    closing,
    lines: identifyLines(account, statementKey, drafts),
    warnings,
  };
}

function dayOf(value: string | null, where: string): string | null {
  return value === null ? null : isoDay(value, where);
}

type Money = Amount & { currency: string };
type EntryContext = {
  statementDay: string | null;
  currency: string;
  warnings: BankStatementWarning[];
};

function readEntryMoney(element: unknown, sign: 1 | -1, where: string): Money {
  const value = textAt(element);
  if (value === null) throw new BankStatementFormatError(`${where}: missing`);
  const currency = currencyCode(attributeOf(element, "Ccy"), `${where}@Ccy`);
  return { ...readAmount(value, currency, where, { sign }), currency };
}

function readSign(indicator: string | null, where: string): 1 | -1 {
  if (indicator === "CRDT") return 1;
  if (indicator === "DBIT") return -1;
  throw new BankStatementFormatError(
    `${where} CdtDbtInd: "${indicator ?? ""}" is not CRDT or DBIT`,
  );
}

function readDay(node: unknown, name: string, where: string): string | null {
  const value = textAt(node, name, "Dt") ?? textAt(node, name, "DtTm");
  return value === null ? null : isoDay(value, `${where} ${name}`);
}

/** The amount element of a TxDtls: Amt from 001.05, AmtDtls/TxAmt/Amt before. */
function transactionAmount(transaction: unknown): unknown {
  return at(transaction, "Amt") ?? at(transaction, "AmtDtls", "TxAmt", "Amt");
}

/** The booking and value days of an entry, falling back as the header says, with warnings. */
function entryDays(entry: unknown, where: string, context: EntryContext) {
  const valueDate = readDay(entry, "ValDt", where);
  const booked = readDay(entry, "BookgDt", where);
  if (booked !== null) return { bookingDate: booked, valueDate, dated: true };
  const bookingDate = valueDate ?? context.statementDay;
  if (bookingDate === null) {
    throw new BankStatementFormatError(`${where}: neither BookgDt nor ValDt, nor a statement day`);
  }
  context.warnings.push({
    code: "MISSING_BOOKING_DATE",
    where: `${where} BookgDt`,
    detail:
      valueDate === null
        ? `no booking or value day: the statement's day ${bookingDate} is used and the line is kept for review`
        : `no booking day: the value day ${valueDate} is used`,
  });
  return { bookingDate, valueDate, dated: valueDate !== null };
}

/** The TxDtls that itemise an entry: each with its own amount, adding up to the entry's. */
function itemisedParts(
  transactions: unknown[],
  indicator: string | null,
  entryMoney: Money,
  where: string,
  context: EntryContext,
) {
  if (transactions.length < 2) return null;
  if (!transactions.every((tx) => transactionAmount(tx) !== undefined)) return null;
  const parts = transactions.map((transaction, index) => {
    const partWhere = `${where} TxDtls ${index + 1}`;
    const sign = readSign(textAt(transaction, "CdtDbtInd") ?? indicator, partWhere);
    const money = readEntryMoney(transactionAmount(transaction), sign, `${partWhere} Amt`);
    return { transaction, sign, money, where: partWhere };
  });
  if (parts.some((part) => part.money.currency !== entryMoney.currency)) return null;
  const sum = parts.reduce((total, part) => total + part.money.units, 0n);
  if (sum === entryMoney.units) return parts;
  const { currency } = entryMoney;
  context.warnings.push({
    code: "DETAILS_DO_NOT_ADD_UP",
    where,
    detail: `its ${parts.length} TxDtls add up to ${amountText(sum, currency)}, not the entry's ${amountText(entryMoney.units, currency)}: the entry is imported as one line`,
  });
  return null;
}

const amountText = (units: bigint, currency: string) =>
  `${formatUnits(units, currency)} ${currency}`;

function readEntry(
  entry: unknown,
  position: number,
  where: string,
  context: EntryContext,
): BankStatementLineDraft[] {
  const status = textAt(entry, "Sts") ?? textAt(entry, "Sts", "Cd");
  if (status !== null && status !== "BOOK") return [];

  const indicator = textAt(entry, "CdtDbtInd");
  const sign = readSign(indicator, where);
  const entryMoney = readEntryMoney(at(entry, "Amt"), sign, `${where} Amt`);
  const { bookingDate, valueDate, dated } = entryDays(entry, where, context);
  const entryReference = textAt(entry, "AcctSvcrRef");
  const lineOf = (
    transaction: unknown,
    part: number | null,
    money: Money,
    lineSign: 1 | -1,
    lineWhere: string,
    entryText: string | null,
  ): BankStatementLineDraft => {
    const reference = textAt(transaction, "Refs", "AcctSvcrRef") ?? entryReference;
    if (money.exactAmount !== null) {
      context.warnings.push({
        code: "SUB_MINOR_AMOUNT",
        where: `${lineWhere} Amt`,
        detail: `${money.exactAmount} ${money.currency} has more decimals than ${money.currency}: the line is kept for review`,
      });
    }
    return {
      place: part === null ? String(position) : `${position}.${part + 1}`,
      position: lineWhere,
      bookingDate,
      valueDate,
      amount: money.amount,
      exactAmount: money.exactAmount,
      currency: money.currency,
      ...describeTransaction(transaction, lineSign, entryText),
      bankReference: reference ?? textAt(entry, "NtryRef"),
      review: money.exactAmount !== null ? "SUB_MINOR_AMOUNT" : dated ? null : "NO_DATE",
      movementReference: reference,
      part: part ?? 0,
    };
  };

  const transactions = all(entry, "NtryDtls").flatMap((details) => all(details, "TxDtls"));
  const parts = itemisedParts(transactions, indicator, entryMoney, where, context);
  if (parts === null) {
    const entryText = cleanText(textAt(entry, "AddtlNtryInf"));
    return [lineOf(transactions[0], null, entryMoney, sign, where, entryText)];
  }
  return parts.map((part, index) =>
    lineOf(part.transaction, index, part.money, part.sign, part.where, null),
  );
}

/** Counterparty, communication and references of a TxDtls (or of an entry without one). */
function describeTransaction(transaction: unknown, sign: 1 | -1, entryText: string | null) {
  const party = sign < 0 ? "Cdtr" : "Dbtr";
  const parties = at(transaction, "RltdPties");
  const remittance = at(transaction, "RmtInf");
  const creditorReferences = all(remittance, "Strd")
    .map((structured) => textAt(structured, "CdtrRefInf", "Ref"))
    .filter((reference) => reference !== null);
  const freeText = all(remittance, "Ustrd").map((text) => textAt(text) ?? "");
  const communication =
    cleanText(freeText.join(" ")) ?? cleanText(textAt(transaction, "AddtlTxInf")) ?? entryText;
  return {
    counterpartyName: cleanText(
      textAt(parties, party, "Nm") ?? textAt(parties, party, "Pty", "Nm"),
    ),
    counterpartyIban: validIban(textAt(parties, `${party}Acct`, "Id", "IBAN")),
    communication,
    structuredReference: findStructuredReference(creditorReferences, communication),
    creditorReference: creditorReferences[0] ?? null,
  };
}
