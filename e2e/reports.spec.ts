import type { ReportView } from "@booking/contracts";
import { readSheet } from "read-excel-file/node";
import { expect, hydrated, test } from "./fixtures.ts";
import { consoleApi, consoleLogin } from "./helpers.ts";

// Issue 17 §1: an organiser reads the sales report from the sidebar, changes its period and
// exports a table as XLSX, whose rows add up to the figure the page shows.

const revenueOf = (view: ReportView) =>
  view.summary.find((figure) => figure.key === "revenue")!.value ?? 0;

test("the owner reads the sales report, changes its period and exports it as XLSX", async ({
  page,
}) => {
  await consoleLogin(page);
  await page.getByRole("link", { name: "Rapports" }).first().click();
  await page.waitForURL(/\/admin\/reports\/participation$/);
  await page.getByRole("link", { name: "Ventes" }).click();
  await page.waitForURL(/\/admin\/reports\/sales$/);
  await hydrated(page);
  await expect(page.getByRole("heading", { level: 1, name: "Ventes" })).toBeVisible();

  // The last 30 days hold the demo's orders of today.
  const recent: ReportView = await consoleApi(page, "GET", "/api/admin/reports/sales");
  expect(revenueOf(recent)).toBeGreaterThan(0);
  await expect(page.getByTestId("figure-revenue")).not.toContainText(/affaires0\s*€/);
  await expect(page.locator("canvas")).toBeVisible();

  // A month a year ago sold nothing; the previous period is the month before it.
  const filters = page.getByTestId("report-filters");
  await filters.getByLabel("Du").fill("2025-06-01");
  await filters.getByLabel("Au").fill("2025-06-30");
  await filters.getByRole("button", { name: "Appliquer" }).click();
  await page.waitForURL(/from=2025-06-01.*to=2025-06-30/);
  await expect(page.getByTestId("report-period")).toContainText("2 mai 2025");
  await expect(page.getByTestId("figure-revenue")).toContainText(/affaires0\s*€/);
  await expect(page.getByTestId("report-table-by_activity")).toContainText(
    "Rien sur cette période",
  );

  // Back to the recent period, then the table "by activity" as Excel.
  const today = recent.period.to;
  await filters.getByLabel("Du").fill(recent.period.from);
  await filters.getByLabel("Au").fill(today);
  await filters.getByRole("button", { name: "Appliquer" }).click();
  await page.waitForURL(new RegExp(`to=${today}`));
  const downloading = page.waitForEvent("download");
  await page.getByTestId("export-by_activity-xlsx").click();
  const download = await downloading;
  expect(download.suggestedFilename()).toBe(`sales-by-activity-${today}.xlsx`);
  const sheet = await readSheet((await download.path())!);
  expect(sheet[0]).toEqual([
    "Type de produit",
    "Intitulé",
    "Nombre",
    "Prix catalogue",
    "Réductions",
    "Montant",
  ]);
  const amounts = sheet.slice(1).map((row) => Number(row[5]));
  expect(amounts.length).toBeGreaterThan(0);
  const total = amounts.reduce((sum, amount) => sum + amount, 0);
  expect(Math.round(total * 100)).toBe(revenueOf(recent));
});
