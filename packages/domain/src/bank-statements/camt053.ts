/**
 * CAMT.053 (ISO 20022 BankToCustomerStatement, message versions 001.02 to 001.08) → normalised
 * statements, one per Document/BkToCstmrStmt/Stmt.
 *
 * - Account: Acct/Id/IBAN (else Acct/Id/Othr/Id for the fingerprint only), currency Acct/Ccy
 *   (else the currency of the first amount).
 * - Each booked Ntry gives its lines; an entry whose status (Sts, or Sts/Cd from 001.07) is not
 *   BOOK (PDNG, INFO) is skipped: it comes back booked on a later statement.
 * - Amount: Amt with its Ccy attribute, signed by CdtDbtInd (CRDT +, DBIT −). Booking day:
 *   BookgDt/Dt or BookgDt/DtTm (else the value day); value day: ValDt likewise.
 * - A batch entry whose NtryDtls hold several TxDtls, each with its own amount (TxDtls/Amt from
 *   001.05, else TxDtls/AmtDtls/TxAmt/Amt), gives one line per TxDtls. Any other entry gives one
 *   line for its amount, described by its first TxDtls.
 * - Counterparty (RltdPties): the debtor (Dbtr/Nm or Dbtr/Pty/Nm, DbtrAcct/Id/IBAN) of a credit,
 *   the creditor (Cdtr…) of a debit.
 * - Communication: RmtInf/Ustrd (joined), else AddtlTxInf, else the entry's AddtlNtryInf.
 *   Creditor reference: RmtInf/Strd/CdtrRefInf/Ref, kept raw (Belgian or ISO 11649 "RF…").
 * - Bank reference: TxDtls/Refs/AcctSvcrRef, else Ntry/AcctSvcrRef, else Ntry/NtryRef.
 */

import { BankStatementFormatError } from "./errors.ts";
import { type BankStatementLineDraft, fingerprintLines } from "./fingerprint.ts";
import { findStructuredReference } from "./references.ts";
import type { BankStatement } from "./types.ts";
import { cleanText, currencyCode, isoDay, minorAmount, validIban } from "./values.ts";
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
  return statements.map((statement, index) => readStatement(statement, `Stmt ${index + 1}`));
}

function readStatement(statement: unknown, where: string): BankStatement {
  const statementId = textAt(statement, "Id");
  if (statementId === null) throw new BankStatementFormatError(`${where}: Id is missing`);
  const accountIban = validIban(textAt(statement, "Acct", "Id", "IBAN"));
  const account = accountIban ?? textAt(statement, "Acct", "Id", "Othr", "Id");
  if (account === null) {
    throw new BankStatementFormatError(`${where}: Acct/Id has neither IBAN nor Othr/Id`);
  }
  const entries = all(statement, "Ntry");
  const currency = currencyCode(
    textAt(statement, "Acct", "Ccy") ??
      attributeOf(at(entries[0], "Amt"), "Ccy") ??
      attributeOf(at(statement, "Bal", "Amt"), "Ccy"),
    `${where} Acct/Ccy`,
  );
  const drafts = entries.flatMap((entry, index) => readEntry(entry, `${where} Ntry ${index + 1}`));
  return {
    format: "CAMT053",
    accountIban,
    currency,
    statementId,
    lines: fingerprintLines(account, drafts),
  };
}

type Money = { amount: number; currency: string };

function readMoney(element: unknown, sign: 1 | -1, where: string): Money {
  const value = textAt(element);
  if (value === null) throw new BankStatementFormatError(`${where} is missing`);
  const currency = currencyCode(attributeOf(element, "Ccy"), `${where}@Ccy`);
  const amount = minorAmount(value, currency, where);
  return { amount: amount === 0 ? 0 : sign * amount, currency };
}

function readSign(indicator: string | null, where: string): 1 | -1 {
  if (indicator === "CRDT") return 1;
  if (indicator === "DBIT") return -1;
  throw new BankStatementFormatError(
    `${where}: CdtDbtInd "${indicator ?? ""}" is not CRDT or DBIT`,
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

function readEntry(entry: unknown, where: string): BankStatementLineDraft[] {
  const status = textAt(entry, "Sts") ?? textAt(entry, "Sts", "Cd");
  if (status !== null && status !== "BOOK") return [];

  const indicator = textAt(entry, "CdtDbtInd");
  const sign = readSign(indicator, where);
  const entryMoney = readMoney(at(entry, "Amt"), sign, `${where} Amt`);
  const valueDate = readDay(entry, "ValDt", where);
  const bookingDate = readDay(entry, "BookgDt", where) ?? valueDate;
  if (bookingDate === null) throw new BankStatementFormatError(`${where}: BookgDt is missing`);
  const entryReference = textAt(entry, "AcctSvcrRef");
  const lineOf = (
    transaction: unknown,
    part: number,
    money: Money,
    lineSign: 1 | -1,
    entryText: string | null,
  ): BankStatementLineDraft => {
    const reference = textAt(transaction, "Refs", "AcctSvcrRef") ?? entryReference;
    return {
      bookingDate,
      valueDate,
      ...money,
      ...describeTransaction(transaction, lineSign, entryText),
      bankReference: reference ?? textAt(entry, "NtryRef"),
      movementReference: reference,
      part,
    };
  };

  const transactions = all(entry, "NtryDtls").flatMap((details) => all(details, "TxDtls"));
  const itemised =
    transactions.length > 1 && transactions.every((tx) => transactionAmount(tx) !== undefined);
  if (!itemised) {
    const entryText = cleanText(textAt(entry, "AddtlNtryInf"));
    return [lineOf(transactions[0], 0, entryMoney, sign, entryText)];
  }
  return transactions.map((transaction, part) => {
    const partWhere = `${where} TxDtls ${part + 1}`;
    const partSign = readSign(textAt(transaction, "CdtDbtInd") ?? indicator, partWhere);
    const money = readMoney(transactionAmount(transaction), partSign, `${partWhere} Amt`);
    return lineOf(transaction, part, money, partSign, null);
  });
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
