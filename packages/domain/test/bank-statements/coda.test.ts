import { describe, expect, it } from "vitest";
import { BankStatementFormatError, parseCoda } from "../../src/index.ts";
import { codaMovement, codaRecord, codaStatement, fixture } from "./builders.ts";

const anyFingerprint = expect.stringMatching(/^[0-9a-f]{64}$/);
const FILE = fixture("coda-2024-03-12.cod");

function expectInvalid(parse: () => unknown, message: RegExp): void {
  expect(parse).toThrow(BankStatementFormatError);
  expect(parse).toThrow(message);
  try {
    parse();
  } catch (error) {
    expect((error as BankStatementFormatError).code).toBe("BANK_STATEMENT_INVALID");
  }
}

function onlyLine(records: string[], options?: Parameters<typeof codaStatement>[1]) {
  const [statement] = parseCoda(codaStatement(records, options));
  expect(statement!.lines).toHaveLength(1);
  return statement!.lines[0]!;
}

describe("parseCoda on a CODA 2 statement", () => {
  const [statement, ...others] = parseCoda(FILE);
  const lines = statement!.lines;

  it("reads the statement and its account", () => {
    expect(others).toEqual([]);
    expect(statement).toMatchObject({
      format: "CODA",
      accountIban: "BE68539007547034",
      currency: "EUR",
      statementId: "2024-03-12/053",
    });
    expect(lines.map((line) => line.amount)).toEqual([4500, 8000, -1234, 6000, 4000, 2500]);
  });

  it("reads a credit with a structured communication (type 101) and its counterparty (2.3)", () => {
    expect(lines[0]).toEqual({
      fingerprint: anyFingerprint,
      legacyFingerprint: anyFingerprint,
      position: "CODA line 3 (movement 0001.0000)",
      exactAmount: null,
      review: null,
      bookingDate: "2024-03-12",
      valueDate: "2024-03-12",
      amount: 4500,
      currency: "EUR",
      counterpartyName: "MARIE DUPONT",
      counterpartyIban: "BE71096123456769",
      communication: null,
      structuredReference: "123000000137",
      creditorReference: "123000000137",
      bankReference: "KBC24031200000001AB01",
    });
  });

  it("joins a free communication continued in 2.2 and 2.3, and finds the reference in it", () => {
    expect(lines[1]).toMatchObject({
      communication:
        "Stage de printemps Lucas et Emma Peeters - semaine du 25/03 - ref +++123/0000/04278+++ merci beaucoup",
      structuredReference: "123000004278",
      creditorReference: null,
      counterpartyName: "JEAN PEETERS",
    });
  });

  it("signs a debit negative", () => {
    expect(lines[2]).toMatchObject({
      amount: -1234,
      counterpartyName: "IMPRIMERIE LAMBERT SRL",
      counterpartyIban: "BE42001654321054",
      communication: "Facture 2024-117 impression flyers",
      structuredReference: null,
    });
  });

  it("replaces a total by the bank (type 2) with its itemised payments (type 6)", () => {
    expect(lines.slice(3, 5)).toEqual([
      expect.objectContaining({
        amount: 6000,
        structuredReference: "123000100167",
        counterpartyName: "LUC JANSSENS",
      }),
      expect.objectContaining({
        amount: 4000,
        structuredReference: "123000100268",
        counterpartyIban: "FR1420041010050500013M02606",
      }),
    ]);
    expect(lines[3]!.fingerprint).not.toBe(lines[4]!.fingerprint);
  });

  it("takes the counterparty name from information record 3.1 (type 001) when 2.3 is absent", () => {
    expect(lines[5]).toMatchObject({
      amount: 2500,
      counterpartyName: "ANNA DE VRIES",
      counterpartyIban: null,
      structuredReference: "450000000359",
    });
  });
});

describe("parseCoda tolerance", () => {
  it.each([
    ["LF line ends", FILE.replaceAll("\r\n", "\n")],
    ["CR line ends", FILE.replaceAll("\r\n", "\r")],
    ["trailing spaces removed", FILE.replace(/ +\r\n/g, "\r\n")],
    ["lines shortened and blank lines", FILE.replace(/ +\r\n/g, "\n\n")],
    ["a byte-order mark", `\uFEFF${FILE}`],
  ])("reads a file with %s the same", (_name, text) => {
    expect(parseCoda(text)).toEqual(parseCoda(FILE));
  });
});

describe("parseCoda movements", () => {
  it("reads an old Belgian account number (structure 0) as an IBAN", () => {
    const [statement] = parseCoda(
      codaStatement([codaMovement()], { account: [0, "539007547034", "EUR"] }),
    );
    expect(statement).toMatchObject({ accountIban: "BE68539007547034", currency: "EUR" });
  });

  it("keeps a foreign account number (structure 1) without an IBAN", () => {
    const [statement] = parseCoda(
      codaStatement([codaMovement()], { account: [1, "0012345678", "USD"] }),
    );
    expect(statement).toMatchObject({ accountIban: null, currency: "USD" });
  });

  it("reads amounts with 3 decimals without floating-point error", () => {
    expect(onlyLine([codaMovement({ amount: "000000000000290" })]).amount).toBe(29);
    expect(onlyLine([codaMovement({ amount: "000000000004350" })]).amount).toBe(435);
    expect(onlyLine([codaMovement({ amount: "000001234567890" })]).amount).toBe(123456789);
  });

  it("keeps an amount with a third decimal EUR cannot hold for review, with its exact amount", () => {
    const [statement] = parseCoda(codaStatement([codaMovement({ amount: "000000000001005" })]));
    expect(statement!.lines[0]).toMatchObject({
      amount: 100,
      exactAmount: "1.005",
      review: "SUB_MINOR_AMOUNT",
    });
    expect(statement!.warnings).toContainEqual({
      code: "SUB_MINOR_AMOUNT",
      where: "CODA line 3 (movement 0001.0000) amount (33-47)",
      detail: "1.005 EUR has a third decimal: the line is kept for review",
    });
  });

  it("keeps the digits of a structured communication whose check fails, without a reference", () => {
    expect(onlyLine([codaMovement({ communication: "1101123000000138" })])).toMatchObject({
      structuredReference: null,
      creditorReference: "123000000138",
    });
  });

  it("keeps an RF creditor reference (type 100) raw", () => {
    expect(onlyLine([codaMovement({ communication: "1100RF18539007547034" })])).toMatchObject({
      structuredReference: null,
      creditorReference: "RF18539007547034",
    });
  });

  it("gives no communication for other structured types", () => {
    expect(onlyLine([codaMovement({ communication: "1103000012345678" })])).toMatchObject({
      communication: null,
      structuredReference: null,
      creditorReference: null,
    });
  });

  it("books a total by the customer (type 1) without details as one line", () => {
    expect(onlyLine([codaMovement({ type: "1", amount: "000000000070000" })]).amount).toBe(7000);
  });

  it("books the breakdown (type 8) of an amount with details (type 3) when it adds up", () => {
    const [statement] = parseCoda(
      codaStatement([
        codaMovement({ type: "3", amount: "000000000049000" }),
        codaMovement({ detail: "0001", type: "8", amount: "000000000050000" }),
        codaMovement({ detail: "0002", type: "8", sign: "1", amount: "000000000001000" }),
      ]),
    );
    expect(statement!.lines.map((line) => line.amount)).toEqual([5000, -100]);
  });

  it("books the net amount (type 3) alone when its breakdown does not add up, with a warning", () => {
    const [statement] = parseCoda(
      codaStatement([
        codaMovement({ type: "3", amount: "000000000049000" }),
        codaMovement({ detail: "0001", type: "8", amount: "000000000050000" }),
      ]),
    );
    expect(statement!.lines.map((line) => line.amount)).toEqual([4900]);
    expect(statement!.warnings).toContainEqual({
      code: "DETAILS_DO_NOT_ADD_UP",
      where: "CODA line 3 (movement 0001.0000)",
      detail:
        "its 1 details add up to 50.00 EUR, not its total 49.00 EUR: the total is imported as one line",
    });
  });

  it("falls back on the value date when the entry date is 000000, with a warning", () => {
    const [statement] = parseCoda(codaStatement([codaMovement({ entryDate: "000000" })]));
    expect(statement!.lines[0]).toMatchObject({ bookingDate: "2024-03-12", review: null });
    expect(statement!.warnings.map((warning) => warning.detail)).toEqual([
      "no entry date: the value date 2024-03-12 is used",
    ]);
  });

  it("takes the statement's day for a movement without any date, and keeps it for review", () => {
    const record = codaMovement({ entryDate: "000000" }).replace(/^(.{47})120324/, "$1000000");
    const [statement] = parseCoda(codaStatement([record]));
    expect(statement!.lines[0]).toMatchObject({ bookingDate: "2024-03-12", review: "NO_DATE" });
  });

  it("reads several statements in one file", () => {
    const file = `${codaStatement([codaMovement()])}\n${codaStatement([codaMovement({ sign: "1" })])}`;
    expect(parseCoda(file).map((s) => s.lines[0]!.amount)).toEqual([1000, -1000]);
  });
});

describe("parseCoda refuses bad files", () => {
  const lines = FILE.split("\r\n");

  it("a file cut before its trailer", () => {
    expectInvalid(
      () => parseCoda(lines.slice(0, 8).join("\r\n")),
      /ends before its trailer record 9 \(truncated\)/,
    );
  });

  it("a file cut in the middle of a record", () => {
    expectInvalid(
      () => parseCoda(`${lines.slice(0, 5).join("\n")}\n${lines[5]!.slice(0, 40)}`),
      /CODA line 6 \(movement 0002\.0000\) amount \(33-47\): "00000000 {7}" is not a decimal number/,
    );
  });

  it("a corrupt amount, naming its line", () => {
    const corrupt = [...lines];
    corrupt[2] = `${corrupt[2]!.slice(0, 40)}X${corrupt[2]!.slice(41)}`;
    expectInvalid(
      () => parseCoda(corrupt.join("\r\n")),
      /CODA line 3 \(movement 0001\.0000\) amount \(33-47\): "00000000X045000"/,
    );
  });

  it("an empty file", () => {
    expectInvalid(() => parseCoda(" \r\n"), /empty/);
  });

  it("records before the header", () => {
    expectInvalid(
      () => parseCoda(lines.slice(1).join("\n")),
      /line 1: record 1 before the header record 0/,
    );
  });

  it("a CODA 1 file", () => {
    const version1 = `${lines[0]!.slice(0, 127)}1\n${lines.slice(1).join("\n")}`;
    expectInvalid(() => parseCoda(version1), /line 1: CODA version "1" is not supported/);
  });

  it("an unknown record type", () => {
    expectInvalid(
      () => parseCoda(codaStatement([codaRecord([[1, "7"]])])),
      /line 3: unknown record type "7"/,
    );
  });

  it("a record 2.2 that does not follow its 2.1", () => {
    expectInvalid(
      () =>
        parseCoda(
          codaStatement([
            codaRecord([
              [1, "220009"],
              [7, "0000"],
            ]),
          ]),
        ),
      /line 3: record 2.2 does not follow its record 2.1/,
    );
  });

  it("an information record for a movement the file does not hold", () => {
    expectInvalid(
      () =>
        parseCoda(
          codaStatement([
            codaMovement(),
            codaRecord([
              [1, "310002"],
              [7, "0000"],
            ]),
          ]),
        ),
      /line 4: information record for movement 0002/,
    );
  });

  it("a line longer than 128 characters", () => {
    const long = [...lines];
    long[2] = `${long[2]}EXTRA`;
    expectInvalid(() => parseCoda(long.join("\n")), /line 3: longer than 128 characters/);
  });

  it("an impossible date, a sign other than 0 or 1, an unknown account structure", () => {
    expectInvalid(
      () => parseCoda(codaStatement([codaMovement({ entryDate: "310224" })])),
      /CODA line 3 \(movement 0001\.0000\) entry date \(116-121\): "310224" is not a DDMMYY date/,
    );
    expectInvalid(
      () => parseCoda(codaStatement([codaMovement({ sign: "2" })])),
      /movement sign "2"/,
    );
    expectInvalid(
      () => parseCoda(codaStatement([codaMovement()], { account: [5, "X", "EUR"] })),
      /unknown account structure "5"/,
    );
  });
});

describe("parseCoda totals by the bank with detailed details (types 2, 7, 9)", () => {
  it("books the type 9 details of a type 7 detail when each level adds up", () => {
    const [statement] = parseCoda(
      codaStatement([
        codaMovement({ type: "2", amount: "000000000100000" }),
        codaMovement({ detail: "0001", type: "7", amount: "000000000070000" }),
        codaMovement({ detail: "0002", type: "9", amount: "000000000050000" }),
        codaMovement({ detail: "0003", type: "9", amount: "000000000020000" }),
        codaMovement({ detail: "0004", type: "6", amount: "000000000030000" }),
      ]),
    );
    // 100.00 = 70.00 (= 50.00 + 20.00) + 30.00
    expect(statement!.lines.map((line) => line.amount)).toEqual([5000, 2000, 3000]);
    expect(statement!.warnings).toEqual([]);
  });

  it("books a type 7 detail itself when its type 9 details do not add up", () => {
    const [statement] = parseCoda(
      codaStatement([
        codaMovement({ type: "2", amount: "000000000100000" }),
        codaMovement({ detail: "0001", type: "7", amount: "000000000070000" }),
        codaMovement({ detail: "0002", type: "9", amount: "000000000050000" }),
        codaMovement({ detail: "0003", type: "6", amount: "000000000030000" }),
      ]),
    );
    expect(statement!.lines.map((line) => line.amount)).toEqual([7000, 3000]);
    expect(statement!.warnings.map((warning) => warning.where)).toEqual([
      "CODA line 4 (movement 0001.0001)",
    ]);
  });

  it("keeps records of one sequence number that are no total and do not add up as separate movements", () => {
    const [statement] = parseCoda(
      codaStatement([
        codaMovement({ amount: "000000000010000" }),
        codaMovement({ detail: "0001", amount: "000000000020000" }),
      ]),
    );
    expect(statement!.lines.map((line) => line.amount)).toEqual([1000, 2000]);
  });
});
