/**
 * CODA 2.x (Febelfin "coded statement of account": 128-character records) → normalised
 * statements, one per block of records 0 … 9. Positions are 1-based and inclusive, as in the
 * Febelfin specification. Lines may end in CRLF or LF, lose their trailing spaces or be shorter
 * than 128 characters (they are padded with spaces).
 *
 * - 0 header: 6-11 creation day DDMMYY, 128 version code ("2"; CODA 1 is refused).
 * - 1 old balance: 2 account structure (0 Belgian account number, 1 foreign account number,
 *   2 Belgian IBAN, 3 foreign IBAN), 3-5 paper statement number, account 6-17 (structure 0),
 *   6-21 (2) or 6-39 (1, 3), currency 19-21 (0) or 40-42 (1 to 3).
 * - 2.1 movement: 3-6 sequence number, 7-10 detail number, 11-31 bank reference, 32 sign (0
 *   credit, 1 debit), 33-47 amount (3 decimals), 48-53 value day, 54 transaction type, 62
 *   communication type (1 structured), 63-115 communication (structured: 63-65 its type, then
 *   for 101/102 the 12 digits at 66-77, for 100 an RF reference at 66-90), 116-121 entry day.
 * - 2.2: 11-63 communication continued. 2.3: 11-44 counterparty IBAN (or 11-22 a Belgian
 *   account number when 23 is blank), 48-82 counterparty name, 83-125 communication continued.
 * - 3.1 information: 3-6 sequence, 7-10 detail, 40 communication type, 41-43 its type; type 001
 *   carries the counterparty name at 44-113 (used when 2.3 gives none). 3.2, 3.3 continue it.
 * - 4 free communication (about the statement), 8 new balance: not needed for the lines.
 * - 9 trailer: ends the statement; a file without it is truncated.
 *
 * Lines: a movement (a sequence number) is booked by its records of transaction type 0 to 3. A
 * total (type 1 by the customer, 2 by the bank) followed by itemised payments (types 5, 6, 7)
 * gives one line per itemised payment instead; breakdowns of an amount (types 8, 9: charges,
 * gross amount) give none.
 */

import { BankStatementFormatError } from "./errors.ts";
import { type BankStatementLineDraft, fingerprintLines } from "./fingerprint.ts";
import { findStructuredReference } from "./references.ts";
import type { BankStatement } from "./types.ts";
import {
  belgianIban,
  cleanText,
  currencyCode,
  ddmmyyDay,
  minorAmount,
  validIban,
} from "./values.ts";

const RECORD_LENGTH = 128;
const BOOKED_TYPES = new Set(["0", "1", "2", "3"]);
const TOTAL_TYPES = new Set(["1", "2"]);
const ITEMISED_TYPES = new Set(["5", "6", "7"]);

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
      const where = `line ${index + 1}`;
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
  freeText: string;
  structuredFields: string[];
  creditorReference: string | null;
  counterpartyName: string | null;
  counterpartyIban: string | null;
};

type OpenStatement = {
  creationDay: string;
  account: { key: string; iban: string | null; currency: string; paperNumber: string } | null;
  movements: Movement[];
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
      open.account = readAccount(record);
    } else if (kind === "2") {
      if (open.account === null) throw fail(record, "movement before the old balance record 1");
      readMovementRecord(record, open.movements);
    } else if (kind === "3") {
      readInformationRecord(record, open.movements);
    } else if (kind === "9") {
      statements.push(closeStatement(record, open));
      open = null;
    } else if (kind !== "4" && kind !== "8") {
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
  return new BankStatementFormatError(`CODA ${record.where}: ${problem}`);
}

function readHeader(record: CodaRecord): OpenStatement {
  const version = field(record, 128, 128);
  if (version !== "2")
    throw fail(record, `CODA version "${version.trim()}" is not supported (2.x only)`);
  const creationDay = ddmmyyDay(field(record, 6, 11), `CODA ${record.where} creation date`);
  if (creationDay === null) throw fail(record, "the creation date is missing");
  return { creationDay, account: null, movements: [] };
}

function readAccount(record: CodaRecord): NonNullable<OpenStatement["account"]> {
  const structure = field(record, 2, 2);
  const paperNumber = field(record, 3, 5);
  const where = `CODA ${record.where}`;
  if (structure === "0") {
    const number = field(record, 6, 17);
    const iban = belgianIban(number);
    const currency = currencyCode(field(record, 19, 21), `${where} currency`);
    return { key: iban ?? number, iban, currency, paperNumber };
  }
  if (structure !== "1" && structure !== "2" && structure !== "3") {
    throw fail(record, `unknown account structure "${structure}"`);
  }
  const number = field(record, 6, structure === "2" ? 21 : 39).trim();
  if (number === "") throw fail(record, "the account number is missing");
  const iban = structure === "1" ? null : validIban(number);
  const currency = currencyCode(field(record, 40, 42), `${where} currency`);
  return { key: iban ?? number, iban, currency, paperNumber };
}

function readMovementRecord(record: CodaRecord, movements: Movement[]): void {
  const article = field(record, 2, 2);
  const sequence = field(record, 3, 6);
  const detail = field(record, 7, 10);
  if (article === "1") {
    movements.push(newMovement(record, sequence, detail));
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

function newMovement(record: CodaRecord, sequence: string, detail: string): Movement {
  const movement: Movement = {
    record,
    sequence,
    detail,
    transactionType: field(record, 54, 54),
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

/** The movements that make lines (see the header comment), in file order. */
function lineMovements(movements: readonly Movement[]): Movement[][] {
  const bySequence = new Map<string, Movement[]>();
  for (const movement of movements) {
    const group = bySequence.get(movement.sequence) ?? [];
    group.push(movement);
    bySequence.set(movement.sequence, group);
  }
  return [...bySequence.values()].map((group) => {
    const itemised = group.filter((m) => ITEMISED_TYPES.has(m.transactionType));
    const hasTotal = group.some((m) => TOTAL_TYPES.has(m.transactionType));
    return hasTotal && itemised.length > 0
      ? itemised
      : group.filter((m) => BOOKED_TYPES.has(m.transactionType));
  });
}

function closeStatement(trailer: CodaRecord, open: OpenStatement): BankStatement {
  const { account } = open;
  if (account === null) throw fail(trailer, "trailer 9 without an old balance record 1");
  const drafts = lineMovements(open.movements).flatMap((group) =>
    group.map((movement, part) => movementLine(movement, part, account.currency)),
  );
  return {
    format: "CODA",
    accountIban: account.iban,
    currency: account.currency,
    statementId: `${open.creationDay}/${account.paperNumber}`,
    lines: fingerprintLines(account.key, drafts),
  };
}

function movementLine(movement: Movement, part: number, currency: string): BankStatementLineDraft {
  const { record } = movement;
  const where = `CODA ${record.where} (record 2.1)`;
  const sign = field(record, 32, 32);
  if (sign !== "0" && sign !== "1") throw fail(record, `movement sign "${sign}" is not 0 or 1`);
  const amount = minorAmount(field(record, 33, 47), currency, `${where} amount`, 3);
  const valueDate = ddmmyyDay(field(record, 48, 53), `${where} value date`);
  const bookingDate = ddmmyyDay(field(record, 116, 121), `${where} entry date`) ?? valueDate;
  if (bookingDate === null) throw fail(record, "the entry date is missing");
  const reference = field(record, 11, 31).trim();
  const bankReference = /^[0 ]*$/.test(reference) ? null : reference;
  const communication = cleanText(movement.freeText);
  return {
    bookingDate,
    valueDate,
    amount: sign === "1" && amount !== 0 ? -amount : amount,
    currency,
    counterpartyName: movement.counterpartyName,
    counterpartyIban: movement.counterpartyIban,
    communication,
    structuredReference: findStructuredReference(movement.structuredFields, communication),
    creditorReference: movement.creditorReference,
    bankReference,
    movementReference: bankReference,
    part,
  };
}
