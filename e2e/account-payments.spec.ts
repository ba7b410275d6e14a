import type { Page } from "@playwright/test";
import { expect, hydrated, test } from "./fixtures.ts";
import {
  addRegistration,
  availabilityWithOptions,
  checkoutByTransfer,
  consoleLogin,
  login,
  signUpNewCustomer,
} from "./helpers.ts";

/** "1 234,50 €" → 1234.5 */
function euros(text: string | null): number {
  const match = /(\d[\d\s\u202f\u00a0]*(?:,\d+)?)\s*€/.exec(text ?? "");
  if (!match) throw new Error(`no amount in "${text}"`);
  return Number(match[1]!.replace(/[\s\u202f\u00a0]/g, "").replace(",", "."));
}

/** Credits a customer's wallet through the console's call, as the owner (logged in for it). */
async function creditWallet(page: Page, email: string, cents: number): Promise<void> {
  await consoleLogin(page);
  const status = await page.evaluate(
    async ([email, cents]) => {
      const list = await fetch(`/api/admin/customers?q=${encodeURIComponent(email)}`);
      const { data } = (await list.json()) as { data: Array<{ cuid: string; email: string }> };
      const customer = data.find((row) => row.email === email);
      if (!customer) return 404;
      const xsrf = decodeURIComponent(
        /(?:^|; )XSRF-TOKEN=([^;]*)/.exec(document.cookie)?.[1] ?? "",
      );
      const response = await fetch(`/api/admin/customers/${customer.cuid}/wallet`, {
        method: "POST",
        headers: { "content-type": "application/json", "x-xsrf-token": xsrf },
        body: JSON.stringify({ direction: "CREDIT", amount: cents, reason: "Test credit" }),
      });
      return response.status;
    },
    [email, cents] as const,
  );
  expect(status).toBe(200);
}

/** On the built-in test provider's page: presses "Payer" or "Échouer", back on the page. */
async function onTestProvider(page: Page, amount: string, action: "Payer" | "Échouer") {
  await page.waitForURL(/\/payments\/test\/[^/?#]+$/);
  await expect(page.getByRole("heading", { name: "Paiement de test" })).toBeVisible();
  await expect(page.getByText(`Montant : ${amount}`)).toBeVisible();
  await page.getByRole("button", { name: action }).click();
}

test.describe("payments from the account", () => {
  // The test makes what it spends (a customer of its own, a registration, 15 € credited by the
  // console), so a retried attempt never finds the wallet spent or the registration paid.
  test("a parent pays part of a registration from the wallet, then the rest online", async ({
    page,
  }) => {
    await page.setViewportSize({ width: 1280, height: 900 });
    const email = await signUpNewCustomer(page);
    await addRegistration(page, await availabilityWithOptions(page));
    const cuid = await checkoutByTransfer(page);
    await creditWallet(page, email, 1500);

    const path = `/fr/account/registrations/${cuid}`;
    await page.goto(path);
    await hydrated(page);
    const badge = page.getByTestId("payment-badge");
    const outstanding = page.getByTestId("registration-outstanding");
    await expect(badge).toHaveAttribute("data-kind", "outstanding");
    const owed = euros(await outstanding.textContent());
    expect(owed).toBeGreaterThan(15);

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
    await expect(page.getByText("Paiement de 15 € avec le portefeuille enregistré.")).toBeVisible();
    expect(calls).toHaveLength(1);
    // The data is read again: 15 € less owed, the wallet empty (its form gone, the menu's 0 €).
    await expect.poll(async () => euros(await outstanding.textContent())).toBe(owed - 15);
    await expect(badge).not.toHaveAttribute("data-kind", "complete");
    await expect(page.getByTestId("wallet-payment-form")).toHaveCount(0);
    await expect(page.getByText("Portefeuille", { exact: true }).locator("..")).toHaveText(
      /^Portefeuille\s*0\s€$/,
    );

    // Online, the provider's page fails first: back on the registration, which says so.
    const rest = (owed - 15).toFixed(2);
    const online = page.getByTestId("online-payment");
    await expect(online).toContainText("en ligne");
    await online.click();
    await onTestProvider(page, `${rest} EUR`, "Échouer");
    await page.waitForURL((url) => url.pathname === path);
    await hydrated(page);
    const notice = page.getByTestId("payment-return");
    await expect(notice).toHaveAttribute("data-status", "failed");
    await expect(notice).toContainText("n'a pas abouti");
    expect(euros(await outstanding.textContent())).toBe(owed - 15);
    // The page forgets the payment parameter once it is settled.
    await expect(page).toHaveURL((url) => url.pathname === path && url.search === "");

    // Then it goes through: the badge turns complete.
    await page.getByTestId("online-payment").click();
    await onTestProvider(page, `${rest} EUR`, "Payer");
    await page.waitForURL((url) => url.pathname === path);
    await hydrated(page);
    await expect(notice).toHaveAttribute("data-status", "paid");
    await expect(notice).toContainText("reçu. Merci !");
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
