/**
 * CODA 2.x (Febelfin "coded statement of account": 128-character records) → normalised
 * statements, one per block of records 0 … 9. Positions are 1-based and inclusive, as in the
 * Febelfin specification. Lines may end in CRLF or LF, lose their trailing spaces or be shorter
 * than 128 characters (they are padded with spaces).
 *
 * - 0 header: 6-11 creation day DDMMYY, 128 version code ("2"; CODA 1 is refused).
 * - 1 old balance: 2 account structure (0 Belgian account number, 1 foreign account number,
 *   2 Belgian IBAN, 3 foreign IBAN), 3-5 paper statement number, account 6-17 (structure 0),
 *   6-21 (2) or 6-39 (1, 3), currency 19-21 (0) or 40-42 (1 to 3), 43 balance sign (0 credit,
 *   1 debit), 44-58 old balance (3 decimals), 59-64 its day, 126-128 CODA statement number.
 *   An IBAN failing its check is kept as given, with a warning.
 * - 2.1 movement: 3-6 sequence number, 7-10 detail number, 11-31 bank reference, 32 sign (0
 *   credit, 1 debit), 33-47 amount (3 decimals), 48-53 value day, 54 transaction type, 62
 *   communication type (1 structured), 63-115 communication (structured: 63-65 its type, then
 *   for 101/102 the 12 digits at 66-77, for 100 an RF reference at 66-90), 116-121 entry day,
 *   125 globalisation code (0 none, 1-9 the level of a total).
 * - 2.2: 11-63 communication continued. 2.3: 11-44 counterparty IBAN (or 11-22 a Belgian
 *   account number when 23 is blank), 48-82 counterparty name, 83-125 communication continued.
 * - 3.1 information: 3-6 sequence, 7-10 detail, 40 communication type, 41-43 its type; type 001
 *   carries the counterparty name at 44-113 (used when 2.3 gives none). 3.2, 3.3 continue it.
 * - 4 free communication (about the statement): not needed for the lines.
 * - 8 new balance: 42 sign, 43-57 new balance (3 decimals), 58-63 its day.
 * - 9 trailer: 23-37 total of the debits, 38-52 of the credits (3 decimals); ends the statement
 *   (a file without it is truncated). Totals that are not the movements' give a warning.
 *
 * The statement's key is its CODA statement number (record 1, 126-128; else the paper number,
 * 3-5) with the year of its new balance day; a line's place is its sequence and detail numbers.
 *
 * Lines (Febelfin's globalisation rules; decision 0038): the records of one sequence number are
 * one movement booked on the account. When it is a total followed by its details, exactly one
 * level is booked, never both:
 * - with globalisation codes, a record with code N opens a total of level N and the next record
 *   with the same code closes it (that record is its last detail); the records in between are its
 *   details, whatever their transaction type; a total without details is booked itself;
 * - without codes, a total (type 1 by the customer, 2 by the bank, 3 and 7 with detailed data) is
 *   followed by its details (types 5, 6, 7, 8, or 0 in batch payments; 9 details a 7);
 * - the details are booked when their amounts add up exactly to their total, level by level;
 *   otherwise the total is booked and the statement warns. Records of one sequence number that
 *   are not a total and do not add up to the first one are separate movements.
 * A movement amount whose third decimal is not 0 is imported for review, its exact amount kept.
 */

import { BankStatementFormatError } from "./errors.ts";
import { type BankStatementLineDraft, identifyLines } from "./fingerprint.ts";
import { findStructuredReference } from "./references.ts";
import type { BankStatement, BankStatementBalance, BankStatementWarning } from "./types.ts";
import {
  type Amount,
  belgianIban,
  cleanText,
  currencyCode,
  ddmmyyDay,
  formatUnits,
  readAmount,
  validIban,
} from "./values.ts";

const RECORD_LENGTH = 128;
/** Totals whose details follow them without globalisation codes. */
const TOTAL_TYPES = new Set(["1", "2", "3", "7"]);

type CodaRecord = { text: string; where: string };

/** Characters `from` to `to` of a record, 1-based and inclusive as in the specification. */
function field(record: CodaRecord, from: number, to: number): string {
  return record.text.slice(from - 1, to);
}

function records(text: string): CodaRecord[] {
  const result: CodaRecord[] = [];
  text
    .replace(/^\uFEFF/, "")
    .split(/\r\n|\r|\n/)
    .forEach((raw, index) => {
      const line = raw.trimEnd();
      if (line === "") return;
      const where = `CODA line ${index + 1}`;
      if (line.length > RECORD_LENGTH) {
        throw new BankStatementFormatError(`${where}: longer than ${RECORD_LENGTH} characters`);
      }
      result.push({ text: line.padEnd(RECORD_LENGTH, " "), where });
    });
  return result;
}

/** One 2.1 record with what its 2.2, 2.3 and 3.x records add. */
type Movement = {
  record: CodaRecord;
  sequence: string;
  detail: string;
  transactionType: string;
  globalisation: number;
  amount: Amount;
  freeText: string;
  structuredFields: string[];
  creditorReference: string | null;
  counterpartyName: string | null;
  counterpartyIban: string | null;
};

type Account = {
  key: string;
  iban: string | null;
  currency: string;
  paperNumber: string;
  number: string;
};

type OpenStatement = {
  creationDay: string;
  account: Account | null;
  opening: BankStatementBalance | null;
  closing: BankStatementBalance | null;
  movements: Movement[];
  warnings: BankStatementWarning[];
};

/** The statements of a CODA file. Throws BankStatementFormatError for a file it cannot read. */
export function parseCoda(text: string): BankStatement[] {
  const statements: BankStatement[] = [];
  let open: OpenStatement | null = null;
  for (const record of records(text)) {
    const kind = field(record, 1, 1);
    if (kind === "0") {
      if (open !== null) throw fail(record, "header 0 before the trailer 9 of the statement");
      open = readHeader(record);
      continue;
    }
    if (open === null) throw fail(record, `record ${kind} before the header record 0`);
    if (kind === "1") {
      if (open.account !== null) throw fail(record, "a second old balance record 1");
      open.account = readAccount(record, open.warnings);
      open.opening = readBalance(record, 43, open.account.currency, "old balance");
    } else if (kind === "2") {
      if (open.account === null) throw fail(record, "movement before the old balance record 1");
      readMovementRecord(record, open.movements, open.account.currency);
    } else if (kind === "3") {
      readInformationRecord(record, open.movements);
    } else if (kind === "8") {
      if (open.account === null) throw fail(record, "new balance before the old balance record 1");
      open.closing = readBalance(record, 42, open.account.currency, "new balance");
    } else if (kind === "9") {
      statements.push(closeStatement(record, open));
      open = null;
    } else if (kind !== "4") {
      throw fail(record, `unknown record type "${kind}"`);
    }
  }
  if (open !== null) {
    throw new BankStatementFormatError(
      "The CODA file ends before its trailer record 9 (truncated)",
    );
  }
  if (statements.length === 0) throw new BankStatementFormatError("The CODA file is empty");
  return statements;
}

function fail(record: CodaRecord, problem: string): BankStatementFormatError {
  return new BankStatementFormatError(`${record.where}: ${problem}`);
}

function readHeader(record: CodaRecord): OpenStatement {
  const version = field(record, 128, 128);
  if (version !== "2")
    throw fail(record, `CODA version "${version.trim()}" is not supported (2.x only)`);
  const creationDay = ddmmyyDay(field(record, 6, 11), `${record.where} creation date (6-11)`);
  if (creationDay === null) throw fail(record, "the creation date (6-11) is missing");
  return { creationDay, account: null, opening: null, closing: null, movements: [], warnings: [] };
}

function readAccount(record: CodaRecord, warnings: BankStatementWarning[]): Account {
  const structure = field(record, 2, 2);
  const paperNumber = field(record, 3, 5);
  const codaNumber = field(record, 126, 128).trim();
  const number = /^0*$/.test(codaNumber) ? paperNumber : codaNumber;
  const where = record.where;
  if (structure === "0") {
    const bban = field(record, 6, 17);
    const iban = belgianIban(bban);
    const currency = currencyCode(field(record, 19, 21), `${where} currency (19-21)`);
    return { key: iban ?? bban, iban, currency, paperNumber, number };
  }
  if (structure !== "1" && structure !== "2" && structure !== "3") {
    throw fail(record, `unknown account structure "${structure}" (position 2)`);
  }
  const given = field(record, 6, structure === "2" ? 21 : 39).trim();
  if (given === "") throw fail(record, "the account number (6-39) is missing");
  const iban = structure === "1" ? null : validIban(given);
  if (structure !== "1" && iban === null) {
    warnings.push({
      code: "INVALID_ACCOUNT_IBAN",
      where: `${where} account number (6-39)`,
      detail: `"${given}" fails the IBAN check; the account is kept as given`,
    });
  }
  const currency = currencyCode(field(record, 40, 42), `${where} currency (40-42)`);
  return {
    key: iban ?? given.replace(/\s+/g, "").toUpperCase(),
    iban,
    currency,
    paperNumber,
    number,
  };
}

/**
 * A balance of record 1 or 8: its sign at `signAt`, 15 digits after it, then its day; null when
 * the bank left it blank.
 */
function readBalance(
  record: CodaRecord,
  signAt: number,
  currency: string,
  name: string,
): BankStatementBalance | null {
  if (field(record, signAt, signAt + 15).trim() === "") return null;
  const where = `${record.where} ${name}`;
  const sign = field(record, signAt, signAt);
  if (sign !== "0" && sign !== "1") throw fail(record, `${name} sign "${sign}" is not 0 or 1`);
  const amount = readAmount(field(record, signAt + 1, signAt + 15), currency, where, {
    scale: 3,
    sign: sign === "1" ? -1 : 1,
  });
  const day = field(record, signAt + 16, signAt + 21);
  const date = day.trim() === "" ? null : ddmmyyDay(day, `${where} date`);
  return { amount: amount.amount, exactAmount: amount.exactAmount, date };
}

function readMovementRecord(record: CodaRecord, movements: Movement[], currency: string): void {
  const article = field(record, 2, 2);
  const sequence = field(record, 3, 6);
  const detail = field(record, 7, 10);
  if (article === "1") {
    movements.push(newMovement(record, sequence, detail, currency));
    return;
  }
  const movement = movements.at(-1);
  if (movement === undefined || movement.sequence !== sequence || movement.detail !== detail) {
    throw fail(record, `record 2.${article} does not follow its record 2.1`);
  }
  if (article === "2") {
    movement.freeText += field(record, 11, 63);
  } else if (article === "3") {
    const bban = field(record, 23, 23) === " " ? belgianIban(field(record, 11, 22)) : null;
    movement.counterpartyIban = bban ?? validIban(field(record, 11, 44));
    movement.counterpartyName = cleanText(field(record, 48, 82));
    movement.freeText += field(record, 83, 125);
  } else {
    throw fail(record, `unknown movement record 2.${article}`);
  }
}

function newMovement(
  record: CodaRecord,
  sequence: string,
  detail: string,
  currency: string,
): Movement {
  const where = `${record.where} (movement ${sequence}.${detail})`;
  const sign = field(record, 32, 32);
  if (sign !== "0" && sign !== "1") throw fail(record, `movement sign "${sign}" is not 0 or 1`);
  const globalisation = field(record, 125, 125);
  const movement: Movement = {
    record,
    sequence,
    detail,
    transactionType: field(record, 54, 54),
    globalisation: /^\d$/.test(globalisation) ? Number(globalisation) : 0,
    amount: readAmount(field(record, 33, 47), currency, `${where} amount (33-47)`, {
      scale: 3,
      sign: sign === "1" ? -1 : 1,
    }),
    freeText: "",
    structuredFields: [],
    creditorReference: null,
    counterpartyName: null,
    counterpartyIban: null,
  };
  if (field(record, 62, 62) !== "1") {
    movement.freeText = field(record, 63, 115);
    return movement;
  }
  const type = field(record, 63, 65);
  if (type === "101" || type === "102") {
    const digits = field(record, 66, 77);
    movement.structuredFields.push(digits);
    movement.creditorReference = digits;
  } else if (type === "100") {
    movement.creditorReference = cleanText(field(record, 66, 90));
  }
  return movement;
}

function readInformationRecord(record: CodaRecord, movements: Movement[]): void {
  const article = field(record, 2, 2);
  if (article !== "1" && article !== "2" && article !== "3") {
    throw fail(record, `unknown information record 3.${article}`);
  }
  const sequence = field(record, 3, 6);
  if (!movements.some((movement) => movement.sequence === sequence)) {
    throw fail(record, `information record for movement ${sequence}, which is not in the file`);
  }
  if (article !== "1" || field(record, 40, 43) !== "1001") return;
  const detail = field(record, 7, 10);
  const movement = movements.find((m) => m.sequence === sequence && m.detail === detail);
  if (movement && movement.counterpartyName === null) {
    movement.counterpartyName = cleanText(field(record, 44, 113));
  }
}

/** A record of a movement with the records that detail it. */
type MovementNode = { movement: Movement; details: MovementNode[] };

const nodeOf = (movement: Movement): MovementNode => ({ movement, details: [] });

/** The records of one sequence number as totals and details, by their globalisation codes. */
function treeByGlobalisation(group: readonly Movement[]): MovementNode[] {
  const roots: MovementNode[] = [];
  const open: Array<{ node: MovementNode; level: number }> = [];
  for (const movement of group) {
    const node = nodeOf(movement);
    (open.at(-1)?.node.details ?? roots).push(node);
    const level = movement.globalisation;
    if (level === 0) continue;
    const closed = open.findIndex((total) => total.level === level);
    if (closed >= 0) open.length = closed;
    else open.push({ node, level });
  }
  return roots;
}

/** The records of one sequence number without globalisation codes, by transaction type. */
function treeByType(group: readonly Movement[]): MovementNode[] {
  const [first, ...rest] = group;
  if (first === undefined) return [];
  const total = nodeOf(first);
  const restSum = rest.reduce((sum, movement) => sum + movement.amount.units, 0n);
  if (!TOTAL_TYPES.has(first.transactionType) && restSum !== first.amount.units) {
    return group.map(nodeOf);
  }
  let detailed: MovementNode | null = null;
  for (const movement of rest) {
    const node = nodeOf(movement);
    if (movement.transactionType === "9" && detailed !== null) {
      detailed.details.push(node);
      continue;
    }
    total.details.push(node);
    detailed = movement.transactionType === "7" ? node : null;
  }
  return [total];
}

/** Where a total is named in warnings. */
const movementName = (movement: Movement) =>
  `${movement.record.where} (movement ${movement.sequence}.${movement.detail})`;

/** One level of a total: its details when they add up to it, else the total itself. */
function bookedMovements(
  node: MovementNode,
  currency: string,
  warnings: BankStatementWarning[],
): Movement[] {
  const { movement, details } = node;
  if (details.length === 0) return [movement];
  const sum = details.reduce((total, detail) => total + detail.movement.amount.units, 0n);
  if (sum === movement.amount.units) {
    return details.flatMap((detail) => bookedMovements(detail, currency, warnings));
  }
  warnings.push({
    code: "DETAILS_DO_NOT_ADD_UP",
    where: movementName(movement),
    detail: `its ${details.length} details add up to ${formatUnits(sum, currency)} ${currency}, not its total ${formatUnits(movement.amount.units, currency)} ${currency}: the total is imported as one line`,
  });
  return [movement];
}

/** The movements in file order, grouped by sequence number, each as its totals. */
function movementTrees(movements: readonly Movement[]): MovementNode[][] {
  const bySequence = new Map<string, Movement[]>();
  for (const movement of movements) {
    const group = bySequence.get(movement.sequence) ?? [];
    group.push(movement);
    bySequence.set(movement.sequence, group);
  }
  return [...bySequence.values()].map((group) =>
    group.some((movement) => movement.globalisation > 0)
      ? treeByGlobalisation(group)
      : treeByType(group),
  );
}

/** Record 9's debit and credit totals against the movements booked on the account. */
function checkTrailer(
  trailer: CodaRecord,
  roots: readonly MovementNode[],
  currency: string,
  warnings: BankStatementWarning[],
): void {
  const total = (from: number, name: string) =>
    readAmount(field(trailer, from, from + 14), currency, `${trailer.where} ${name}`, {
      scale: 3,
    }).units;
  // Some banks leave the totals blank: nothing to check then.
  if (field(trailer, 23, 52).trim() === "") return;
  const debit = total(23, "debit total (23-37)");
  const credit = total(38, "credit total (38-52)");
  let debits = 0n;
  let credits = 0n;
  for (const { movement } of roots) {
    if (movement.amount.units < 0n) debits -= movement.amount.units;
    else credits += movement.amount.units;
  }
  if (debit === debits && credit === credits) return;
  const text = (units: bigint) => `${formatUnits(units, currency)} ${currency}`;
  warnings.push({
    code: "TRAILER_TOTALS_MISMATCH",
    where: `${trailer.where} (record 9)`,
    detail: `the trailer gives debits ${text(debit)} and credits ${text(credit)}; the movements are debits ${text(debits)} and credits ${text(credits)}`,
  });
}

function closeStatement(trailer: CodaRecord, open: OpenStatement): BankStatement {
  const { account, warnings } = open;
  if (account === null) throw fail(trailer, "trailer 9 without an old balance record 1");
  const trees = movementTrees(open.movements);
  checkTrailer(trailer, trees.flat(), account.currency, warnings);
  const statementDay = open.closing?.date ?? open.creationDay;
  const drafts = trees.flatMap((roots) =>
    roots
      .flatMap((root) => bookedMovements(root, account.currency, warnings))
      .map((movement, part) =>
        movementLine(movement, part, { currency: account.currency, statementDay, warnings }),
      ),
  );
  const days = drafts.map((draft) => draft.bookingDate).sort();
  const to = open.closing?.date ?? days.at(-1) ?? open.creationDay;
  const statementKey = `${to.slice(0, 4)}/${account.number}`;
  if (open.opening === null || open.closing === null) {
    warnings.push({
      code: "MISSING_BALANCES",
      where: trailer.where,
      detail: `no ${open.closing === null ? "new balance (record 8)" : "old balance (record 1)"}`,
    });
  }
  return {
    format: "CODA",
    account: account.key,
    accountIban: account.iban,
    currency: account.currency,
    statementId: `${open.creationDay}/${account.paperNumber}`,
    statementKey,
    period: { from: days[0] ?? to, to },
    opening: open.opening,
    closing: open.closing,
    lines: identifyLines(account.key, statementKey, drafts),
    warnings,
  };
}

/**
 * The line of a booked movement. Its day is the entry date, else the value date, else the
 * statement's day (then the line is kept for review).
 */
function movementLine(
  movement: Movement,
  part: number,
  context: { currency: string; statementDay: string; warnings: BankStatementWarning[] },
): BankStatementLineDraft {
  const { currency, warnings } = context;
  const { record, amount } = movement;
  const where = movementName(movement);
  const valueDate = ddmmyyDay(field(record, 48, 53), `${where} value date (48-53)`);
  const entryDate = ddmmyyDay(field(record, 116, 121), `${where} entry date (116-121)`);
  const bookingDate = entryDate ?? valueDate ?? context.statementDay;
  if (entryDate === null) {
    warnings.push({
      code: "MISSING_BOOKING_DATE",
      where: `${where} entry date (116-121)`,
      detail:
        valueDate === null
          ? `no entry or value date: the statement's day ${bookingDate} is used and the line is kept for review`
          : `no entry date: the value date ${valueDate} is used`,
    });
  }
  const reference = field(record, 11, 31).trim();
  const bankReference = /^[0 ]*$/.test(reference) ? null : reference;
  const communication = cleanText(movement.freeText);
  if (amount.exactAmount !== null) {
    warnings.push({
      code: "SUB_MINOR_AMOUNT",
      where: `${where} amount (33-47)`,
      detail: `${amount.exactAmount} ${currency} has a third decimal: the line is kept for review`,
    });
  }
  return {
    place: `${movement.sequence}.${movement.detail}`,
    position: where,
    bookingDate,
    valueDate,
    amount: amount.amount,
    exactAmount: amount.exactAmount,
    currency,
    counterpartyName: movement.counterpartyName,
    counterpartyIban: movement.counterpartyIban,
    communication,
    structuredReference: findStructuredReference(movement.structuredFields, communication),
    creditorReference: movement.creditorReference,
    bankReference,
    review:
      amount.exactAmount !== null
        ? "SUB_MINOR_AMOUNT"
        : entryDate === null && valueDate === null
          ? "NO_DATE"
          : null,
    movementReference: bankReference,
    part,
  };
}
