import { expect, hydrated, test } from "./fixtures.ts";
import { consoleLogin, consoleOrigin } from "./helpers.ts";

// The organiser's Billing page (decision 0078): the demo's closed cycle made by the cycle service.
test("the owner sees the period's usage and downloads the platform invoice of the last month", async ({
  page,
}) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await consoleLogin(page);
  await page.goto(`${consoleOrigin}/admin/settings/billing`);
  await hydrated(page);
  await expect(page.getByTestId("billing-cycle")).toBeVisible();
  await expect(page.getByTestId("billing-so-far")).toContainText("€");
  await expect(page.getByTestId("billing-referral").getByRole("textbox")).toHaveValue(
    /\/fr\/signup\?ref=demo$/,
  );
  const invoices = page.getByTestId("billing-invoices");
  await expect(invoices.getByText(/^P-\d{4}-\d{5}$/)).toBeVisible();
  if (process.env.BILLING_SHOTS) {
    await page.screenshot({
      path: `${process.env.BILLING_SHOTS}/billing-fr-1280.png`,
      fullPage: true,
    });
  }
  const download = page.waitForEvent("download");
  await invoices.getByRole("link", { name: "PDF" }).first().click();
  const file = await download;
  expect(file.suggestedFilename()).toMatch(/^P-\d{4}-\d{5}\.pdf$/);
  const path = await file.path();
  const { readFileSync } = await import("node:fs");
  expect(readFileSync(path).subarray(0, 5).toString()).toBe("%PDF-");
  // On a phone the settings' tabs scroll sideways: the last one, this page's, is brought into view.
  await page.setViewportSize({ width: 390, height: 844 });
  await page.reload();
  await hydrated(page);
  const tab = page
    .getByRole("navigation", { name: "Sections des paramètres" })
    .getByRole("link", { name: "Facturation" });
  await expect(tab).toHaveAttribute("aria-current", "page");
  await expect(tab).toBeInViewport({ ratio: 1 });
  if (process.env.BILLING_SHOTS) {
    const { copyFileSync } = await import("node:fs");
    copyFileSync(path, `${process.env.BILLING_SHOTS}/invoice.pdf`);
    await page.screenshot({
      path: `${process.env.BILLING_SHOTS}/billing-fr-390.png`,
      fullPage: true,
    });
  }
});
