import { describe, expect, it } from "vitest";
import { BankStatementFormatError, parseCamt053 } from "../../src/index.ts";
import { camtDocument, camtEntry, camtTransaction, fixture } from "./builders.ts";

const anyFingerprint = expect.stringMatching(/^[0-9a-f]{64}$/);

function expectInvalid(parse: () => unknown, message: RegExp): void {
  try {
    parse();
  } catch (error) {
    expect(error).toBeInstanceOf(BankStatementFormatError);
    expect((error as BankStatementFormatError).code).toBe("BANK_STATEMENT_INVALID");
    expect((error as Error).message).toMatch(message);
    return;
  }
  expect.fail("expected a BankStatementFormatError");
}

/** The amount of the single line of a one-entry statement. */
function amountOf(amount: string, currency = "EUR"): number {
  const [statement] = parseCamt053(camtDocument(camtEntry({ amount, currency }), { currency }));
  return statement!.lines[0]!.amount;
}

describe("parseCamt053 on a camt.053.001.02 statement", () => {
  const [statement, ...others] = parseCamt053(fixture("camt053-v02-2024-03-12.xml"));
  const lines = statement!.lines;

  it("reads the statement and its account", () => {
    expect(others).toEqual([]);
    expect(statement).toMatchObject({
      format: "CAMT053",
      accountIban: "BE68539007547034",
      currency: "EUR",
      statementId: "2024-053",
    });
    expect(lines).toHaveLength(6);
  });

  it("reads a credit with a structured communication in RmtInf/Strd", () => {
    expect(lines[0]).toEqual({
      fingerprint: anyFingerprint,
      legacyFingerprint: anyFingerprint,
      position: "Stmt 1 Ntry 1",
      exactAmount: null,
      review: null,
      bookingDate: "2024-03-12",
      valueDate: "2024-03-12",
      amount: 4500,
      currency: "EUR",
      counterpartyName: "Marie Dupont",
      counterpartyIban: "BE71096123456769",
      communication: null,
      structuredReference: "123000000137",
      creditorReference: "123000000137",
      bankReference: "B4C12GKCC0A00001",
    });
  });

  it("finds the +++ reference a payer typed in the free text, and joins the Ustrd parts", () => {
    expect(lines[1]).toMatchObject({
      amount: 123456,
      valueDate: "2024-03-11",
      counterpartyName: "Jean Peeters",
      communication: "Stage d'été Lucas & Emma +++123/0000/00238+++ merci",
      structuredReference: "123000000238",
      creditorReference: null,
    });
  });

  it("reads an ISO 11649 RF reference as itself, never as a Belgian one", () => {
    // RF18539007547034 ends with 539007547034, whose modulo-97 check happens to hold.
    expect(lines[2]).toMatchObject({
      amount: 2000,
      counterpartyIban: "NL91ABNA0417164300",
      structuredReference: "RF18539007547034",
      creditorReference: "RF18539007547034",
    });
  });

  it("signs a debit negative and takes its creditor as the counterparty", () => {
    expect(lines[3]).toMatchObject({
      amount: -1575,
      counterpartyName: "Imprimerie Lambert SRL",
      counterpartyIban: "BE42001654321054",
      communication: "Facture 2024-117",
      structuredReference: null,
    });
  });

  it("splits a batch entry into one line per TxDtls, each with its own amount", () => {
    expect(lines.slice(4)).toEqual([
      expect.objectContaining({
        amount: 4510,
        counterpartyName: "Sophie Lemaire",
        structuredReference: "123000001753",
        bankReference: "B4C12GKCC0A00005-1",
      }),
      expect.objectContaining({
        amount: 2990,
        counterpartyName: "Thomas Müller",
        counterpartyIban: "DE89370400440532013000",
        structuredReference: "123000004278",
        bankReference: "B4C12GKCC0A00005-2",
      }),
    ]);
    expect(lines[4]!.amount + lines[5]!.amount).toBe(7500);
  });
});

describe("parseCamt053 on a prefixed camt.053.001.08 file with two statements", () => {
  const statements = parseCamt053(fixture("camt053-v08-2024-03-14.xml"));

  it("strips the namespace prefix and reads every Stmt", () => {
    expect(statements.map((s) => [s.statementId, s.lines.length])).toEqual([
      ["BE68539007547034-2024-03-14", 5],
      ["BE68539007547034-2024-03-15", 1],
    ]);
  });

  it("reads Sts/Cd, BookgDt/DtTm, Dbtr/Pty/Nm and a structured reference in +++ form", () => {
    expect(statements[0]!.lines[0]).toMatchObject({
      bookingDate: "2024-03-14",
      amount: 6000,
      counterpartyName: "Jean Peeters",
      structuredReference: "123000100167",
      creditorReference: "+++123/0001/00167+++",
      bankReference: "KRED240314000917",
    });
  });

  it("skips a pending entry", () => {
    expect(statements[0]!.lines.map((line) => line.amount)).not.toContain(9900);
  });

  it("falls back on NtryRef as bank reference and keeps identical payments apart", () => {
    const [first, second] = statements[0]!.lines.slice(1, 3);
    expect(first).toMatchObject({ amount: 3000, bankReference: "2", valueDate: null });
    expect(second).toMatchObject({ amount: 3000, bankReference: "3" });
    const identity = { fingerprint: "", legacyFingerprint: "", position: "", bankReference: "" };
    expect({ ...first, ...identity }).toEqual({ ...second, ...identity });
    expect(first!.fingerprint).not.toBe(second!.fingerprint);
  });

  it("reads a batch whose TxDtls carry Amt and CdtDbtInd", () => {
    expect(statements[0]!.lines.slice(3)).toEqual([
      expect.objectContaining({ amount: 1250, structuredReference: "450000000359" }),
      expect.objectContaining({
        amount: 750,
        structuredReference: "RF18539007547034",
        creditorReference: "RF18539007547034",
      }),
    ]);
  });

  it("reads a debit's Cdtr/Pty and compacts a spaced IBAN", () => {
    expect(statements[1]!.lines[0]).toMatchObject({
      amount: -4500,
      valueDate: "2024-03-15",
      counterpartyName: "Marie Dupont",
      counterpartyIban: "BE71096123456769",
      communication: "Remboursement stage annulé",
    });
  });
});

describe("parseCamt053 across message versions", () => {
  it.each(["02", "03", "04", "05", "06", "07", "08"])("reads camt.053.001.%s alike", (version) => {
    const entry = camtEntry({
      details: camtTransaction({ communication: "+++123/0000/00137+++" }),
    });
    const [statement] = parseCamt053(camtDocument(entry, { version }));
    expect(statement!.lines).toEqual(parseCamt053(camtDocument(entry))[0]!.lines);
    expect(statement!.lines[0]!.structuredReference).toBe("123000000137");
  });
});

describe("parseCamt053 amounts", () => {
  it.each([
    ["1234.56", 123456],
    ["0.29", 29], // 0.29 × 100 = 28.999999999999996 in floating point
    ["4.35", 435], // 434.99999999999994
    ["1.15", 115], // 114.99999999999999
    ["0.1", 10],
    ["1.500", 150],
    ["0.00", 0],
    ["1000000.01", 100000001],
  ])("reads %s EUR as %d cents", (amount, minor) => {
    expect(amountOf(amount)).toBe(minor);
  });

  it("uses the currency's own number of decimals", () => {
    expect(amountOf("1500", "JPY")).toBe(1500);
    expect(amountOf("1.234", "KWD")).toBe(1234);
  });

  it("adds 0.10 and 0.20 to exactly 30 cents", () => {
    const entries = camtEntry({ amount: "0.10" }) + camtEntry({ amount: "0.20", reference: "R2" });
    const lines = parseCamt053(camtDocument(entries))[0]!.lines;
    expect(lines[0]!.amount + lines[1]!.amount).toBe(30);
  });

  it("never gives a negative zero for a zero debit", () => {
    expect(
      Object.is(
        parseCamt053(camtDocument(camtEntry({ amount: "0.00", indicator: "DBIT" })))[0]!.lines[0]!
          .amount,
        0,
      ),
    ).toBe(true);
  });

  it.each([
    ["-5.00", /not a decimal number/],
    ["1,234.56", /not a decimal number/],
    ["1e3", /not a decimal number/],
    ["", /Ntry 1 Amt: missing/],
  ])("refuses the amount %j", (amount, message) => {
    expectInvalid(() => amountOf(amount), message);
  });

  it("names the entry whose amount is wrong", () => {
    const entries = camtEntry() + camtEntry({ amount: "abc", reference: "R2" });
    expectInvalid(() => parseCamt053(camtDocument(entries)), /Stmt 1 Ntry 2 Amt/);
  });

  it("refuses an amount without a valid currency", () => {
    expectInvalid(() => amountOf("10.00", "euro"), /currency "euro"/);
  });
});

describe("parseCamt053 entry details", () => {
  it("takes the value date as booking date when BookgDt is missing", () => {
    const entry = camtEntry({ booking: "", extra: "<ValDt><Dt>2024-03-10</Dt></ValDt>" });
    expect(parseCamt053(camtDocument(entry))[0]!.lines[0]).toMatchObject({
      bookingDate: "2024-03-10",
      valueDate: "2024-03-10",
    });
  });

  it("reads the communication of an entry without details from AddtlNtryInf", () => {
    const entry = camtEntry({ extra: "<AddtlNtryInf>VIREMENT 123/0000/00137</AddtlNtryInf>" });
    expect(parseCamt053(camtDocument(entry))[0]!.lines[0]).toMatchObject({
      communication: "VIREMENT 123/0000/00137",
      structuredReference: "123000000137",
      counterpartyName: null,
    });
  });

  it("decodes character references", () => {
    const details = camtTransaction({
      debtor: "L&#233;a &amp; Zo&#xEB;",
      communication: "Caf&#233;",
    });
    expect(parseCamt053(camtDocument(camtEntry({ details })))[0]!.lines[0]).toMatchObject({
      counterpartyName: "Léa & Zoë",
      communication: "Café",
    });
  });

  it("keeps a batch whose transactions lack amounts as one line for the entry", () => {
    const details = camtTransaction({ debtor: "A" }) + camtTransaction({ debtor: "B" });
    const lines = parseCamt053(camtDocument(camtEntry({ amount: "30.00", details })))[0]!.lines;
    expect(lines).toEqual([expect.objectContaining({ amount: 3000, counterpartyName: "A" })]);
  });

  it("reads an account identified without an IBAN", () => {
    const xml = camtDocument(camtEntry(), { account: "<Othr><Id>0012345678</Id></Othr>" });
    const [statement] = parseCamt053(xml);
    expect(statement!.accountIban).toBeNull();
    expect(statement!.lines[0]!.fingerprint).toMatch(/^[0-9a-f]{64}$/);
  });
});

describe("parseCamt053 refuses bad files", () => {
  it("malformed XML, naming the line", () => {
    expectInvalid(
      () => parseCamt053("<Document><BkToCstmrStmt></Document>"),
      /Invalid XML at line 1/,
    );
  });

  it("a file cut short", () => {
    const xml = fixture("camt053-v02-2024-03-12.xml");
    expectInvalid(() => parseCamt053(xml.slice(0, xml.length / 2)), /Invalid XML/);
  });

  it("an empty file", () => {
    expectInvalid(() => parseCamt053(""), /^Invalid XML at line 1: Start tag expected/);
  });

  it.each([
    [
      "camt.054 notification",
      "<Document><BkToCstmrDbtCdtNtfctn/></Document>",
      /found Document\/BkToCstmrDbtCdtNtfctn/,
    ],
    [
      "pain.001 payment order",
      "<Document><CstmrCdtTrfInitn/></Document>",
      /found Document\/CstmrCdtTrfInitn/,
    ],
    ["another document", "<html><body/></html>", /found html/],
  ])("a %s (wrong root)", (_name, xml, message) => {
    expectInvalid(() => parseCamt053(xml), message);
  });

  it("a DOCTYPE (entity expansion)", () => {
    const xml = `<?xml version="1.0"?><!DOCTYPE d [<!ENTITY a "aaaa">]>${camtDocument(camtEntry()).replace(/^<\?xml[^>]*>/, "")}`;
    expectInvalid(() => parseCamt053(xml), /DOCTYPE/);
  });

  it("a statement without Stmt or without Id", () => {
    expectInvalid(
      () => parseCamt053("<Document><BkToCstmrStmt><GrpHdr/></BkToCstmrStmt></Document>"),
      /no Stmt/,
    );
    expectInvalid(
      () => parseCamt053(camtDocument(camtEntry()).replace("<Id>STMT-1</Id>", "")),
      /Stmt 1 Id: missing/,
    );
  });

  it("an account without identification", () => {
    expectInvalid(
      () => parseCamt053(camtDocument(camtEntry(), { account: "" })),
      /neither IBAN nor Othr/,
    );
  });

  it("an entry without a valid CdtDbtInd", () => {
    expectInvalid(
      () => parseCamt053(camtDocument(camtEntry({ indicator: "CREDIT" }))),
      /Stmt 1 Ntry 1 CdtDbtInd: "CREDIT" is not CRDT or DBIT/,
    );
  });

  it("an entry with an impossible date", () => {
    expectInvalid(
      () => parseCamt053(camtDocument(camtEntry({ booking: "<Dt>2024-02-30</Dt>" }))),
      /BookgDt: "2024-02-30" is not a date/,
    );
  });
});
