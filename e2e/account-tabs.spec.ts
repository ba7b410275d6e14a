import { AxeBuilder } from "@axe-core/playwright";
import { formatMoney } from "@booking/domain/money";
import type { Page } from "@playwright/test";
import { expect, hydrated, test } from "./fixtures.ts";
import { login } from "./helpers.ts";

// The account tabs over orders, registration requests, bookings, bundles, memberships and
// attendance charges (platform-and-account.md §2.3, §4, §6), on the demo parent's history: her
// seeded orders (packages/db/src/seed/account-history.ts), and her requests and bookings made
// through the services by the demo flows (apps/server/src/demo).

type Counters = Record<string, number>;

async function counters(page: Page): Promise<Counters> {
  return page.evaluate(async () => (await (await fetch("/api/session")).json()).counters);
}

async function getJson<T>(page: Page, url: string): Promise<T> {
  return page.evaluate(async (path) => (await fetch(path)).json(), url) as Promise<T>;
}

/** Opens a tab from the account navigation and waits for its page. */
async function openTab(page: Page, key: string, path: string, heading: string) {
  await page.getByTestId("account-tabs").locator(`[data-tab="${key}"]`).click();
  await page.waitForURL(new RegExp(`/fr/account/${path}$`));
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(heading);
}

/** Opens the first card of a list (holding `text`, when given) and waits for its page's heading. */
async function openFirst(page: Page, card: string, path: string, text?: string) {
  const cards = page.getByTestId(card);
  const first = (text ? cards.filter({ hasText: text }) : cards).first();
  const title = (await first.getByRole("heading").textContent())!.trim();
  await first.click();
  await page.waitForURL(new RegExp(`/fr/account/${path}/[a-z0-9]+$`));
  await hydrated(page);
  return title;
}

const TONES: Record<string, string> = {
  PENDING: "blue",
  APPROVED: "green",
  REJECTED: "red",
  CANCELLED: "red",
};

test.describe("account tabs", () => {
  test("the demo parent opens each tab and a detail page", async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 900 });
    await login(page);
    await page.goto("/fr/account/home");
    await hydrated(page);
    const counts = await counters(page);
    const tabs = page.getByTestId("account-tabs");
    for (const key of [
      "carts",
      "bookings",
      "registrations_requests",
      "bundles",
      "memberships",
      "attendance_charges",
    ]) {
      expect(counts[key], key).toBeGreaterThanOrEqual(1);
      await expect(tabs.locator(`[data-tab="${key}"] [data-testid="tab-count"]`)).toHaveText(
        String(counts[key]),
      );
    }

    // Orders: the list, then an order of registrations, whose lines lead to their pages (the
    // newest orders sent requests and booked courts: those have their own tabs).
    await openTab(page, "carts", "carts", "Mes commandes");
    await expect(page.getByTestId("cart-card")).toHaveCount(Math.min(20, counts.carts!));
    const order = await openFirst(page, "cart-card", "carts", "Club nature du mercredi");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(order);
    await expect(page.getByTestId("order-line").first()).toBeVisible();
    await expect(page.getByTestId("item-payment")).toBeVisible();

    // Registration requests: every status in its colour, then a request's page.
    await openTab(
      page,
      "registrations_requests",
      "registrations-requests",
      "Mes demandes d'inscription",
    );
    const cards = page.getByTestId("request-card");
    await expect(cards).toHaveCount(counts.registrations_requests!);
    const badges = await page
      .getByTestId("request-status")
      .evaluateAll((nodes) =>
        nodes.map((node) => [node.getAttribute("data-status"), node.getAttribute("data-tone")]),
      );
    expect(new Set(badges.map(([status]) => status))).toEqual(
      new Set(["PENDING", "APPROVED", "REJECTED", "CANCELLED"]),
    );
    for (const [status, tone] of badges) expect(tone).toBe(TONES[status!]);
    await cards
      .filter({ has: page.locator('[data-status="APPROVED"]') })
      .first()
      .click();
    await page.waitForURL(/\/fr\/account\/registrations-requests\/[a-z0-9]+$/);
    await hydrated(page);
    await expect(page.getByTestId("request-status")).toHaveText("Acceptée");
    await expect(page.getByTestId("payment-outstanding")).toHaveText(/^120\s€$/);
    await expect(page.getByTestId("bank-transfer")).toBeVisible();
    await expect(page.getByText("Votre enfant sait-il nager ?")).toBeVisible();
    await expect(page.getByTestId("request-cancel")).toHaveCount(0);

    // Bookings: only the parent's participants, even on the court shared with another family.
    await openTab(page, "bookings", "bookings", "Mes réservations");
    await expect(page.getByTestId("booking-card")).toHaveCount(counts.bookings!);
    await openFirst(page, "booking-card", "bookings");
    const participations = page.getByTestId("booking-participations");
    await expect(participations).toContainText("Hugo Dubois");
    await expect(participations).not.toContainText("Noah");
    await expect(page.getByTestId("booking-dates").getByRole("listitem")).toHaveCount(2);

    // Bundles.
    await openTab(page, "bundles", "bundles", "Mes carnets");
    await page.getByTestId("bundle-card").filter({ hasText: "Pack 3 stages" }).click();
    await page.waitForURL(/\/fr\/account\/bundles\/[a-z0-9]+$/);
    // Other browser tests may have spent some of its places on camps: the usage adds up to 3.
    await expect(page.getByTestId("bundle-usage")).toHaveText(
      /^([0-3]) sur 3 utilisés? · ([0-3]) restants?$/,
    );
    const usage = (await page.getByTestId("bundle-usage").textContent()) ?? "";
    const [, used, left] = /^(\d) sur 3 .* (\d) restant/.exec(usage) ?? [];
    expect(Number(used) + Number(left)).toBe(3);

    // Memberships: the cancelled one has its red badge and its notice.
    await openTab(page, "memberships", "memberships", "Mes abonnements");
    const cancelled = page
      .getByTestId("membership-card")
      .filter({ has: page.locator('[data-testid="membership-state"][data-status="cancelled"]') });
    await expect(cancelled).toHaveCount(1);
    await expect(cancelled.getByTestId("membership-state")).toHaveAttribute("data-tone", "red");
    await expect(cancelled.getByTestId("membership-state")).toHaveText("Annulé");
    await cancelled.click();
    await page.waitForURL(/\/fr\/account\/memberships\/[a-z0-9]+$/);
    await expect(page.getByTestId("membership-cancelled")).toBeVisible();

    // Attendance charges: the billing cycle, the items table and its totals.
    await openTab(page, "attendance_charges", "attendance-charges", "Mes frais de présence");
    await openFirst(page, "attendance-charge-card", "attendance-charges");
    const cuid = page.url().split("/").pop()!;
    const { attendance_charge: charge } = await getJson<{
      attendance_charge: { items: unknown[]; totals: { amount: number } };
    }>(page, `/api/attendance-charges/${cuid}`);
    await expect(page.getByTestId("attendance-cycle")).toContainText("Période de facturation");
    const table = page.getByTestId("attendance-items");
    await expect(table).toBeVisible();
    await expect(table.getByTestId("attendance-item")).toHaveCount(charge.items.length);
    await expect(table.getByRole("columnheader")).toHaveText([
      "Date",
      "Participant",
      "Présence",
      "Montant",
    ]);
    const total = formatMoney(charge.totals.amount, "EUR", "fr-BE");
    await expect(page.getByTestId("attendance-total-amount")).toHaveText(total);
    await expect(page.getByTestId("attendance-total-duration")).toHaveText(/\d+ (h|min)/);
  });

  test("the demo parent cancels a pending registration request", async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 900 });
    await login(page);
    await page.goto("/fr/account/registrations-requests");
    await hydrated(page);
    const before = await counters(page);
    const pending = page
      .getByTestId("request-card")
      .filter({ has: page.locator('[data-status="PENDING"]') });
    const pendingCount = await pending.count();
    expect(pendingCount).toBeGreaterThanOrEqual(1);
    await pending.first().click();
    await page.waitForURL(/\/fr\/account\/registrations-requests\/[a-z0-9]+$/);
    await hydrated(page);
    await expect(page.getByTestId("request-status")).toHaveAttribute("data-tone", "blue");

    await page.getByTestId("request-cancel").click();
    await expect(page.getByTestId("request-cancel-confirm")).toBeVisible();
    await page.getByTestId("request-cancel-submit").click();
    await expect(page.getByText("Demande annulée.")).toBeVisible();
    await expect(page.getByTestId("request-status")).toHaveText("Annulée");
    await expect(page.getByTestId("request-status")).toHaveAttribute("data-tone", "red");
    await expect(page.getByTestId("request-cancel")).toHaveCount(0);
    await expect(page.getByTestId("request-notice")).toContainText("Annulée le");

    // Back on the list: one pending request less, none lost.
    await page.getByRole("link", { name: "Toutes mes demandes" }).click();
    await page.waitForURL(/\/fr\/account\/registrations-requests$/);
    await expect(
      page.getByTestId("request-card").filter({ has: page.locator('[data-status="PENDING"]') }),
    ).toHaveCount(pendingCount - 1);
    expect((await counters(page)).registrations_requests).toBe(before.registrations_requests);
  });

  test("the tabs on a 390 px phone, in English", async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await login(page);
    await page.goto("/en/account/attendance-charges");
    await hydrated(page);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("My attendance charges");
    await expect(
      page.getByTestId("account-tabs").locator('[data-tab="attendance_charges"]'),
    ).toHaveAttribute("aria-current", "page");
    await page.getByTestId("attendance-charge-card").first().click();
    await page.waitForURL(/\/en\/account\/attendance-charges\/[a-z0-9]+$/);
    // Phones get a list of rows instead of the table, with the same totals.
    await expect(page.getByTestId("attendance-items")).toBeHidden();
    const rows = page.getByTestId("attendance-items-mobile");
    await expect(rows).toBeVisible();
    await expect(rows).toContainText("Total amount");
    // Nothing wider than the screen.
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );
    expect(overflow).toBeLessThanOrEqual(0);

    await page.goto("/en/account/registrations-requests");
    await hydrated(page);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("My registration requests");
    await expect(page.getByTestId("request-status").first()).toBeVisible();
  });

  for (const width of [1280, 390]) {
    test(`no serious accessibility violation in these tabs at ${width} px`, async ({ page }) => {
      await page.setViewportSize({ width, height: 900 });
      await login(page);
      const lists: Array<[string, string]> = [
        ["/fr/account/carts", "cart-card"],
        ["/fr/account/registrations-requests", "request-card"],
        ["/en/account/bookings", "booking-card"],
        ["/fr/account/bundles", "bundle-card"],
        ["/en/account/memberships", "membership-card"],
        ["/fr/account/attendance-charges", "attendance-charge-card"],
      ];
      for (const [path, card] of lists) {
        await page.goto(path);
        await hydrated(page);
        const detail = await page.getByTestId(card).first().getAttribute("href");
        for (const url of [path, detail!]) {
          await page.goto(url);
          await hydrated(page);
          const results = await new AxeBuilder({ page }).analyze();
          const serious = results.violations.filter(
            (violation) => violation.impact === "serious" || violation.impact === "critical",
          );
          expect(serious.map((violation) => `${url} ${violation.id}: ${violation.help}`)).toEqual(
            [],
          );
        }
      }
    });
  }
});
