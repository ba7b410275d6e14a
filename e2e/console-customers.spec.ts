import type { Page } from "@playwright/test";
import { expect, hydrated, test } from "./fixtures.ts";
import { consoleLogin, consoleOrigin } from "./helpers.ts";

/** Creates a customer from the console's form; answers the page's URL (their record). */
async function createCustomer(
  page: Page,
  values: { firstname: string; lastname: string; email: string },
) {
  await page.goto(`${consoleOrigin}/admin/customers`);
  await hydrated(page);
  await page.getByTestId("new-customer").click();
  await page.waitForURL((url) => url.pathname === "/admin/customers/new");
  await hydrated(page);
  const form = page.getByTestId("customer-form");
  await form.getByLabel(/^prénom/i).fill(values.firstname);
  await form.getByLabel(/^nom/i).fill(values.lastname);
  await form.getByLabel(/e-mail/i).fill(values.email);
  await form.getByLabel(/téléphone/i).fill("+32 470 98 76 54");
  await page.getByTestId("customer-submit").click();
  await page.waitForURL(/\/admin\/customers\/[a-z0-9]+$/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(
    `${values.firstname} ${values.lastname}`,
  );
  return page.url();
}

test("the owner finds a customer, credits the wallet with a reason and writes a note", async ({
  page,
}) => {
  await consoleLogin(page);
  await page.goto(`${consoleOrigin}/admin/customers`);
  await hydrated(page);
  await page.getByPlaceholder(/nom, e-mail ou téléphone/i).fill("0478 98");
  await page.keyboard.press("Enter");
  const table = page.getByTestId("customers-table");
  await table.getByRole("link", { name: /PEETERS Sophie/ }).click();
  await page.waitForURL(/\/admin\/customers\/[a-z0-9]+$/);
  await hydrated(page);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Sophie Peeters");

  await page.getByTestId("adjust-wallet").click();
  const dialog = page.getByRole("dialog");
  await dialog.getByLabel(/montant/i).fill("12,50");
  await dialog.getByLabel(/motif/i).fill("Stage annulé pour météo");
  await page.getByTestId("wallet-submit").click();
  await expect(page.getByText(/Portefeuille mis à jour/)).toBeVisible();
  await page.getByTestId("tab-wallet").click();
  const movement = page
    .getByTestId("wallet-movements")
    .getByRole("row")
    .filter({ hasText: "Stage annulé pour météo" });
  await expect(movement).toContainText(/12,50\s€/);

  // A debit above the wallet is refused on the amount.
  await page.getByTestId("adjust-wallet").click();
  await dialog.getByLabel(/débiter/i).check();
  await dialog.getByLabel(/montant/i).fill("100000");
  await dialog.getByLabel(/motif/i).fill("Erreur");
  await page.getByTestId("wallet-submit").click();
  await expect(dialog.getByRole("alert")).toBeVisible();
  await page.keyboard.press("Escape");

  await page.getByTestId("tab-notes").click();
  await hydrated(page);
  await page.getByTestId("note-body").fill("Préfère être appelée après 18 h.");
  await page.getByTestId("note-submit").click();
  await expect(page.getByTestId("customer-note")).toContainText("Préfère être appelée après 18 h.");
});

test("the owner creates two records of the same person and merges them", async ({ page }) => {
  await consoleLogin(page);
  const kept = await createCustomer(page, {
    firstname: "Inès",
    lastname: "Fusion",
    email: "ines.fusion@example.org",
  });
  await createCustomer(page, {
    firstname: "Ines",
    lastname: "Fusion",
    email: "ines.f@example.org",
  });

  await page.goto(kept);
  await hydrated(page);
  await page.getByTestId("merge-customer").click();
  await page.getByTestId("merge-search").fill("ines.f@");
  await page.keyboard.press("Enter");
  await page.getByTestId("merge-choose").first().click();
  await expect(page.getByTestId("merge-preview")).toContainText(
    "Passe de Ines Fusion à Inès Fusion",
  );
  await page.getByTestId("merge-confirm").click();
  await expect(page.getByText("Clients fusionnés")).toBeVisible();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Inès Fusion");

  await page.goto(`${consoleOrigin}/admin/customers?q=Fusion`);
  await expect(
    page.getByTestId("customers-table").getByRole("link", { name: /FUSION/ }),
  ).toHaveCount(1);
});

test("the owner filters participants by age and opens a customer's account as them", async ({
  page,
  context,
}) => {
  await consoleLogin(page);
  await page.goto(`${consoleOrigin}/admin/participants?q=Dubois`);
  await hydrated(page);
  const ages = page.getByTestId("age-filter");
  await ages.getByLabel(/âge de/i).fill("9");
  await ages.getByRole("button").click();
  const table = page.getByTestId("participants-table");
  await expect(table.getByRole("link", { name: /DUBOIS Hugo/ })).toBeVisible();
  await expect(table.getByRole("link", { name: /DUBOIS Léa/ })).toHaveCount(0);

  await table.getByRole("link", { name: "Camille Dubois" }).click();
  await page.waitForURL(/\/admin\/customers\/[a-z0-9]+$/);
  await hydrated(page);
  await page.getByTestId("impersonate-customer").click();
  const [account] = await Promise.all([
    context.waitForEvent("page"),
    page.getByTestId("confirm-action").click(),
  ]);
  await account.waitForURL(/demo\.localhost:\d+\/fr\/account/);
  await expect(account.getByText("Camille").first()).toBeVisible();
});
