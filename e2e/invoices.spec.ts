import { readFile } from "node:fs/promises";
import { extractText, getDocumentProxy } from "unpdf";
import { expect, hydrated, test } from "./fixtures.ts";
import { consoleLogin, consoleOrigin } from "./helpers.ts";

// Customer invoices and credit notes (docs/decisions/0074-customer-invoices.md): the demo's
// business customer downloads the invoice of its order; staff credit it from the console.

async function pdfText(path: string): Promise<string> {
  const bytes = await readFile(path);
  expect(bytes.subarray(0, 5).toString("latin1")).toBe("%PDF-");
  const document = await getDocumentProxy(new Uint8Array(bytes));
  const { text } = await extractText(document, { mergePages: true });
  return text.replace(/[\s\u00a0]+/g, " ");
}

test("a customer downloads the invoice of an order: the PDF shows the structured reference", async ({
  page,
}) => {
  await page.setViewportSize({ width: 390, height: 900 });
  await page.goto("/fr/auth/login");
  await hydrated(page);
  await page.fill('[name="email"]', "company@demo.test");
  await page.fill('[name="password"]', "demo1234");
  await page.click('button[type="submit"]');
  await page.waitForURL((url) => !url.pathname.includes("/auth/login"));
  const { data } = (await page.evaluate(async () => (await fetch("/api/invoices")).json())) as {
    data: { cart_cuid: string; number: string }[];
  };
  const invoice = data[0]!;
  await page.goto(`/fr/account/carts/${invoice.cart_cuid}`);
  await hydrated(page);
  const card = page.getByTestId("order-invoices");
  await expect(card).toContainText(`Facture ${invoice.number}`);
  const downloading = page.waitForEvent("download");
  await card.getByTestId("invoice-pdf").first().click();
  const download = await downloading;
  const text = await pdfText((await download.path())!);
  expect(text).toContain(`Facture ${invoice.number}`);
  expect(text).toContain("Brasserie du Parc SRL");
  expect(text).toMatch(/Communication: \+\+\+\d{3}\/\d{4}\/\d{5}\+\+\+/);
  expect(text).toContain("Exemption de TVA, article 44 du Code de la TVA");
});

test("staff issue a credit note on an invoice from the console", async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await consoleLogin(page);
  await page.goto(`${consoleOrigin}/admin/invoices?q=Brasserie&type=INVOICE`);
  await hydrated(page);
  const table = page.getByTestId("invoices-table");
  const row = table.getByRole("row").filter({ hasText: "Brasserie du Parc SRL" }).first();
  await row.getByTestId("credit-invoice").click();
  const dialog = page.getByRole("dialog");
  await dialog.getByTestId("credit-amount").fill("50");
  await dialog.getByTestId("credit-reason").fill("Un chèque-cadeau annulé");
  await dialog.getByTestId("credit-submit").click();
  await expect(page.getByText(/Note de crédit FNC\d{4}-\d{4} émise\./)).toBeVisible();
  await page.goto(`${consoleOrigin}/admin/invoices?q=Brasserie&type=CREDIT_NOTE`);
  await hydrated(page);
  await expect(page.getByTestId("invoices-table")).toContainText("Note de crédit");
  await expect(page.getByTestId("invoices-table")).toContainText("-50 €");
});
