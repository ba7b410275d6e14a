import { expect, expectConsoleError, hydrated, test } from "./fixtures.ts";
import { addRegistration, roomyAvailability, signUpNewCustomer } from "./helpers.ts";

// Billing details for invoices to a company (issue 16 §1; decision 0080): entered on the account
// profile (VAT number checked, Peppol id derived) and found again at checkout.

const SHOTS = process.env.BILLING_SHOTS;

test("a customer enters billing details on the profile and finds them at checkout", async ({
  page,
  consoleErrors,
}) => {
  await page.setViewportSize({ width: 390, height: 900 });
  await signUpNewCustomer(page);
  await page.goto("/fr/account/profile");
  await hydrated(page);
  const form = page.getByTestId("billing-details-form");
  await form.getByLabel("Nom de la société").fill("Atelier Dupont SRL");
  await form.getByLabel("Rue et numéro").fill("Rue Haute 5");
  await form.getByLabel("Code postal").fill("1000");
  await form.getByLabel("Localité").fill("Bruxelles");
  await form.getByLabel("Numéro de TVA").fill("BE 0403.170.702");
  await form.getByRole("button", { name: "Enregistrer les données de facturation" }).click();
  await expect(form.getByText("Format invalide.")).toBeVisible();
  await expectConsoleError(consoleErrors, /400/);
  await form.getByLabel("Numéro de TVA").fill("BE 0403.170.701");
  await form.getByRole("button", { name: "Enregistrer les données de facturation" }).click();
  await expect(form.getByLabel("Identifiant Peppol")).toHaveValue("0208:0403170701");
  await expect(form.getByLabel("Numéro de TVA")).toHaveValue("BE0403170701");
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/profile-fr-390.png`, fullPage: true });

  await page.reload();
  await hydrated(page);
  await expect(
    page.getByTestId("billing-details-form").getByLabel("Nom de la société"),
  ).toHaveValue("Atelier Dupont SRL");

  await addRegistration(page, await roomyAvailability(page));
  await page.goto("/fr/checkout");
  await hydrated(page);
  const disclosure = page.getByTestId("checkout-billing-details");
  await disclosure.getByText("J'ai besoin d'une facture au nom d'une société").click();
  await expect(disclosure.getByLabel("Nom de la société")).toHaveValue("Atelier Dupont SRL");
  await expect(disclosure.getByLabel("Identifiant Peppol")).toHaveValue("0208:0403170701");
  if (SHOTS) {
    await page.screenshot({ path: `${SHOTS}/checkout-fr-390.png`, fullPage: true });
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.screenshot({ path: `${SHOTS}/checkout-fr-1280.png`, fullPage: true });
    await page.goto("/en/account/profile");
    await hydrated(page);
    await page.screenshot({ path: `${SHOTS}/profile-en-1280.png`, fullPage: true });
    await page.setViewportSize({ width: 390, height: 900 });
    await page.screenshot({ path: `${SHOTS}/profile-en-390.png`, fullPage: true });
  }
});
