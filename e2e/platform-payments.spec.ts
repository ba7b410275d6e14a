import { expect, hydrated, test } from "./fixtures.ts";
import { consoleLogin, consoleOrigin } from "./helpers.ts";
import { operatorLogin, serverSql } from "./operator-helpers.ts";

// The platform's billing, its paying and operators' side (issue 16 §3; decision 0082): the
// demo's owner pays its overdue platform invoice online against the test provider, then an
// operator adjusts the demo's prices and reruns its closed month (nothing changes).

const SHOTS = process.env.BILLING_SHOTS;

async function shoot(page: import("@playwright/test").Page, name: string) {
  if (!SHOTS) return;
  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: width === 390 ? 844 : 900 });
    await page.screenshot({ path: `${SHOTS}/${name}-${width}.png`, fullPage: true });
  }
  await page.setViewportSize({ width: 1280, height: 900 });
}

test("the owner sees the overdue banner on every page and pays the platform invoice online", async ({
  page,
}) => {
  // Only time makes an invoice overdue: its due date moved 20 days back (the delay is 14).
  const moved = await serverSql(
    `update platform_invoices set due_at = now() - interval '20 days'
      where paid_at is null and organiser_id = (select id from organisers where slug = 'demo')`,
  );
  expect(moved.rowCount).toBeGreaterThan(0);
  await page.setViewportSize({ width: 1280, height: 900 });
  await consoleLogin(page);
  await page.goto(`${consoleOrigin}/admin/customers`);
  await hydrated(page);
  const banner = page.getByTestId("billing-overdue-banner");
  await expect(banner).toContainText("Une facture de la plateforme est en retard de paiement.");
  await shoot(page, "overdue-banner-fr");
  await banner.getByRole("link", { name: "Payer maintenant" }).click();
  await page.waitForURL((url) => url.pathname === "/admin/settings/billing");
  await hydrated(page);
  await expect(page.getByTestId("billing-overdue")).toBeVisible();
  await shoot(page, "billing-overdue-fr");

  const invoices = page.getByTestId("billing-invoices");
  const row = invoices.getByRole("listitem").filter({ hasText: "En retard" }).first();
  const number = (await row.getByText(/^P-\d{4}-\d{5}$/).textContent())!;
  await row.getByRole("button", { name: "Payer en ligne" }).click();
  await page.waitForURL(/\/platform-payments\/test\/[\w-]+$/);
  await expect(page.getByRole("heading", { name: "Paiement de test" })).toBeVisible();
  await page.getByRole("button", { name: "Payer" }).click();

  await page.waitForURL((url) => url.pathname === "/admin/settings/billing");
  expect(new URL(page.url()).searchParams.get("payment")).toBeTruthy();
  await hydrated(page);
  await expect(page.getByTestId("billing-payment-notice")).toHaveText(
    `Merci : la facture ${number} est payée.`,
  );
  const paid = invoices.getByRole("listitem").filter({ hasText: number });
  await expect(paid).toContainText("Payée le");
  await expect(paid.getByRole("button", { name: "Payer en ligne" })).toHaveCount(0);
  await expect(page.getByTestId("billing-overdue")).toHaveCount(0);
  await expect(page.getByTestId("billing-overdue-banner")).toHaveCount(0);
  await shoot(page, "billing-paid-fr");
});

test("an operator adjusts the demo's registration price, reruns its closed month and finds its invoice paid", async ({
  page,
}) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await operatorLogin(page, `operator-billing-${Date.now()}@platform.test`);
  const { rows } = await serverSql("select cuid, name from organisers where slug = 'demo'");
  await page.goto(`${consoleOrigin}/admin/platform/organisers/${rows[0].cuid}`);
  await hydrated(page);
  const billing = page.getByTestId("platform-billing");
  await expect(billing.getByTestId("platform-billing-usage")).toBeVisible();

  const price = page.locator('[name="registrations.unit"]');
  await expect(price).toHaveValue("0.5");
  await price.fill("0.6");
  await page.getByTestId("save-billing").click();
  await expect(page.locator("[data-sonner-toast]").first()).toBeVisible();
  await page.reload();
  await hydrated(page);
  await expect(price).toHaveValue("0.6");
  await expect(page.getByTestId("platform-history")).toContainText(/Billing prices changed|Tarifs/);

  // The newest ended month is the demo's closed one: rerunning it changes nothing.
  const cycles = page.getByTestId("platform-billing-cycles");
  const month = await cycles.locator('select[name="month"]').inputValue();
  await page.getByTestId("rerun-cycle").click();
  await expect(
    page.locator("[data-sonner-toast]").filter({ hasText: month }).first(),
  ).toContainText(/nothing changed|rien n’a changé/);
  await expect(cycles.getByRole("listitem").filter({ hasText: month })).toContainText(
    /Invoiced|Facturée/,
  );
  await shoot(page, "operator-organiser");

  // Every organiser's invoices: the demo's, paid in the test before.
  await page.getByRole("link", { name: /^(Invoices|Factures)$/ }).click();
  await page.waitForURL((url) => url.pathname === "/admin/platform/invoices");
  await hydrated(page);
  const list = page.getByTestId("platform-invoices");
  await expect(list.getByRole("link", { name: rows[0].name }).first()).toBeVisible();
  await page.getByLabel(/^(Status|Statut)$/).selectOption("PAID");
  await page.waitForURL((url) => url.searchParams.get("status") === "PAID");
  await expect(list.getByRole("row").filter({ hasText: rows[0].name }).first()).toContainText(
    /Paid|Payée/,
  );
  await shoot(page, "operator-invoices");

  // Back to the demo's own price, for the other tests.
  await page.goto(`${consoleOrigin}/admin/platform/organisers/${rows[0].cuid}`);
  await hydrated(page);
  await price.fill("0.5");
  await page.getByTestId("save-billing").click();
  await expect(page.locator("[data-sonner-toast]").first()).toBeVisible();
});
