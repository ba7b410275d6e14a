import { expect, hydrated, test } from "./fixtures.ts";
import {
  addRegistration,
  availabilityWithOptions,
  consoleLogin,
  consoleOrigin,
  signUpNewCustomer,
} from "./helpers.ts";

/** "120 €", "1 234,50 €" → minor units (a whole amount is shown without decimals). */
function minorUnits(text: string): number {
  const [whole = "0", cents = ""] = text.replace(/[^\d,]/g, "").split(",");
  return Number(whole) * 100 + Number(cents.padEnd(2, "0").slice(0, 2));
}

/** A CAMT.053 statement of the demo account with one credit paying `reference`. */
function camt053(reference: string, amount: number): string {
  const id = `E2E-${Date.now()}`;
  return `<?xml version="1.0" encoding="UTF-8"?>
<Document xmlns="urn:iso:std:iso:20022:tech:xsd:camt.053.001.02">
  <BkToCstmrStmt>
    <GrpHdr><MsgId>${id}</MsgId><CreDtTm>2026-11-21T06:00:00</CreDtTm></GrpHdr>
    <Stmt>
      <Id>${id}</Id>
      <Acct><Id><IBAN>BE68539007547034</IBAN></Id><Ccy>EUR</Ccy></Acct>
      <Ntry>
        <Amt Ccy="EUR">${(amount / 100).toFixed(2)}</Amt>
        <CdtDbtInd>CRDT</CdtDbtInd>
        <Sts>BOOK</Sts>
        <BookgDt><Dt>2026-11-20</Dt></BookgDt>
        <AcctSvcrRef>${id}-1</AcctSvcrRef>
        <NtryDtls><TxDtls>
          <RltdPties><Dbtr><Nm>Alix Martin</Nm></Dbtr></RltdPties>
          <RmtInf><Strd><CdtrRefInf><Ref>${reference.replace(/\D/g, "")}</Ref></CdtrRefInf></Strd></RmtInf>
        </TxDtls></NtryDtls>
      </Ntry>
    </Stmt>
  </BkToCstmrStmt>
</Document>`;
}

test("imports a CAMT.053 file that settles a bank-transfer cart", async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 900 });

  // A customer checks out paying by bank transfer: the order owes its whole amount.
  await signUpNewCustomer(page);
  await addRegistration(page, await availabilityWithOptions(page));
  await page.goto("/fr/checkout");
  await hydrated(page);
  await expect(page.getByTestId("payment-DELAYED")).toBeChecked();
  const payable = minorUnits((await page.getByTestId("checkout-payable").textContent()) ?? "");
  expect(payable).toBeGreaterThan(0);
  await page.getByTestId("checkout-terms").check();
  await page.getByTestId("checkout-submit").click();
  await page.waitForURL(/\/fr\/checkout\/[^/]+\/success$/);
  const reference = (await page.getByTestId("success-reference").textContent())!.trim();

  // The owner sees it owing, then imports the bank's statement.
  await consoleLogin(page);
  const outstanding = `${consoleOrigin}/admin/payments/outstanding?q=${encodeURIComponent(reference)}`;
  await page.goto(outstanding);
  await hydrated(page);
  const owing = page
    .getByTestId("outstanding-table")
    .getByRole("row")
    .filter({ hasText: reference });
  await expect(owing).toHaveCount(1);

  const statement = {
    name: "extrait-novembre.xml",
    mimeType: "application/xml",
    buffer: Buffer.from(camt053(reference, payable)),
  };
  await page.goto(`${consoleOrigin}/admin/payments/import`);
  await hydrated(page);
  await page.getByTestId("statement-file").setInputFiles(statement);
  const result = page.getByTestId("import-result");
  await expect(result).toBeVisible();
  await expect(page.getByTestId("import-imported")).toHaveText("1");
  await expect(page.getByTestId("import-matched")).toHaveText("1");
  await expect(page.getByTestId("import-unmatched")).toHaveText("0");
  await expect(result.getByTestId("line-status")).toContainText(reference);

  // Settled: off the outstanding list, and the transfer is among the payments.
  await page.goto(outstanding);
  await hydrated(page);
  await expect(page.getByTestId("outstanding-table").getByTestId("empty-state")).toBeVisible();
  await page.goto(
    `${consoleOrigin}/admin/payments?type=TRANSFER&q=${encodeURIComponent(reference)}`,
  );
  await hydrated(page);
  const row = page.getByTestId("payments-table").getByRole("row").filter({ hasText: reference });
  await expect(row).toHaveCount(1);
  await expect(row.locator('[data-status="RECEIVED"]')).toBeVisible();

  // The same file again changes nothing: its line is known.
  await page.goto(`${consoleOrigin}/admin/payments/import`);
  await hydrated(page);
  await page.getByTestId("statement-file").setInputFiles(statement);
  await expect(page.getByTestId("import-duplicates")).toHaveText("1");
  await expect(page.getByTestId("import-imported")).toHaveText("0");
});
