import { expect, expectConsoleError, hydrated, test } from "./fixtures.ts";
import { addRegistration, availabilityWithOptions, login } from "./helpers.ts";

test.describe("checkout", () => {
  test("coupon box, terms required, bank transfer, success page with the reference", async ({
    page,
    consoleErrors,
  }) => {
    await page.setViewportSize({ width: 1280, height: 900 });
    await login(page);
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

test("pays online through the test provider's hosted page", async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await login(page);
  const title = await addRegistration(page, await availabilityWithOptions(page));
  await page.goto("/fr/checkout");
  await hydrated(page);
  await page.getByTestId("payment-IMMEDIATE").check();
  await page.getByTestId("checkout-terms").check();
  await page.getByTestId("checkout-submit").click();

  await page.waitForURL(/\/payments\/test\/[^/?#]+$/);
  await expect(page.getByRole("heading", { name: "Paiement de test" })).toBeVisible();
  await page.getByRole("button", { name: "Payer" }).click();

  await page.waitForURL(/\/fr\/checkout\/[^/]+\/success$/);
  await hydrated(page);
  await expect(page.getByTestId("success-registration")).toContainText(title);
  await expect(page.getByTestId("cart-count")).toHaveText("0");
});
