import type { Page } from "@playwright/test";
import { expect, hydrated, test } from "./fixtures.ts";
import { login } from "./helpers.ts";

/**
 * The cuid of the demo parent's registration whose title and participant start as given, read
 * through the API from the logged-in page.
 */
async function registrationCuid(page: Page, title: string, participant: string) {
  const cuid = await page.evaluate(
    async ([title, participant]) => {
      const response = await fetch("/api/registrations?page_size=100");
      const { data } = (await response.json()) as {
        data: Array<{
          cuid: string;
          participant: { fullname: string };
          availability: { activity: { title: string } };
        }>;
      };
      return data.find(
        (registration) =>
          registration.availability.activity.title === title &&
          registration.participant.fullname.startsWith(participant!),
      )?.cuid;
    },
    [title, participant],
  );
  if (!cuid) throw new Error(`no registration "${title}" of ${participant} in the demo`);
  return cuid;
}

/** On the built-in test provider's page: presses "Payer" or "Échouer", back on the page. */
async function onTestProvider(page: Page, amount: string, action: "Payer" | "Échouer") {
  await page.waitForURL(/\/payments\/test\/[^/?#]+$/);
  await expect(page.getByRole("heading", { name: "Paiement de test" })).toBeVisible();
  await expect(page.getByText(`Montant : ${amount}`)).toBeVisible();
  await page.getByRole("button", { name: action }).click();
}

test.describe("payments from the account", () => {
  test("the demo parent pays part of a registration from the wallet, then the rest online", async ({
    page,
  }) => {
    await page.setViewportSize({ width: 1280, height: 900 });
    await login(page);
    // Hugo at the Wednesday nature club: 180 €, the 60 € deposit paid, 120 € still owed.
    const cuid = await registrationCuid(page, "Club nature du mercredi", "Hugo");
    const path = `/fr/account/registrations/${cuid}`;
    await page.goto(path);
    await hydrated(page);
    const badge = page.getByTestId("payment-badge");
    const outstanding = page.getByTestId("registration-outstanding");
    await expect(badge).toHaveAttribute("data-kind", "deposited");
    await expect(outstanding).toContainText("120 €");

    // The wallet form starts at the smaller of the wallet (15 €) and what is owed.
    await expect(page.getByTestId("wallet-balance")).toHaveText(
      "Solde de votre portefeuille : 15 €",
    );
    const amount = page.getByTestId("wallet-amount");
    await expect(amount).toHaveValue("15,00");

    // Above the wallet: refused on the field, nothing sent.
    const calls: string[] = [];
    page.on("request", (request) => {
      if (request.url().includes("/api/transactions/wallet")) calls.push(request.url());
    });
    await amount.fill("20");
    await page.getByTestId("wallet-submit").click();
    await expect(
      page.getByText("Votre portefeuille ne contient pas assez pour ce montant."),
    ).toBeVisible();
    await expect(amount).toHaveAttribute("aria-invalid", "true");
    expect(calls).toEqual([]);

    // The default: the whole wallet, part of what is owed.
    await amount.fill("15,00");
    await page.getByTestId("wallet-submit").click();
    await expect(
      page.getByText("Paiement de 15 € avec le portefeuille enregistré."),
    ).toBeVisible();
    expect(calls).toHaveLength(1);
    // The data is read again: 105 € owed, the wallet empty (its form gone, the menu's 0 €).
    await expect(outstanding).toContainText("105 €");
    await expect(badge).toHaveAttribute("data-kind", "deposited");
    await expect(page.getByTestId("wallet-payment-form")).toHaveCount(0);
    await expect(page.getByText("Portefeuille", { exact: true }).locator("..")).toHaveText(
      /^Portefeuille\s*0\s€$/,
    );

    // Online, the provider's page fails first: back on the registration, which says so.
    const online = page.getByTestId("online-payment");
    await expect(online).toHaveText("Payer 105 € en ligne");
    await online.click();
    await onTestProvider(page, "105.00 EUR", "Échouer");
    await page.waitForURL((url) => url.pathname === path);
    await hydrated(page);
    const notice = page.getByTestId("payment-return");
    await expect(notice).toHaveAttribute("data-status", "failed");
    await expect(notice).toContainText("n'a pas abouti");
    await expect(outstanding).toContainText("105 €");
    // The page forgets the payment parameter once it is settled.
    await expect(page).toHaveURL((url) => url.pathname === path && url.search === "");

    // Then it goes through: the badge turns complete.
    await page.getByTestId("online-payment").click();
    await onTestProvider(page, "105.00 EUR", "Payer");
    await page.waitForURL((url) => url.pathname === path);
    await hydrated(page);
    await expect(notice).toHaveAttribute("data-status", "paid");
    await expect(notice).toHaveText("Paiement en ligne de 105 € reçu. Merci !");
    await expect(badge).toHaveAttribute("data-kind", "complete");
    await expect(badge).toHaveText("Payée entièrement");
    await expect(outstanding).toContainText("0 €");
    await expect(page.getByTestId("online-payment")).toHaveCount(0);
    await expect(page.getByTestId("bank-transfer")).toHaveCount(0);
    await expect(page).toHaveURL((url) => url.pathname === path && url.search === "");

    // In the list, green.
    await page.goto("/fr/account/registrations");
    await hydrated(page);
    const card = page.locator(`a[href="${path}"]`);
    await expect(card.locator('[data-badge="complete"]')).toBeVisible();
    await expect(card.locator('[data-badge="outstanding"]')).toHaveCount(0);
  });

  test("an approved request offers its online payment on a 390 px screen, in English", async ({
    page,
  }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await login(page);
    const request = await page.evaluate(async () => {
      const response = await fetch("/api/registrations/requests?page_size=100");
      const { data } = (await response.json()) as {
        data: Array<{ cuid: string; status: string; amount_due: number }>;
      };
      return data.find((item) => item.status === "APPROVED" && item.amount_due > 0);
    });
    expect(request, "an approved request with something to pay").toBeTruthy();
    await page.goto(`/en/account/registrations-requests/${request!.cuid}`);
    await hydrated(page);
    const actions = page.getByTestId("payment-actions");
    await actions.scrollIntoViewIfNeeded();
    await expect(actions.getByRole("heading", { name: "Pay the balance" })).toBeVisible();
    const button = page.getByTestId("online-payment");
    await expect(button).toHaveText(`Pay €${request!.amount_due / 100} online`);
    const box = await button.boundingBox();
    expect(box!.x).toBeGreaterThanOrEqual(0);
    expect(box!.x + box!.width).toBeLessThanOrEqual(390);
    // Nothing horizontal to scroll.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      390,
    );
  });
});
