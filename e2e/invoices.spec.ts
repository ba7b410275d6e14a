import { readFile } from "node:fs/promises";
import { extractText, getDocumentProxy } from "unpdf";
import { expect, hydrated, test } from "./fixtures.ts";
import { consoleApi, consoleLogin, consoleOrigin, login } from "./helpers.ts";

// Customer invoices and credit notes (docs/decisions/0074-customer-invoices.md): the demo's
// business customer downloads the invoice of its order; staff credit it from the console; a
// family asks for the invoice of a booking share and staff open its page (decision 0083).

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

const SHOTS = process.env.INVOICE_SHOTS;

test("a family asks for the invoice of a court staff booked for them; staff open it in the console", async ({
  page,
}) => {
  await consoleLogin(page);
  const settings = await consoleApi(page, "GET", "/api/admin/invoices/settings");
  const { legal_mention: _, ...body } = settings;
  await consoleApi(page, "PUT", "/api/admin/invoices/settings", {
    ...body,
    issue_on: "ON_REQUEST",
  });
  const resource = await consoleApi(page, "POST", "/api/admin/resources", {
    name: `Court facturé ${Date.now().toString(36)}`,
    description: "",
    booking_days_ahead: 14,
    opening_hours: [1, 2, 3, 4, 5, 6, 7].map((weekday) => ({
      weekday,
      start: "09:00",
      end: "12:00",
      prices: [{ duration: 3600, amount: 1_800 }],
    })),
  });
  const found = await consoleApi(page, "GET", "/api/admin/customers?q=parent%40demo.test");
  const customer = found.data[0].cuid as string;
  const detail = await consoleApi(page, "GET", `/api/admin/customers/${customer}`);
  const day = new Intl.DateTimeFormat("en-CA", { timeZone: "Europe/Brussels" }).format(
    new Date(Date.now() + 4 * 86_400_000),
  );
  const start = new Date(`${day}T09:00:00+01:00`);
  const booking = await consoleApi(page, "POST", `/api/admin/resources/${resource.cuid}/bookings`, {
    customer,
    participant: detail.participants[0].cuid,
    start_at: start.toISOString(),
    end_at: new Date(start.getTime() + 3_600_000).toISOString(),
  });

  await login(page);
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto(`/fr/account/bookings/${booking.cuid}`);
  await hydrated(page);
  await page.getByTestId("request-invoice").click();
  const card = page.getByTestId("order-invoices");
  await expect(card).toContainText(/Facture F\S+/);
  const number = (await card.locator("li").first().textContent())!.match(/F(?:\d{4})?-\d{4}/)![0];
  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: 900 });
    for (const language of ["fr", "en"]) {
      await page.goto(`/${language}/account/bookings/${booking.cuid}`);
      await hydrated(page);
      await expect(page.getByTestId("order-invoices")).toContainText(number);
      if (SHOTS)
        await page.screenshot({
          path: `${SHOTS}/booking-${language}-${width}.png`,
          fullPage: true,
        });
    }
  }

  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto(`${consoleOrigin}/admin/invoices?q=${number}`);
  await hydrated(page);
  const row = page.getByTestId("invoices-table").getByRole("row").filter({ hasText: number });
  await expect(row.getByTestId("invoice-source")).toHaveText("Part de réservation");
  if (SHOTS) {
    await page.screenshot({ path: `${SHOTS}/console-list-1280.png`, fullPage: true });
    await page.setViewportSize({ width: 390, height: 900 });
    await page.screenshot({ path: `${SHOTS}/console-list-390.png`, fullPage: true });
    await page.setViewportSize({ width: 1280, height: 900 });
  }
  await row.getByRole("link", { name: number }).click();
  await page.waitForURL(/\/admin\/invoices\/[a-z0-9]+$/);
  await hydrated(page);
  await expect(page.getByTestId("invoice-facts")).toContainText("Part de réservation");
  await expect(
    page.getByText("Client particulier : pas de facture électronique Peppol."),
  ).toBeVisible();
  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: 900 });
    if (SHOTS)
      await page.screenshot({ path: `${SHOTS}/console-detail-${width}.png`, fullPage: true });
  }
  await consoleApi(page, "PUT", "/api/admin/invoices/settings", body);
});
