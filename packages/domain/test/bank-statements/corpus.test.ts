import { describe, expect, it } from "vitest";
import { checkStatementBalance, parseBankStatementFile } from "../../src/index.ts";
import { camtBalance, fixture } from "./builders.ts";

// Statement files written from the published standards (ISO 20022 camt.053.001.02 to .10,
// Febelfin CODA 2.x), each with its lines, amounts and balances worked out by hand.

const parse = (name: string) => parseBankStatementFile(fixture(`corpus/${name}`));
const amounts = (name: string, index = 0) =>
  parse(name)[index]!.lines.map((line) => line.exactAmount ?? line.amount);

describe("camt.053.001.10: two credits sharing one AcctSvcrRef, optional dates", () => {
  const [statement] = parse("camt053-v10-shared-reference.xml");

  it("keeps both credits of the shared reference, and every booked entry", () => {
    // 1537.00 + 1692.22 (one AcctSvcrRef), −200.00 (no BookgDt), 0.00 (no date at all), the
    // pending 999.00 skipped, then the batch 1000.00 as its two TxDtls 600.00 + 400.00.
    expect(statement!.lines.map((line) => line.amount)).toEqual([
      153700, 169222, -20000, 0, 60000, 40000,
    ]);
    expect(new Set(statement!.lines.map((line) => line.fingerprint)).size).toBe(6);
  });

  it("reads the statement's number with its year, its period and balances", () => {
    expect(statement).toMatchObject({
      account: "CH9300762011623852957",
      currency: "CHF",
      statementKey: "2025/61",
      period: { from: "2025-03-14", to: "2025-03-14" },
      opening: { amount: 500000, exactAmount: null, date: "2025-03-13" },
      closing: { amount: 902922, exactAmount: null, date: "2025-03-14" },
    });
    // 5000.00 + 1537.00 + 1692.22 − 200.00 + 0.00 + 1000.00 = 9029.22
    expect(checkStatementBalance(statement!)).toEqual({
      status: "BALANCED",
      movements: "4029.22",
      difference: null,
    });
  });

  it("falls back on the value day, then on the statement's day, and flags both", () => {
    expect(statement!.lines[2]).toMatchObject({ bookingDate: "2025-03-13", review: null });
    expect(statement!.lines[3]).toMatchObject({ bookingDate: "2025-03-14", review: "NO_DATE" });
    expect(statement!.warnings.map((warning) => [warning.code, warning.where])).toEqual([
      ["MISSING_BOOKING_DATE", "Stmt 1 Ntry 3 BookgDt"],
      ["MISSING_BOOKING_DATE", "Stmt 1 Ntry 4 BookgDt"],
    ]);
  });
});

describe("camt.053.001.04: a sandbox file with a wrong IBAN check digit", () => {
  const [statement] = parse("camt053-v04-invalid-iban.xml");

  it("is imported, its account kept as given, with a warning", () => {
    expect(statement).toMatchObject({ account: "DE88370400440532013000", accountIban: null });
    expect(statement!.warnings[0]).toEqual({
      code: "INVALID_ACCOUNT_IBAN",
      where: "Stmt 1 Acct/Id/IBAN",
      detail: '"DE88370400440532013000" fails the IBAN check; the account is kept as given',
    });
  });

  it("keeps the amount with a third decimal for review, exactly", () => {
    expect(statement!.lines.map((line) => [line.amount, line.exactAmount, line.review])).toEqual([
      [24000, null, null],
      [2000, "20.005", "SUB_MINOR_AMOUNT"],
    ]);
  });

  it("reads PRCD as the opening balance, and finds the closing 10.00 short", () => {
    expect(statement).toMatchObject({
      statementKey: "2025/7",
      opening: { amount: -15000, exactAmount: null, date: "2025-01-31" },
      closing: { amount: 10000, exactAmount: "100.005", date: "2025-02-03" },
    });
    // −150.00 + 240.00 + 20.005 = 110.005, the bank says 100.005
    expect(checkStatementBalance(statement!)).toEqual({
      status: "UNBALANCED",
      movements: "260.005",
      difference: "-10.00",
    });
  });
});

describe("CODA 2.x batch payments with globalisation codes (levels 1 and 2)", () => {
  const [statement] = parse("coda-batch-globalisation.cod");

  it("books one level of each total: the details that add up to it, never both", () => {
    expect(amounts("coda-batch-globalisation.cod")).toEqual([
      -5000, // 0001.0001 } a level-1 total of −75.00 (type 1) with type 0 details
      -2500, // 0001.0002 }
      12000, // 0002
      -47904, // 0003 } two debits sharing the bank reference
      -47904, // 0004 }
      3500, // 0005.0002 } a level-2 total of 100.00 (type 2): a level-1 subtotal of 60.00
      2500, // 0005.0003 }   (35.00 + 25.00) and 40.00
      4000, // 0005.0004
      "1.005", // 0006: a third decimal, kept for review
    ]);
    expect(statement!.lines.map((line) => line.structuredReference)).toEqual([
      null,
      null,
      "123000000137",
      null,
      null,
      "123000004278",
      "123000100167",
      "123000100268",
      null,
    ]);
    expect(statement!.lines[8]).toMatchObject({ amount: 100, review: "SUB_MINOR_AMOUNT" });
  });

  it("nets the batch of −75.00 to −75.00", () => {
    const batch = statement!.lines.slice(0, 2).reduce((sum, line) => sum + line.amount, 0);
    expect(batch).toBe(-7500);
  });

  it("checks its balances (records 1 and 8) and trailer (record 9) exactly", () => {
    expect(statement).toMatchObject({
      statementKey: "2024/072",
      opening: { amount: 150000, exactAmount: null, date: "2024-03-11" },
      closing: { amount: 68792, exactAmount: "687.925", date: "2024-03-12" },
    });
    // 1500.000 − 75 + 120 − 479.04 × 2 + 100 + 1.005 = 687.925
    expect(checkStatementBalance(statement!)).toEqual({
      status: "BALANCED",
      movements: "-812.075",
      difference: null,
    });
    expect(statement!.warnings.map((warning) => warning.code)).toEqual(["SUB_MINOR_AMOUNT"]);
  });
});

describe("CODA 2.x without globalisation codes, two statements, a foreign IBAN failing its check", () => {
  const statements = parse("coda-no-codes-two-statements.cod");

  it("books the customer's total (type 1) as its details (type 5), and a net amount (type 3) whose breakdown does not add up as itself", () => {
    expect(amounts("coda-no-codes-two-statements.cod", 0)).toEqual([-180000, -120000, 49000]);
    expect(statements[0]!.warnings.map((warning) => [warning.code, warning.where])).toEqual([
      ["INVALID_ACCOUNT_IBAN", "CODA line 2 account number (6-39)"],
      ["DETAILS_DO_NOT_ADD_UP", "CODA line 6 (movement 0002.0000)"],
    ]);
  });

  it("numbers both statements of the account, and both add up", () => {
    expect(statements.map((statement) => [statement.account, statement.statementKey])).toEqual([
      ["NL91ABNA0417164301", "2024/054"],
      ["NL91ABNA0417164301", "2024/055"],
    ]);
    // 5000.00 − 3000.00 + 490.00 = 2490.00; 2490.00 + 100.00 = 2590.00
    expect(statements.map((statement) => checkStatementBalance(statement).status)).toEqual([
      "BALANCED",
      "BALANCED",
    ]);
  });
});

describe("camt.053 message versions .02 to .10", () => {
  /** One statement in the syntax of `version`: Sts as text until .06, Sts/Cd from .07; TxDtls/Amt from .05. */
  function statementOf(version: number): string {
    const v = String(version).padStart(2, "0");
    const status = version >= 7 ? "<Sts><Cd>BOOK</Cd></Sts>" : "<Sts>BOOK</Sts>";
    const txAmount = (amount: string) =>
      version >= 5
        ? `<Amt Ccy="EUR">${amount}</Amt>`
        : `<AmtDtls><TxAmt><Amt Ccy="EUR">${amount}</Amt></TxAmt></AmtDtls>`;
    return `<?xml version="1.0"?>
<Document xmlns="urn:iso:std:iso:20022:tech:xsd:camt.053.001.${v}"><BkToCstmrStmt>
<GrpHdr><MsgId>V${v}</MsgId><CreDtTm>2024-05-02T06:00:00</CreDtTm></GrpHdr>
<Stmt><Id>V${v}-1</Id><ElctrncSeqNb>88</ElctrncSeqNb>
<Acct><Id><IBAN>BE68539007547034</IBAN></Id><Ccy>EUR</Ccy></Acct>
${camtBalance("OPBD", "-20.00", "2024-04-30")}${camtBalance("CLBD", "55.50", "2024-05-01")}
<Ntry><Amt Ccy="EUR">80.00</Amt><CdtDbtInd>CRDT</CdtDbtInd>${status}
<BookgDt><Dt>2024-05-01</Dt></BookgDt><AcctSvcrRef>A1</AcctSvcrRef>
<NtryDtls><TxDtls>${txAmount("50.00")}</TxDtls><TxDtls>${txAmount("30.00")}</TxDtls></NtryDtls></Ntry>
<Ntry><Amt Ccy="EUR">4.50</Amt><CdtDbtInd>DBIT</CdtDbtInd>${status}
<BookgDt><DtTm>2024-05-01T10:00:00</DtTm></BookgDt><AcctSvcrRef>A2</AcctSvcrRef></Ntry>
</Stmt></BkToCstmrStmt></Document>`;
  }

  it.each([2, 3, 4, 5, 6, 7, 8, 9, 10])("reads camt.053.001.%i alike", (version) => {
    const [statement] = parseBankStatementFile(statementOf(version));
    expect(statement!.lines.map((line) => line.amount)).toEqual([5000, 3000, -450]);
    expect(statement).toMatchObject({
      statementKey: "2024/88",
      opening: { amount: -2000 },
      closing: { amount: 5550 },
    });
    // −20.00 + 80.00 − 4.50 = 55.50
    expect(checkStatementBalance(statement!).status).toBe("BALANCED");
    expect(statement!.warnings).toEqual([]);
  });
});
