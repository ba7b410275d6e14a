import type { Page } from "@playwright/test";
import { expect, expectConsoleError, hydrated, test } from "./fixtures.ts";
import { login } from "./helpers.ts";

// Gift vouchers in the account area (platform-and-account.md §2.3, §4, §6, §7) on the demo seed:
// parent@demo.test bought three vouchers; CADEAU6789 (a 10-session card, bought by Julien
// Lambert) and CADEAU2345 (50 € to the wallet, bought by Sophie Peeters) are redeemable,
// CADEAU3EXP is expired and CADEAU8NPY unpaid (packages/db/src/seed/customer-vouchers.ts).

async function loginAs(page: Page, email: string, language: "fr" | "en" = "fr"): Promise<void> {
  await page.goto(`/${language}/auth/login`);
  await hydrated(page);
  await page.fill('[name="email"]', email);
  await page.fill('[name="password"]', "demo1234");
  await page.click('button[type="submit"]');
  await page.waitForURL((url) => !url.pathname.includes("/auth/login"));
}

async function session(page: Page) {
  return page.evaluate(async () => {
    const response = await fetch("/api/session");
    return (await response.json()) as {
      counters: { bundles: number; vouchers: number };
      wallet: { amount: number };
    };
  });
}

/** Types a code on the redemption form and goes on to its confirmation page. */
async function enterCode(page: Page, code: string, language: "fr" | "en" = "fr") {
  await page.goto(`/${language}/account/vouchers/redeem`);
  await hydrated(page);
  await page.getByTestId("voucher-code-form").locator('input[name="code"]').fill(code);
  await page.getByTestId("voucher-code-submit").click();
}

test.describe("gift vouchers in the account area", () => {
  test("the demo parent redeems a session card for a participant", async ({ page }) => {
    await login(page);
    const before = await session(page);

    await page.goto("/fr/account/vouchers");
    await hydrated(page);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Bons cadeaux");
    const cards = page.getByTestId("voucher-card");
    await expect(cards).toHaveCount(before.counters.vouchers);
    // The owner sees the code, the payment badge and the redemption badge.
    const toGive = cards.filter({ hasText: "CADEAU5CAM" });
    await expect(toGive.getByTestId("payment-badge")).toHaveText("Payé");
    await expect(toGive.getByTestId("redemption-badge")).toHaveText("En attente");
    const unpaid = cards.filter({ hasText: "CADEAU9NPY" });
    await expect(unpaid.getByTestId("payment-badge")).toHaveText("100 € à payer");
    await expect(unpaid.getByTestId("redemption-badge")).toHaveCount(0);

    await page.getByTestId("voucher-redeem-link").click();
    await page.waitForURL(/\/fr\/account\/vouchers\/redeem$/);
    await hydrated(page);
    await page.getByTestId("voucher-code-form").locator('input[name="code"]').fill("cadeau-6789");
    await page.getByTestId("voucher-code-submit").click();
    await page.waitForURL(/\/fr\/account\/vouchers\/redeem\/CADEAU6789$/);
    await hydrated(page);
    await expect(page.getByTestId("redeem-state")).toHaveAttribute("data-state", "valid");
    await expect(page.getByText("Offert par Julien Lambert")).toBeVisible();
    const submit = page.getByTestId("voucher-redeem-submit");
    await expect(submit).toBeEnabled();

    // A card for participants needs one of them.
    await submit.click();
    await expect(page.getByText("Ce champ est obligatoire.")).toBeVisible();
    const search = page.getByRole("combobox", { name: "Participant" });
    await search.fill("lé");
    const option = page.getByRole("option", { name: "Léa Dubois" });
    await expect(option).toBeVisible();
    await expect(page.getByRole("option", { name: "Hugo Dubois" })).toHaveCount(0);
    await option.click();
    await expect(page.getByTestId("participant-search-chip")).toHaveText(/Léa Dubois/);

    await submit.click();
    await page.waitForURL(/\/fr\/account\/vouchers\/(?!redeem)[a-z0-9]{20,}$/);
    await hydrated(page);
    const detail = page.getByTestId("voucher-detail");
    // Not their voucher: the giver and the redemption status only.
    await expect(detail).toHaveAttribute("data-access", "other");
    await expect(page.getByTestId("voucher-giver")).toHaveText("Julien Lambert");
    await expect(page.getByTestId("redemption-badge")).toHaveText("Utilisé");
    await expect(page.getByTestId("voucher-code")).toHaveCount(0);
    await expect(page.getByTestId("voucher-amounts")).toHaveCount(0);

    // The card was given once; the wallet is untouched.
    const after = await session(page);
    expect(after.counters.bundles).toBe(before.counters.bundles + 1);
    expect(after.counters.vouchers).toBe(before.counters.vouchers + 1);
    expect(after.wallet.amount).toBe(before.wallet.amount);

    await page.goto("/fr/account/vouchers");
    await hydrated(page);
    await expect(
      page.getByTestId("voucher-card").filter({ hasText: "Julien Lambert" }),
    ).toHaveAttribute("data-access", "other");

    // The code cannot be used again.
    await enterCode(page, "CADEAU6789");
    await page.waitForURL(/\/redeem\/CADEAU6789$/);
    await hydrated(page);
    await expect(page.getByTestId("redeem-state")).toHaveAttribute("data-state", "redeemed");
    await expect(page.getByTestId("voucher-redeem-submit")).toBeDisabled();
  });

  test("another customer redeems 50 € to the wallet", async ({ page }) => {
    await loginAs(page, "sophie.peeters@example.test", "en");
    const before = await session(page);
    // The account home leads to the redemption form, with or without a vouchers tab.
    await page.goto("/en/account");
    await hydrated(page);
    await page.getByTestId("redeem-voucher-link").click();
    await page.waitForURL(/\/en\/account\/vouchers\/redeem$/);
    await enterCode(page, "CADEAU 2345", "en");
    await page.waitForURL(/\/en\/account\/vouchers\/redeem\/CADEAU2345$/);
    await hydrated(page);
    await expect(page.getByTestId("redeem-state")).toHaveAttribute("data-state", "valid");
    await expect(page.getByTestId("voucher-gift")).toContainText("€50 credited to the wallet");
    await page.getByTestId("voucher-redeem-submit").click();
    await page.waitForURL(/\/en\/account\/vouchers\/(?!redeem)[a-z0-9]{20,}$/);
    await hydrated(page);
    await expect(page.getByTestId("redemption-badge")).toHaveText("Redeemed");
    const after = await session(page);
    expect(after.wallet.amount).toBe(before.wallet.amount + 5_000);
    // The sidebar wallet shows the new balance after the refresh.
    await page.setViewportSize({ width: 1280, height: 900 });
    await expect(page.locator("aside")).toContainText(
      new Intl.NumberFormat("en-GB", {
        style: "currency",
        currency: "EUR",
        minimumFractionDigits: 0,
        maximumFractionDigits: 2,
      }).format(after.wallet.amount / 100),
    );
  });

  test("expired, unpaid and unknown codes cannot be redeemed, on a phone", async ({
    page,
    consoleErrors,
  }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await login(page);
    for (const [code, state] of [
      ["CADEAU3EXP", "expired"],
      ["CADEAU8NPY", "unpaid"],
    ] as const) {
      await enterCode(page, code);
      await page.waitForURL(new RegExp(`/redeem/${code}$`));
      await hydrated(page);
      await expect(page.getByTestId("redeem-state")).toHaveAttribute("data-state", state);
      await expect(page.getByTestId("voucher-redeem-submit")).toBeDisabled();
      await expect(page.getByRole("combobox")).toHaveCount(0);
    }
    await enterCode(page, "ZZZZZZZZZZ");
    await expect(page.getByText("Aucun bon cadeau ne correspond à ce code.")).toBeVisible();
    // The browser logs the 404 of GET /api/vouchers/redeem.
    await expectConsoleError(consoleErrors, /404/);
    await expect(page).toHaveURL(/\/fr\/account\/vouchers\/redeem$/);
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );
    expect(overflow).toBeLessThanOrEqual(0);
  });
});
