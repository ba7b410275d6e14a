import { readFileSync } from "node:fs";
import path from "node:path";

/** The text of a file in packages/domain/test/fixtures. */
export function fixture(name: string): string {
  return readFileSync(path.join(import.meta.dirname, "../fixtures", name), "utf8");
}

export const ACCOUNT_IBAN = "BE68539007547034";

/** A CAMT.053 Bal element of type `code` for a signed decimal amount ("-5.00"). */
export function camtBalance(code: string, amount: string, day: string, currency = "EUR"): string {
  const indicator = amount.startsWith("-") ? "DBIT" : "CRDT";
  return `<Bal><Tp><CdOrPrtry><Cd>${code}</Cd></CdOrPrtry></Tp>
    <Amt Ccy="${currency}">${amount.replace("-", "")}</Amt><CdtDbtInd>${indicator}</CdtDbtInd>
    <Dt><Dt>${day}</Dt></Dt></Bal>`;
}

/**
 * A minimal CAMT.053 document holding one statement with `entries` (Ntry elements), numbered
 * `number` (ElctrncSeqNb), with the balances given (signed decimals).
 */
export function camtDocument(
  entries: string,
  {
    version = "02",
    account = `<IBAN>${ACCOUNT_IBAN}</IBAN>`,
    currency = "EUR",
    number = "1" as string | null,
    opening = null as string | null,
    closing = null as string | null,
    closingDay = "2024-03-12",
  } = {},
): string {
  const balances =
    (opening === null ? "" : camtBalance("OPBD", opening, "2024-03-11", currency)) +
    (closing === null ? "" : camtBalance("CLBD", closing, closingDay, currency));
  return `<?xml version="1.0" encoding="UTF-8"?>
<Document xmlns="urn:iso:std:iso:20022:tech:xsd:camt.053.001.${version}">
  <BkToCstmrStmt>
    <GrpHdr><MsgId>TEST</MsgId><CreDtTm>2024-03-13T06:00:00</CreDtTm></GrpHdr>
    <Stmt>
      <Id>STMT-1</Id>
      ${number === null ? "" : `<ElctrncSeqNb>${number}</ElctrncSeqNb>`}
      <Acct><Id>${account}</Id><Ccy>${currency}</Ccy></Acct>
      ${balances}
      ${entries}
    </Stmt>
  </BkToCstmrStmt>
</Document>`;
}

/** One Ntry; `details` is the content of its NtryDtls (TxDtls elements), if any. */
export function camtEntry({
  amount = "10.00",
  currency = "EUR",
  indicator = "CRDT",
  booking = "<Dt>2024-03-12</Dt>",
  reference = "REF-1" as string | null,
  details = "",
  extra = "",
} = {}): string {
  return `<Ntry>
    <Amt Ccy="${currency}">${amount}</Amt>
    <CdtDbtInd>${indicator}</CdtDbtInd>
    <Sts>BOOK</Sts>
    ${booking === "" ? "" : `<BookgDt>${booking}</BookgDt>`}
    ${reference === null ? "" : `<AcctSvcrRef>${reference}</AcctSvcrRef>`}
    ${extra}
    ${details === "" ? "" : `<NtryDtls>${details}</NtryDtls>`}
  </Ntry>`;
}

/** A TxDtls with a debtor and an unstructured communication. */
export function camtTransaction({
  amount = null as string | null,
  debtor = "Marie Dupont",
  communication = "Stage",
} = {}): string {
  return `<TxDtls>
    ${amount === null ? "" : `<AmtDtls><TxAmt><Amt Ccy="EUR">${amount}</Amt></TxAmt></AmtDtls>`}
    <RltdPties><Dbtr><Nm>${debtor}</Nm></Dbtr></RltdPties>
    <RmtInf><Ustrd>${communication}</Ustrd></RmtInf>
  </TxDtls>`;
}

/** A 128-character CODA record with `fields` placed at their 1-based positions. */
export function codaRecord(fields: readonly [position: number, value: string][]): string {
  const record = Array.from({ length: 128 }, () => " ");
  for (const [position, value] of fields) {
    [...value].forEach((character, index) => {
      record[position - 1 + index] = character;
    });
  }
  return record.join("");
}

/** A CODA 2.1 movement record. */
export function codaMovement({
  sequence = "0001",
  detail = "0000",
  reference = "BANKREF0000000000001",
  sign = "0",
  amount = "000000000010000",
  type = "0",
  communication = "1101123000000137",
  entryDate = "120324",
  globalisation = "0",
} = {}): string {
  return codaRecord([
    [1, "21"],
    [3, sequence],
    [7, detail],
    [11, reference],
    [32, sign],
    [33, amount],
    [48, "120324"],
    [54, `${type}0150000`],
    [62, communication],
    [116, entryDate],
    [122, "053"],
    [125, globalisation],
    [126, "0"],
    [128, "0"],
  ]);
}

/** A CODA sign and 15-digit amount (3 decimals) for signed minor units (cents). */
export function codaAmount(cents: number): string {
  return `${cents < 0 ? "1" : "0"}${String(Math.abs(cents) * 10).padStart(15, "0")}`;
}

/**
 * A whole CODA statement (header, old balance, `records`, new balance, trailer); balances and
 * trailer totals in cents, the trailer's totals left blank unless given.
 */
export function codaStatement(
  records: readonly string[],
  {
    account = [2, ACCOUNT_IBAN, "EUR"] as [structure: number, number: string, currency: string],
    number = "053",
    opening = 1_000_000,
    closing = 1_000_000,
    trailer = null as { debit: number; credit: number } | null,
  } = {},
): string {
  const [structure, accountNumber, currency] = account;
  const accountFields: [number, string][] =
    structure === 0
      ? [
          [6, accountNumber],
          [19, currency],
        ]
      : [
          [6, accountNumber],
          [40, currency],
        ];
  const totals: [number, string][] =
    trailer === null
      ? []
      : [
          [23, codaAmount(trailer.debit).slice(1)],
          [38, codaAmount(trailer.credit).slice(1)],
        ];
  return [
    codaRecord([
      [1, "00000"],
      [6, "120324"],
      [12, "725"],
      [15, "05"],
      [128, "2"],
    ]),
    codaRecord([
      [1, `1${structure}${number}`],
      ...accountFields,
      [43, codaAmount(opening)],
      [59, "110324"],
      [126, number],
    ]),
    ...records,
    codaRecord([
      [1, `8${number}`],
      [42, codaAmount(closing)],
      [58, "120324"],
    ]),
    codaRecord([[1, "9"], ...totals, [128, "2"]]),
  ].join("\n");
}
