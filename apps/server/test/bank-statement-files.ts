import type { FastifyInstance, LightMyRequestResponse } from "fastify";

// Bank statement files built by the console payments tests, and their upload.

export type StatementEntry = {
  /** minor units, negative for a debit */
  amount: number;
  /** the bank's reference of the movement: what makes a line the same line in two files */
  bankReference: string;
  bookingDate?: string;
  /** a structured creditor reference (CAMT RmtInf/Strd, CODA communication 101): a Belgian one
   * written any way (its digits are sent), or an ISO 11649 "RF…" one (sent as it is, CAMT only) */
  structured?: string;
  /** a free-text communication */
  communication?: string;
  counterparty?: string;
};

const decimal = (minor: number) => (Math.abs(minor) / 100).toFixed(2);
const digits = (reference: string) => reference.replace(/\D/g, "");
const creditorReferenceField = (reference: string) =>
  reference.startsWith("RF") ? reference : digits(reference);

/** A CAMT.053 Bal element of type `code` for `minor` units. */
function camtBalance(code: string, minor: number, currency: string): string {
  return `<Bal><Tp><CdOrPrtry><Cd>${code}</Cd></CdOrPrtry></Tp>
    <Amt Ccy="${currency}">${decimal(minor)}</Amt><CdtDbtInd>${minor < 0 ? "DBIT" : "CRDT"}</CdtDbtInd>
    <Dt><Dt>2026-11-20</Dt></Dt></Bal>`;
}

/**
 * A CAMT.053 document (ISO 20022, version 001.02) of one statement of `iban` in `currency`,
 * numbered `number` (ElctrncSeqNb) when given, with an opening balance (default 0) and a closing
 * balance (default: opening + the entries) unless `balances` is false.
 */
export function camt053(
  entries: StatementEntry[],
  options: {
    iban?: string;
    statementId?: string;
    currency?: string;
    number?: string;
    messageId?: string;
    opening?: number;
    closing?: number;
    period?: { from: string; to: string };
  } = {},
): string {
  const currency = options.currency ?? "EUR";
  const opening = options.opening ?? 0;
  const closing = options.closing ?? entries.reduce((sum, entry) => sum + entry.amount, opening);
  const ntry = entries.map(
    (entry) => `<Ntry>
      <Amt Ccy="${currency}">${decimal(entry.amount)}</Amt>
      <CdtDbtInd>${entry.amount < 0 ? "DBIT" : "CRDT"}</CdtDbtInd>
      <Sts>BOOK</Sts>
      <BookgDt><Dt>${entry.bookingDate ?? "2026-11-20"}</Dt></BookgDt>
      <ValDt><Dt>${entry.bookingDate ?? "2026-11-20"}</Dt></ValDt>
      <AcctSvcrRef>${entry.bankReference}</AcctSvcrRef>
      <NtryDtls><TxDtls>
        <RltdPties>
          <${entry.amount < 0 ? "Cdtr" : "Dbtr"}><Nm>${entry.counterparty ?? "Marie Dupont"}</Nm></${entry.amount < 0 ? "Cdtr" : "Dbtr"}>
        </RltdPties>
        <RmtInf>
          ${entry.communication === undefined ? "" : `<Ustrd>${entry.communication}</Ustrd>`}
          ${entry.structured === undefined ? "" : `<Strd><CdtrRefInf><Tp><CdOrPrtry><Cd>SCOR</Cd></CdOrPrtry><Issr>BBA</Issr></Tp><Ref>${creditorReferenceField(entry.structured)}</Ref></CdtrRefInf></Strd>`}
        </RmtInf>
      </TxDtls></NtryDtls>
    </Ntry>`,
  );
  return `<?xml version="1.0" encoding="UTF-8"?>
<Document xmlns="urn:iso:std:iso:20022:tech:xsd:camt.053.001.02">
  <BkToCstmrStmt>
    <GrpHdr><MsgId>${options.messageId ?? `MSG-${options.statementId ?? "1"}`}</MsgId><CreDtTm>2026-11-21T06:00:00</CreDtTm></GrpHdr>
    <Stmt>
      <Id>${options.statementId ?? "STMT-1"}</Id>
      ${options.number === undefined ? "" : `<ElctrncSeqNb>${options.number}</ElctrncSeqNb>`}
      ${options.period === undefined ? "" : `<FrToDt><FrDtTm>${options.period.from}T00:00:00</FrDtTm><ToDtTm>${options.period.to}T23:59:59</ToDtTm></FrToDt>`}
      <Acct><Id><IBAN>${options.iban ?? "BE68539007547034"}</IBAN></Id><Ccy>${currency}</Ccy></Acct>
      ${camtBalance("OPBD", opening, currency)}${camtBalance("CLBD", closing, currency)}
      ${ntry.join("\n")}
    </Stmt>
  </BkToCstmrStmt>
</Document>`;
}

/** A 128-character CODA record with `fields` at their 1-based positions. */
function codaRecord(fields: Array<[position: number, value: string]>): string {
  const record = Array.from({ length: 128 }, () => " ");
  for (const [position, value] of fields) {
    [...value].forEach((character, index) => {
      record[position - 1 + index] = character;
    });
  }
  return record.join("");
}

/** `YYYY-MM-DD` as CODA's DDMMYY. */
const ddmmyy = (day: string) => `${day.slice(8, 10)}${day.slice(5, 7)}${day.slice(2, 4)}`;

/** A CODA balance: its sign (0 credit, 1 debit) and 15 digits with 3 decimals. */
const codaBalance = (minor: number) =>
  `${minor < 0 ? "1" : "0"}${String(Math.abs(minor) * 10).padStart(15, "0")}`;

/** A CODA 2 file of one statement of a Belgian IBAN, its records joined by CRLF. */
export function coda(entries: StatementEntry[], options: { iban?: string } = {}): string {
  const day = ddmmyy(entries[0]?.bookingDate ?? "2026-11-20");
  const records = [
    codaRecord([
      [1, "00000"],
      [6, day],
      [128, "2"],
    ]),
    codaRecord([
      [1, "12"],
      [3, "053"],
      [6, options.iban ?? "BE68539007547034"],
      [40, "EUR"],
      [43, "0000000000000000"],
      [126, "053"],
    ]),
  ];
  entries.forEach((entry, index) => {
    const sequence = String(index + 1).padStart(4, "0");
    const amount = String(Math.abs(entry.amount) * 10).padStart(15, "0");
    const booking = ddmmyy(entry.bookingDate ?? "2026-11-20");
    const communication: Array<[number, string]> =
      entry.structured === undefined
        ? [
            [62, "0"],
            [63, entry.communication ?? ""],
          ]
        : [
            [62, "1"],
            [63, "101"],
            [66, digits(entry.structured)],
          ];
    records.push(
      codaRecord([
        [1, "21"],
        [3, sequence],
        [7, "0000"],
        [11, entry.bankReference.padEnd(21, " ").slice(0, 21)],
        [32, entry.amount < 0 ? "1" : "0"],
        [33, amount],
        [48, booking],
        [54, "00150000"],
        ...communication,
        [116, booking],
        [122, "053"],
        [126, "1"],
      ]),
      codaRecord([
        [1, "22"],
        [3, sequence],
        [7, "0000"],
        [126, "1"],
      ]),
      codaRecord([
        [1, "23"],
        [3, sequence],
        [7, "0000"],
        [11, "BE71096123456769"],
        [45, "EUR"],
        [48, entry.counterparty ?? "Marie Dupont"],
      ]),
    );
  });
  records.push(
    codaRecord([
      [1, "8053"],
      [5, options.iban ?? "BE68539007547034"],
      [40, "EUR"],
      [42, codaBalance(entries.reduce((sum, entry) => sum + entry.amount, 0))],
    ]),
    codaRecord([[1, "9"]]),
  );
  return `${records.join("\r\n")}\r\n`;
}

/** POST /api/admin/bank-statements with `bytes` as the form's `file`. */
export function uploadStatement(
  app: FastifyInstance,
  // A harness Client; only what the upload reads, so browser tests can import this file's
  // statement builders without the integration harness.
  client: { host: string; cookies: Map<string, string> },
  fileName: string,
  bytes: Buffer,
): Promise<LightMyRequestResponse> {
  const boundary = "----statement-upload";
  const payload = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${fileName}"\r\n` +
        "Content-Type: application/octet-stream\r\n\r\n",
    ),
    bytes,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return app.inject({
    method: "POST",
    url: "/api/admin/bank-statements",
    headers: {
      host: client.host,
      cookie: [...client.cookies].map(([name, value]) => `${name}=${value}`).join("; "),
      "x-xsrf-token": client.cookies.get("XSRF-TOKEN") ?? "",
      "content-type": `multipart/form-data; boundary=${boundary}`,
    },
    payload,
  });
}
