import { readFileSync } from "node:fs";
import path from "node:path";
import { bankStatementLines, bankStatements } from "@booking/db";
import { and, eq, sql } from "@booking/db/orm";
import { parseBankStatementFile } from "@booking/domain";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { camt053, type StatementEntry, uploadStatement } from "./bank-statement-files.ts";
import { consoleLogin, DEMO_OWNER_EMAIL } from "./console-fixtures.ts";
import { type Client, createTestApp, type TestApp } from "./harness.ts";

// Issue 12, through the console's import call: a movement is identified by its account, its
// statement's number and its place in it (decision 0038) — nothing lost, nothing counted twice,
// even when imported by concurrent requests; CODA totals book one level; doubtful files are
// imported with warnings, lines kept for review; balances checked and gaps and overlaps flagged.

let t: TestApp;
let owner: Client;

const corpus = (name: string) =>
  readFileSync(
    path.join(import.meta.dirname, "../../../packages/domain/test/fixtures/corpus", name),
  );
const upload = (name: string, content: string | Buffer) =>
  uploadStatement(t.app, owner, name, Buffer.isBuffer(content) ? content : Buffer.from(content));

/** An account of its own per test, so that statement numbers never meet. */
const ACCOUNTS = [
  "BE71096123456769",
  "BE02363098765440",
  "BE42001654321054",
  "BE73735012345660",
  "BE68539007547034",
];

type Line = {
  cuid: string;
  amount: number;
  exact_amount: string | null;
  review: string | null;
  status: string;
  reason: string | null;
  position: string | null;
};

beforeAll(async () => {
  t = await createTestApp();
  owner = await consoleLogin(t.app, DEMO_OWNER_EMAIL);
});
afterAll(() => t.close());

describe("two movements sharing the bank's reference", () => {
  const shared: StatementEntry[] = [
    { amount: 153_700, bankReference: "200314CH0AAA1234", communication: "Camp Lena" },
    { amount: 169_222, bankReference: "200314CH0AAA1234", communication: "Camp Noé" },
  ];
  const file = camt053(shared, { iban: ACCOUNTS[0], number: "61" });

  it("are both stored, and a second import stores nothing", async () => {
    const first = await upload("postfinance.xml", file);
    expect(first.statusCode, first.body).toBe(201);
    expect(first.json()).toMatchObject({ read: 2, imported: 2, duplicates: 0 });
    expect(first.json().lines.map((line: Line) => line.amount)).toEqual([153_700, 169_222]);
    expect(first.json().lines.map((line: Line) => line.position)).toEqual([
      "Stmt 1 Ntry 1",
      "Stmt 1 Ntry 2",
    ]);
    const again = await upload("postfinance.xml", file);
    expect(again.json()).toMatchObject({ read: 2, imported: 0, duplicates: 2, statements: [] });
  });

  it("stored before the statement's number counted (legacy rows), are taken over once and the lost one is stored", async () => {
    const file2 = camt053(shared, { iban: ACCOUNTS[0], number: "62" });
    const [statement] = parseBankStatementFile(file2);
    // As the import stored them before: the first line under its reference, the second lost.
    const first = await upload("ancien.xml", file2);
    const [kept, lost] = first.json().lines as Line[];
    await t.db.delete(bankStatementLines).where(eq(bankStatementLines.cuid, lost!.cuid));
    await t.db
      .update(bankStatementLines)
      .set({
        fingerprint: "stored-before",
        legacyFingerprint: statement!.lines[0]!.legacyFingerprint,
      })
      .where(eq(bankStatementLines.cuid, kept!.cuid));

    const again = await upload("ancien.xml", file2);
    expect(again.json()).toMatchObject({ read: 2, imported: 1, duplicates: 1 });
    expect(again.json().lines.map((line: Line) => line.amount)).toEqual([169_222]);
    const [row] = await t.db
      .select()
      .from(bankStatementLines)
      .where(eq(bankStatementLines.cuid, kept!.cuid));
    expect(row).toMatchObject({
      fingerprint: statement!.lines[0]!.fingerprint,
      legacyFingerprint: null,
    });
    const third = await upload("ancien.xml", file2);
    expect(third.json()).toMatchObject({ imported: 0, duplicates: 2 });
  });
});

describe("any statement file imported twice through the console", () => {
  it("stores every movement the first time, even all sharing one reference, and nothing the second", async () => {
    let number = 1000;
    await fc.assert(
      fc.asyncProperty(
        fc.array(
          fc.record({
            amount: fc.integer({ min: -500_000, max: 500_000 }).filter((value) => value !== 0),
            shared: fc.boolean(),
          }),
          { minLength: 1, maxLength: 8 },
        ),
        async (movements) => {
          number += 1;
          const entries = movements.map((movement, index) => ({
            amount: movement.amount,
            bankReference: movement.shared ? "SHARED" : `OWN-${number}-${index}`,
            communication: "Paiement",
          }));
          const file = camt053(entries, { iban: ACCOUNTS[4], number: String(number) });
          const first = await upload("propriete.xml", file);
          expect(first.json()).toMatchObject({ imported: entries.length, duplicates: 0 });
          expect(first.json().statements[0].balance_check).toBe("BALANCED");
          const again = await upload("propriete.xml", file);
          expect(again.json()).toMatchObject({ imported: 0, duplicates: entries.length });
        },
      ),
      { numRuns: 15 },
    );
  });
});

describe("the same file imported by concurrent requests", () => {
  it("stores each movement once and the statement once", async () => {
    const entries = Array.from({ length: 12 }, (_, index) => ({
      amount: 1_000 + index,
      bankReference: "ONE-REFERENCE",
      communication: `Paiement ${index}`,
    }));
    const file = camt053(entries, { iban: ACCOUNTS[1], number: "7" });
    const responses = await Promise.all(
      Array.from({ length: 4 }, () => upload("concurrent.xml", file)),
    );
    for (const response of responses) expect(response.statusCode, response.body).toBe(201);
    const imported = responses.map((response) => response.json().imported as number);
    expect(imported.reduce((sum, count) => sum + count, 0)).toBe(12);
    expect(imported.filter((count) => count > 0)).toEqual([12]);
    const stored = await t.db
      .select({ count: sql<number>`count(*)::int` })
      .from(bankStatementLines)
      .innerJoin(
        bankStatements,
        and(
          eq(bankStatements.id, bankStatementLines.statementId),
          eq(bankStatements.accountIban, ACCOUNTS[1]!),
        ),
      );
    expect(stored[0]!.count).toBe(12);
    const statements = await t.db
      .select()
      .from(bankStatements)
      .where(eq(bankStatements.accountIban, ACCOUNTS[1]!));
    expect(statements).toHaveLength(1);
  });
});

describe("a CODA file of batch payments with globalisation codes", () => {
  it("books one level of each total, keeps a third decimal for review and checks its balances", async () => {
    const response = await upload("kbc.cod", corpus("coda-batch-globalisation.cod"));
    expect(response.statusCode, response.body).toBe(201);
    const result = response.json();
    const lines = result.lines as Line[];
    expect(lines.map((line) => line.amount)).toEqual([
      -5_000, -2_500, 12_000, -47_904, -47_904, 3_500, 2_500, 4_000, 100,
    ]);
    // the batch of −75.00 nets −75.00
    expect(lines[0]!.amount + lines[1]!.amount).toBe(-7_500);
    expect(lines[8]).toMatchObject({
      exact_amount: "1.005",
      review: "SUB_MINOR_AMOUNT",
      status: "UNMATCHED",
      reason: null,
    });
    expect(result).toMatchObject({ read: 9, imported: 9, review: 1 });
    expect(result.statements[0]).toMatchObject({
      statement_key: "2024/072",
      balance_check: "BALANCED",
      balance_difference: null,
      opening_balance: { amount: 150_000, exact_amount: null },
      closing_balance: { amount: 68_792, exact_amount: "687.925" },
    });
    expect(result.statements[0].warnings.map((w: { code: string }) => w.code)).toEqual([
      "SUB_MINOR_AMOUNT",
    ]);
  });
});

describe("doubtful files", () => {
  it("a wrong IBAN check digit, a third decimal and a closing balance that does not add up: imported with warnings", async () => {
    const response = await upload("sandbox.xml", corpus("camt053-v04-invalid-iban.xml"));
    expect(response.statusCode, response.body).toBe(201);
    const [statement] = response.json().statements;
    expect(statement).toMatchObject({
      account_iban: "DE88370400440532013000",
      balance_check: "UNBALANCED",
      balance_difference: "-10.00",
    });
    expect(
      statement.warnings.map((w: { code: string; where: string }) => [w.code, w.where]),
    ).toEqual([
      ["INVALID_ACCOUNT_IBAN", "Stmt 1 Acct/Id/IBAN"],
      ["SUB_MINOR_AMOUNT", "Stmt 1 Ntry 2 Amt"],
    ]);
    const detail = await owner.get(`/api/admin/bank-statements/${statement.cuid}`);
    expect(detail.json()).toMatchObject({
      balance_check: "UNBALANCED",
      warnings: statement.warnings,
    });
    expect(detail.json().lines[1]).toMatchObject({
      exact_amount: "20.005",
      review: "SUB_MINOR_AMOUNT",
    });
  });

  it("a line kept for review is never matched, even with a cart's reference", async () => {
    const owing = await owner.get("/api/admin/outstanding?page_size=5");
    const [cart] = owing.json().data as Array<{ reference: string; amount_due: number }>;
    const file = camt053(
      [{ amount: 1_234, bankReference: "REVIEW-1", structured: cart!.reference }],
      { iban: ACCOUNTS[2], number: "1" },
    ).replaceAll(">12.34</Amt>", ">12.345</Amt>");
    const response = await upload("revue.xml", file);
    expect(response.statusCode, response.body).toBe(201);
    expect(response.json()).toMatchObject({ imported: 1, matched: 0, unmatched: 1, review: 1 });
    expect(response.json().lines[0]).toMatchObject({
      amount: 1_234,
      exact_amount: "12.345",
      status: "UNMATCHED",
      review: "SUB_MINOR_AMOUNT",
    });
    const after = await owner.get("/api/admin/outstanding?page_size=5");
    expect(after.json().data[0]).toMatchObject({
      reference: cart!.reference,
      amount_due: cart!.amount_due,
    });
  });

  it("a file that cannot be read is refused, naming the file, statement, entry and field", async () => {
    const broken = camt053([{ amount: 100, bankReference: "B1" }], { number: "2" }).replace(
      "<CdtDbtInd>CRDT</CdtDbtInd>\n      <Sts>",
      "<CdtDbtInd>CREDIT</CdtDbtInd>\n      <Sts>",
    );
    const response = await upload("broken.xml", broken);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      error: "BANK_STATEMENT_INVALID",
      detail: 'broken.xml: Stmt 1 Ntry 1 CdtDbtInd: "CREDIT" is not CRDT or DBIT',
    });
  });
});

describe("statements of one account", () => {
  const account = ACCOUNTS[3]!;
  const entry = (amount: number, day = "2026-11-20"): StatementEntry => ({
    amount,
    bankReference: `R-${amount}`,
    bookingDate: day,
    communication: "Paiement",
  });

  it("are flagged when one does not open where the previous closed, or when their periods overlap", async () => {
    const tenth = await upload(
      "10.xml",
      camt053([entry(10_000, "2026-11-19")], { iban: account, number: "10", opening: 0 }),
    );
    expect(tenth.json().statements[0]).toMatchObject({ balance_check: "BALANCED", warnings: [] });

    // statement 12 opens at 50.00, statement 10 closed at 100.00: a statement is missing
    const twelfth = await upload(
      "12.xml",
      camt053([entry(2_000)], { iban: account, number: "12", opening: 5_000 }),
    );
    expect(twelfth.json().statements[0].warnings).toEqual([
      {
        code: "BALANCE_GAP",
        where: "opening balance",
        detail: `opens at 50.00 EUR; the previous statement 2026/10 (STMT-1) closed at 100.00 EUR`,
      },
    ]);

    // a monthly statement over both, which does not open where statement 12 closed either
    const month = await upload(
      "novembre.xml",
      camt053([entry(3_000, "2026-11-20")], {
        iban: account,
        number: "300",
        opening: 0,
        statementId: "MONTH",
        period: { from: "2026-11-01", to: "2026-11-30" },
      }),
    );
    const codes = month.json().statements[0].warnings.map((w: { code: string }) => w.code);
    expect(codes).toEqual(["PERIOD_OVERLAP", "PERIOD_OVERLAP", "BALANCE_GAP"]);

    const list = await owner.get("/api/admin/bank-statements?page_size=100");
    const flagged = list
      .json()
      .data.filter((row: { account_iban: string }) => row.account_iban === account)
      .map((row: { statement_key: string; warnings: unknown[] }) => [
        row.statement_key,
        row.warnings.length,
      ]);
    expect(flagged).toEqual([
      ["2026/300", 3],
      ["2026/12", 1],
      ["2026/10", 0],
    ]);
  });
});
