import { expect, expectConsoleError, hydrated, test } from "./fixtures.ts";
import { consoleLogin, consoleOrigin } from "./helpers.ts";

const DEMO_IBAN = "BE68539007547034";

test("the owner sees the dashboard, changes the carts delay and the IBAN (a wrong one is refused on its field)", async ({
  page,
  consoleErrors,
}) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await consoleLogin(page);

  // The home is the dashboard: the week's figures and sessions.
  for (const stat of ["stat-today", "stat-week", "stat-registrations", "stat-outstanding"]) {
    await expect(page.getByTestId(stat)).toBeVisible();
  }
  await expect(page.getByRole("heading", { name: "Les séances de la semaine" })).toBeVisible();
  await expect(page.getByRole("heading", { name: "Dernières inscriptions" })).toBeVisible();

  // Settings open on their first section.
  await page.getByRole("link", { name: "Paramètres" }).click();
  await page.waitForURL(`${consoleOrigin}/admin/settings/account`);
  await hydrated(page);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Paramètres");

  // Preferences: places stay 30 minutes in a cart.
  await page.getByRole("link", { name: "Préférences" }).click();
  await page.waitForURL(/\/admin\/settings\/preferences$/);
  await hydrated(page);
  const delay = page.getByTestId("carts-expiration-delay");
  await expect(delay).toHaveValue("15");
  await delay.fill("30");
  await page.getByTestId("preferences-form-save").click();
  await expect(page.getByText("Paramètres enregistrés")).toBeVisible();
  await page.reload();
  await hydrated(page);
  await expect(page.getByTestId("carts-expiration-delay")).toHaveValue("30");

  // Business: an IBAN with a typo is refused on its field, a right one is kept compact.
  await page.getByRole("link", { name: "Entreprise" }).click();
  await page.waitForURL(/\/admin\/settings\/business$/);
  await hydrated(page);
  const iban = page.getByTestId("business-iban");
  await expect(iban).toHaveValue(DEMO_IBAN);
  await iban.fill("BE68 5390 0754 7035");
  await page.getByTestId("business-form-save").click();
  await expect(page.getByText("Cet IBAN n'est pas valide")).toBeVisible();
  await expect(iban).toHaveAttribute("aria-invalid", "true");
  await expectConsoleError(consoleErrors, /status of 400/);
  await iban.fill("be71 0961 2345 6769");
  await page.getByTestId("business-form-save").click();
  await expect(page.getByText("Paramètres enregistrés")).toBeVisible();
  await page.reload();
  await hydrated(page);
  await expect(page.getByTestId("business-iban")).toHaveValue("BE71096123456769");

  // Back to how the demo was, for the other browser tests.
  await page.getByTestId("business-iban").fill(DEMO_IBAN);
  await page.getByTestId("business-form-save").click();
  await expect(page.getByText("Paramètres enregistrés")).toBeVisible();
  await page.goto(`${consoleOrigin}/admin/settings/preferences`);
  await hydrated(page);
  await page.getByTestId("carts-expiration-delay").fill("15");
  await page.getByTestId("preferences-form-save").click();
  await expect(page.getByText("Paramètres enregistrés")).toBeVisible();

  // The dashboard again, from the sidebar.
  await page.getByRole("link", { name: "Accueil" }).click();
  await page.waitForURL(`${consoleOrigin}/admin`);
  await expect(page.getByTestId("stat-week")).toBeVisible();
});
