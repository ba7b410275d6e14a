import type { Page } from "@playwright/test";
import { expect, hydrated, test } from "./fixtures.ts";
import { login, port } from "./helpers.ts";

// One booking state for every view (docs/decisions/0030) and the age limits (0031), as a parent
// sees them: the add form marks who cannot go; a page that cannot be booked shows its notice and
// nothing to log in for.

interface Listed {
  cuid: string;
  age_minimum: number | null;
  age_maximum: number | null;
  activity: { title: string };
  booking: { bookable: boolean; reason: string | null; waiting_list: boolean };
}

/** The demo's availabilities as the catalogue API answers them (loopback with the host header). */
async function listed(page: Page, query: string): Promise<Listed[]> {
  const response = await page.request.get(
    `http://127.0.0.1:${port}/api/availabilities?limit=100&${query}`,
    { headers: { host: `demo.localhost:${port}` } },
  );
  expect(response.ok()).toBe(true);
  return ((await response.json()) as { data: Listed[] }).data;
}

test.describe("what can be booked", () => {
  test("the add form marks the participants outside the age limits", async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 900 });
    await login(page);
    // "Stage Robotique & Code", 9 to 14: Léa (7) is too young, Hugo (10) may go.
    const camp = (await listed(page, "status=OPEN&search=robotique")).find(
      (item) => item.booking.bookable && item.age_minimum === 9,
    );
    expect(camp, "a bookable robotics camp in the demo").toBeTruthy();
    await page.goto(`/fr/availabilities/${camp!.cuid}`);
    await hydrated(page);
    const form = page.getByTestId("add-to-cart-form");
    await expect(form.getByTestId("age-rule")).toHaveText(
      "Âge demandé le premier jour : De 9 à 14 ans",
    );
    // Said beside the field, before anything is sent.
    await expect(form.getByTestId("ineligible-participant")).toHaveText([
      "Léa Dubois — trop jeune pour cette activité",
    ]);
    const select = form.getByLabel("Participant", { exact: true });
    const lea = select.locator("option", { hasText: "Léa Dubois" });
    await expect(lea).toHaveText("Léa Dubois — trop jeune pour cette activité");
    await expect(lea).toBeDisabled();
    const hugo = select.locator("option", { hasText: "Hugo Dubois" });
    await expect(hugo).toHaveText("Hugo Dubois");
    await expect(hugo).toBeEnabled();
    await select.selectOption({ label: "Hugo Dubois" });
    await expect(form.getByTestId("estimate-price")).toBeVisible();
  });

  test("a page that cannot be booked shows its notice, no places and no log-in prompt", async ({
    page,
  }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    const closed = (await listed(page, "status=OPEN,FULL,CLOSED")).find(
      (item) => !item.booking.bookable && !item.booking.waiting_list,
    );
    expect(closed, "an availability closed for registrations in the demo").toBeTruthy();
    await page.goto(`/fr/availabilities/${closed!.cuid}`);
    await hydrated(page);
    await expect(page.getByTestId("availability-notice")).toBeVisible();
    await expect(page.getByTestId("availability-remaining")).toHaveCount(0);
    await expect(page.getByTestId("login-prompt")).toHaveCount(0);
    await expect(page.getByTestId("add-to-cart-form")).toHaveCount(0);
  });

  test("registrations not open yet: the page and the catalogue say when", async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 900 });
    const later = (await listed(page, "status=OPEN")).find(
      (item) => item.booking.reason === "opening_scheduled",
    );
    expect(later, "an availability whose registrations open later in the demo").toBeTruthy();
    await page.goto(`/fr/availabilities/${later!.cuid}`);
    await hydrated(page);
    const notice = page.getByTestId("availability-notice");
    await expect(notice).toContainText("Les inscriptions ouvrent le");
    const when = (await notice.locator("[data-state]").textContent())!.replace(
      "Les inscriptions ouvrent le ",
      "",
    );
    await expect(page.getByTestId("availability-remaining")).toHaveCount(0);
    // The activity page's card says the same instead of counting places.
    await page.goto(`/fr/activities/${await activityOf(page)}`);
    await hydrated(page);
    const card = page.locator(`[data-testid="availability-card"]`, {
      has: page.locator(`a[href$="/availabilities/${later!.cuid}"]`),
    });
    await expect(card).toContainText(`Inscriptions dès le ${when.replace(/\.$/, "")}`);
  });
});

/** The activity cuid of the availability page shown (its breadcrumb links to it). */
async function activityOf(page: Page): Promise<string> {
  const href = await page
    .getByTestId("breadcrumb")
    .locator('a[href*="/activities/"]')
    .first()
    .getAttribute("href");
  return href!.split("/activities/")[1]!;
}
