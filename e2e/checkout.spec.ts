import type { Page } from "@playwright/test";
import { expect, expectConsoleError, hydrated, test } from "./fixtures.ts";
import {
  addRegistration,
  availabilityPaths,
  availabilityWithOptions,
  hasEligibleParticipant,
  signUpNewCustomer,
} from "./helpers.ts";

test.describe("checkout", () => {
  test("coupon box, terms required, bank transfer, success page with the reference", async ({
    page,
    consoleErrors,
  }) => {
    await page.setViewportSize({ width: 1280, height: 900 });
    await signUpNewCustomer(page);
    const title = await addRegistration(page, await availabilityWithOptions(page));

    await page.goto("/fr/checkout");
    await hydrated(page);
    const form = page.getByTestId("checkout-form");
    await expect(form).toBeVisible();
    await expect(page.getByTestId("checkout-item")).toHaveCount(1);
    await expect(page.getByTestId("checkout-item")).toContainText(title);
    await expect(page.getByTestId("checkout-total")).toBeVisible();
    const total = (await page.getByTestId("checkout-total").textContent())!.trim();

    // Coupon box: the button waits for a code; an inactive coupon is refused on the field.
    const couponInput = page.getByTestId("coupon-input");
    const attach = page.getByTestId("coupon-attach");
    await expect(attach).toBeDisabled();
    await couponInput.fill("FIDELE15");
    await expect(attach).toBeEnabled();
    await attach.click();
    await expect(page.getByText("Ce code promo n'est plus valable.")).toBeVisible();
    await expectConsoleError(consoleErrors, /status of 409/);
    await expect(page.getByTestId("coupon-applied")).toHaveCount(0);

    // The welcome coupon (10 %, from 50 €) attaches; it applies or says why not.
    await couponInput.fill("bienvenue10");
    await attach.click();
    const applied = page.getByTestId("coupon-applied");
    await expect(applied).toContainText("BIENVENUE10");
    await expect(
      page.getByTestId("checkout-coupon-discount").or(page.getByTestId("coupon-reason")),
    ).toBeVisible();
    if ((await page.getByTestId("checkout-coupon-discount").count()) > 0) {
      await expect(page.getByTestId("checkout-total")).not.toHaveText(total);
    }
    await page.getByTestId("coupon-detach").click();
    await expect(page.getByTestId("coupon-applied")).toHaveCount(0);
    await expect(page.getByTestId("checkout-total")).toHaveText(total);
    await expect(page.getByTestId("coupon-attach")).toBeDisabled();

    // Without the terms: an error on the field and no call.
    const calls: string[] = [];
    page.on("request", (request) => {
      if (request.url().includes("/api/carts/checkout")) calls.push(request.url());
    });
    await page.getByTestId("checkout-submit").click();
    await expect(page.getByText("Vous devez accepter les conditions générales.")).toBeVisible();
    await expect(page.getByTestId("checkout-terms")).toHaveAttribute("aria-invalid", "true");
    expect(calls).toEqual([]);
    await expect(page).toHaveURL(/\/fr\/checkout$/);
    await expect(form.getByRole("link", { name: "conditions générales" })).toHaveAttribute(
      "href",
      "/fr/terms",
    );

    // Bank transfer is the default method when something is left to pay.
    await expect(page.getByTestId("checkout-payable")).not.toHaveText(/^0,00/);
    await expect(page.getByTestId("payment-DELAYED")).toBeChecked();
    await page.getByTestId("checkout-terms").check();
    await page.getByTestId("checkout-submit").click();

    await page.waitForURL(/\/fr\/checkout\/[^/]+\/success$/);
    await expect(page.getByText("Commande enregistrée", { exact: false })).toBeVisible();
    const registration = page.getByTestId("success-registration");
    await expect(registration).toHaveCount(1);
    await expect(registration).toContainText(title);
    const reference = page.getByTestId("success-reference");
    await expect(reference).toBeVisible();
    expect((await reference.textContent())!.trim()).toMatch(/^\+\+\+\d{3}\/\d{4}\/\d{5}\+\+\+$/);
    await expect(page.getByTestId("success-iban")).toHaveText("BE68 5390 0754 7034");
    await expect(page.getByRole("link", { name: "Voir mes inscriptions" })).toHaveAttribute(
      "href",
      "/fr/account/registrations",
    );
    // The cart is processed: the header count is back to 0.
    await expect(page.getByTestId("cart-count")).toHaveText("0");
  });

  test("a visitor gets a login prompt instead of the checkout", async ({ page }) => {
    await page.goto("/fr/checkout");
    await hydrated(page);
    await expect(page.getByTestId("checkout-login")).toBeVisible();
    await expect(page.getByTestId("checkout-form")).toHaveCount(0);
  });
});

/**
 * An open availability with the "Garderie" option and no full date: each paid order takes a place
 * for good, and the browser tests share one database.
 */
async function availabilityWithFreePlaces(page: Page): Promise<string> {
  const [path] = await availabilityPaths(
    page,
    (html) =>
      html.includes('data-testid="add-to-cart-form"') &&
      html.includes("Garderie") &&
      !html.includes(">Complet<") &&
      hasEligibleParticipant(html),
    1,
  );
  if (!path) throw new Error("no availability with options and free places in the demo");
  return path;
}

/** Chooses online payment of everything, accepts the terms and submits: the provider's page. */
async function payOnlineFromCheckout(page: Page): Promise<void> {
  await page.goto("/fr/checkout");
  await hydrated(page);
  await page.getByTestId("payment-IMMEDIATE").check();
  await page.getByTestId("checkout-terms").check();
  await page.getByTestId("checkout-submit").click();
  await page.waitForURL(/\/payments\/test\/[^/?#]+$/);
  await expect(page.getByRole("heading", { name: "Paiement de test" })).toBeVisible();
}

/** Back from the provider's page on the success page, hydrated. */
async function backOnSuccessPage(page: Page): Promise<void> {
  await page.waitForURL(/\/fr\/checkout\/[^/]+\/success$/);
  await hydrated(page);
}

test.describe("online payment", () => {
  test("pays through the test provider's page: the order is paid, no transfer to make", async ({
    page,
  }) => {
    await page.setViewportSize({ width: 1280, height: 900 });
    await signUpNewCustomer(page);
    const title = await addRegistration(page, await availabilityWithFreePlaces(page));
    await payOnlineFromCheckout(page);
    await page.getByRole("button", { name: "Payer" }).click();

    await backOnSuccessPage(page);
    await expect(page.getByTestId("success-registration")).toContainText(title);
    await expect(page.getByTestId("success-paid")).toContainText("Commande payée");
    await expect(page.getByTestId("bank-transfer")).toHaveCount(0);
    await expect(page.getByTestId("success-outstanding")).toHaveText(/^0\s€$/);
    await expect(page.getByTestId("cart-count")).toHaveText("0");
  });

  test("a failed payment, then a retry from the checkout page, then paid", async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await signUpNewCustomer(page);
    const title = await addRegistration(page, await availabilityWithFreePlaces(page));
    await payOnlineFromCheckout(page);
    await page.getByRole("button", { name: "Échouer" }).click();

    // The order is not processed: the page says so and leads back to the checkout.
    await backOnSuccessPage(page);
    await expect(page.getByTestId("success-payment-failed")).toContainText(
      "Le paiement n'a pas abouti",
    );
    await expect(page.getByTestId("success-registration")).toHaveCount(0);
    await page.getByTestId("success-retry").click();

    // The cart is open again with its item still held.
    await page.waitForURL(/\/fr\/checkout$/);
    await expect(page.getByTestId("checkout-retry")).toBeVisible();
    await expect(page.getByTestId("checkout-item")).toContainText(title);
    await expect(page.getByTestId("cart-count")).toHaveText("1");
    await page.getByTestId("payment-IMMEDIATE").check();
    await page.getByTestId("checkout-terms").check();
    await page.getByTestId("checkout-submit").click();
    await page.waitForURL(/\/payments\/test\/[^/?#]+$/);
    await page.getByRole("button", { name: "Payer" }).click();

    await backOnSuccessPage(page);
    await expect(page.getByTestId("success-registration")).toContainText(title);
    await expect(page.getByTestId("success-paid")).toBeVisible();
    await expect(page.getByTestId("cart-count")).toHaveText("0");
  });

  test("a payment in progress can be resumed or cancelled from the checkout page", async ({
    page,
  }) => {
    await page.setViewportSize({ width: 1280, height: 900 });
    await signUpNewCustomer(page);
    const title = await addRegistration(page, await availabilityWithFreePlaces(page));
    await payOnlineFromCheckout(page);
    const providerPage = page.url();

    // Back on the shop while the payment is open: the cart is frozen, the payment offered again,
    // from the cart itself (no call to /payment).
    const asked: string[] = [];
    page.on("request", (request) => {
      if (/\/api\/carts\/[^/]+\/payment$/.test(new URL(request.url()).pathname)) {
        asked.push(`${request.method()} ${request.url()}`);
      }
    });
    await page.goto("/fr/checkout");
    await hydrated(page);
    const inProgress = page.getByTestId("payment-in-progress");
    await expect(inProgress).toContainText("Paiement en cours");
    expect(asked).toEqual([]);
    await expect(page.getByTestId("checkout-form")).toHaveCount(0);
    await expect(page.getByTestId("coupon-box")).toHaveCount(0);
    await expect(page.getByTestId("payment-resume")).toHaveAttribute("href", providerPage);

    // The item cannot be removed meanwhile, neither here nor in the drawer.
    await expect(page.getByTestId("checkout-item")).toContainText(title);
    await expect(page.getByTestId("checkout-item-remove")).toHaveCount(0);
    await page.getByTestId("cart-button").click();
    await expect(page.getByTestId("cart-item")).toHaveCount(1);
    await expect(page.getByTestId("cart-item-remove")).toHaveCount(0);
    await page.keyboard.press("Escape");

    await page.getByTestId("payment-cancel").click();
    await expect(page.getByText("Paiement annulé")).toBeVisible();
    await expect(page.getByTestId("checkout-form")).toBeVisible();
    // The cart read again after the cancel carries the cancelled payment: the retry notice.
    await expect(page.getByTestId("checkout-retry")).toBeVisible();
    expect(asked.filter((call) => call.startsWith("GET"))).toEqual([]);
    await expect(page.getByTestId("checkout-item")).toContainText(title);
    await expect(page.getByTestId("checkout-item-remove")).toHaveCount(1);
    await expect(page.getByTestId("coupon-box")).toBeVisible();
  });
});
