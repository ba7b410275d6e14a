import { expect, hydrated, test } from "./fixtures.ts";
import { consoleApi, consoleLogin, consoleOrigin, signUpNewCustomer } from "./helpers.ts";

// What staff do for a family at their request (issue 17 §4, decision 0104): give a membership,
// which the family's account then shows, and erase the family's data once nothing is owed.
// Each test signs up a customer of its own, so the demo's families stay as the others expect.

async function staffOn(page: import("@playwright/test").Page, email: string) {
  const staff = await page.context().newPage();
  await staff.setViewportSize({ width: 1280, height: 900 });
  await consoleLogin(staff);
  const found = await consoleApi(
    staff,
    "GET",
    `/api/admin/customers?q=${encodeURIComponent(email)}`,
  );
  return { staff, customer: found.data[0] as { cuid: string; fullname: string } };
}

test("staff give a membership and the customer's account shows it", async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  const email = await signUpNewCustomer(page, "/fr", "Abonne");
  const { staff, customer } = await staffOn(page, email);

  await staff.goto(`${consoleOrigin}/admin/customers/${customer.cuid}?tab=owned`);
  await hydrated(staff);
  await staff.getByTestId("give-membership").click();
  const dialog = staff.getByRole("dialog");
  const choice = dialog.getByTestId("give-membership-choice");
  const annual = await choice
    .locator("option", { hasText: "Cotisation annuelle" })
    .getAttribute("value");
  await choice.selectOption(annual!);
  await dialog.getByTestId("give-membership-free").check();
  // Free needs its reason: refused in place until given.
  await staff.getByTestId("give-membership-submit").click();
  await expect(dialog.getByText("Ce champ est obligatoire.")).toBeVisible();
  await dialog.getByTestId("give-membership-reason").fill("Bénévole de l'été");
  await staff.getByTestId("give-membership-submit").click();
  await expect(staff.getByText("Abonnement donné.")).toBeVisible();
  const row = staff
    .getByTestId("customer-memberships")
    .getByRole("row")
    .filter({ hasText: "Cotisation annuelle" });
  await expect(row).toContainText(/0\s€\s\/\s0\s€/);

  // The family's account lists it as theirs, active.
  await page.goto("/fr/account/memberships");
  await hydrated(page);
  await expect(page.getByText("Cotisation annuelle")).toBeVisible();
});

test("staff erase a customer once nothing is owed; the page then shows the record without a name", async ({
  page,
}) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  const email = await signUpNewCustomer(page, "/fr", "Efface");
  const { staff, customer } = await staffOn(page, email);
  await consoleApi(staff, "POST", `/api/admin/customers/${customer.cuid}/wallet`, {
    direction: "CREDIT",
    amount: 1_000,
    reason: "Avance",
  });

  await staff.goto(`${consoleOrigin}/admin/customers/${customer.cuid}`);
  await hydrated(staff);
  await staff.getByTestId("erase-customer").click();
  const submit = staff.getByTestId("erase-submit");
  // The button waits for the full name, typed as the account's own deletion asks it.
  await staff.getByTestId("erase-confirmation").fill("Alix");
  await expect(submit).toBeDisabled();
  await staff.getByTestId("erase-confirmation").fill(customer.fullname.toLowerCase());
  await submit.click();
  // Money in the wallet: refused, saying what to do first.
  await expect(staff.getByText(/remboursez-le ou débitez-le avant d'effacer/)).toBeVisible();

  await consoleApi(staff, "POST", `/api/admin/customers/${customer.cuid}/wallet`, {
    direction: "DEBIT",
    amount: 1_000,
    reason: "Remboursé en espèces",
  });
  await submit.click();
  await expect(staff.getByText("Les données du client ont été effacées.")).toBeVisible();
  await expect(staff.getByRole("heading", { level: 1 })).toHaveText("Deleted customer");
  await expect(staff.getByText("Compte supprimé")).toBeVisible();
  await expect(staff.getByTestId("erase-customer")).toHaveCount(0);

  // The family's session is closed.
  await page.goto("/fr/account/profile");
  await expect(page).toHaveURL(/\/auth\/login/);
});

test("on a phone, the customer page's tab row shows the current tab", async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await consoleLogin(page);
  const found = await consoleApi(page, "GET", "/api/admin/customers?q=parent%40demo.test");
  await page.goto(`${consoleOrigin}/admin/customers/${found.data[0].cuid}?tab=notes`);
  await hydrated(page);
  const tab = page.getByTestId("tab-notes");
  await expect(tab).toBeInViewport();
  await tab.page().getByTestId("tab-overview").click();
  await expect(page.getByTestId("tab-overview")).toBeInViewport();
});
