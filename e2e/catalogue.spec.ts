import { AxeBuilder } from "@axe-core/playwright";
import type { APIRequestContext, Page } from "@playwright/test";
import { expect, hydrated, test } from "./fixtures.ts";

const port = process.env.E2E_PORT ?? 3100;
const origin = (slug: string) => `http://${slug}.localhost:${port}`;

/** Public paths of an organiser, read from its sitemap (through loopback with the host header). */
async function sitemapPaths(request: APIRequestContext, slug: string): Promise<string[]> {
  const response = await request.get(`http://127.0.0.1:${port}/sitemap.xml`, {
    headers: { host: `${slug}.localhost:${port}` },
  });
  expect(response.ok()).toBe(true);
  const xml = await response.text();
  return [...xml.matchAll(/<loc>https?:\/\/[^/]+(\/[^<]*)<\/loc>/g)].map((match) => match[1]!);
}

async function resultCount(page: Page): Promise<number> {
  const text = await page
    .getByText(/^\d+ disponibilités?$/)
    .first()
    .textContent();
  return Number(text!.match(/\d+/)![0]);
}

test.describe("catalogue", () => {
  test("browse from the home page, filter by category and date, page through, open an availability", async ({
    page,
  }) => {
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.goto("/fr");
    await hydrated(page);
    await expect(page.getByTestId("availability-card").first()).toBeVisible();
    await page.getByRole("link", { name: "Tout le catalogue" }).click();
    await page.waitForURL(/\/fr\/catalogue/);
    await hydrated(page);
    await expect(page.getByRole("heading", { level: 1, name: "Catalogue" })).toBeVisible();

    const total = await resultCount(page);
    expect(total).toBeGreaterThan(20);

    // Paging: 20 a page, the next page shows other availabilities.
    const firstTitle = await page
      .getByTestId("availability-card")
      .first()
      .locator("h3")
      .textContent();
    await page.getByTestId("pagination-next").click();
    await expect(page).toHaveURL(/page_number=2/);
    await expect(page.getByTestId("availability-card").first().locator("h3")).not.toHaveText(
      firstTitle!,
    );

    // A category filter narrows the list and resets the page number.
    await page.getByLabel("Sport", { exact: true }).check();
    await expect(page).toHaveURL(/category-[a-z0-9]+=[a-z0-9]+/);
    await expect(page).not.toHaveURL(/page_number=2/);
    await expect.poll(() => resultCount(page)).toBeLessThan(total);
    const sportCount = await resultCount(page);
    expect(sportCount).toBeGreaterThan(0);

    // A date filter: the first day marked in the calendar as having availabilities.
    const markedDay = page.locator('[data-testid="schedule-calendar"], table').getByRole("button", {
      name: /disponibilités ce jour/,
    });
    await markedDay.first().click();
    await expect(page).toHaveURL(/date=\d{4}-\d{2}-\d{2}/);
    await expect.poll(() => resultCount(page)).toBeLessThanOrEqual(sportCount);

    // Open an availability from its card.
    const card = page.getByTestId("availability-card").first();
    const title = (await card.locator("h3").textContent())!.trim();
    await card.getByRole("link").first().click();
    await page.waitForURL(/\/fr\/availabilities\//);
    await expect(page.getByTestId("availability-title")).toHaveText(title);
    await expect(page.getByTestId("login-prompt")).toBeVisible();
  });

  test("the weekly schedule navigates by week and jumps to dates with availabilities", async ({
    page,
  }) => {
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.goto("/fr/horaires");
    await hydrated(page);
    const weekLabel = page.getByTestId("schedule-period");
    const thisWeek = (await weekLabel.textContent())!;

    await page.getByTestId("schedule-next").click();
    await expect(page).toHaveURL(/date=\d{4}-\d{2}-\d{2}/);
    await expect(weekLabel).not.toHaveText(thisWeek);
    await expect(page.getByTestId("schedule-item").first()).toBeVisible();
    const nextWeek = (await weekLabel.textContent())!;

    await page.getByTestId("schedule-previous").click();
    await expect(weekLabel).toHaveText(thisWeek);

    // Jumping to the next date with availabilities lands on a week that shows it.
    const dateBefore = new URL(page.url()).searchParams.get("date");
    await page.getByTestId("schedule-next-available").click();
    await expect.poll(() => new URL(page.url()).searchParams.get("date")).not.toBe(dateBefore);
    await expect(page.getByTestId("schedule-item").first()).toBeVisible();
    await page.getByTestId("schedule-next").click();
    await expect(weekLabel).not.toHaveText(thisWeek);
    expect(nextWeek).not.toBe(thisWeek);
  });

  test("on a 390 px phone the filters open in the Recherche dialog", async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto("/fr/catalogue");
    await hydrated(page);
    const before = await resultCount(page);
    await page.getByTestId("filters-dialog-button").click();
    const dialog = page.getByRole("dialog", { name: "Recherche" });
    await expect(dialog).toBeVisible();
    await expect(dialog.getByRole("button", { name: "Réinitialiser" })).toBeVisible();
    await dialog.getByLabel("Nature", { exact: true }).check();
    await dialog.getByRole("button", { name: "Voir les résultats" }).click();
    await expect(dialog).toBeHidden();
    await expect(page).toHaveURL(/category-[a-z0-9]+=[a-z0-9]+/);
    await expect.poll(() => resultCount(page)).toBeLessThan(before);

    await page.getByTestId("filters-dialog-button").click();
    await page
      .getByRole("dialog", { name: "Recherche" })
      .getByRole("button", { name: "Réinitialiser" })
      .click();
    await expect(page).not.toHaveURL(/category-/);
  });

  test("detail pages are rendered on the server for search engines", async ({ request }) => {
    const paths = await sitemapPaths(request, "demo");
    const availability = paths.find((path) => path.includes("/availabilities/"))!;
    expect(paths).toEqual(expect.arrayContaining(["/fr", "/fr/catalogue"]));
    const response = await request.get(`http://127.0.0.1:${port}${availability}`, {
      headers: { host: `demo.localhost:${port}` },
    });
    expect(response.status()).toBe(200);
    const html = await response.text();
    const jsonLd = JSON.parse(
      html.match(/<script[^>]*type="application\/ld\+json"[^>]*>([\s\S]*?)<\/script>/)![1]!,
    );
    expect(jsonLd["@type"]).toBe("Event");
    expect(html).toContain(`<title>${jsonLd.name}`);
    expect(html).toContain('property="og:title"');
    expect(html).toContain('name="description"');
    expect(html).toContain(jsonLd.location.address.addressLocality);
    expect(html).toMatch(/\d+(,\d{2})?\s€/);
    expect(html).toContain('data-testid="availability-dates"');
  });

  for (const [slug, lang] of [
    ["demo", "fr"],
    ["demo-en", "en"],
  ] as const) {
    test(`no serious accessibility violation on the ${lang} home, activity and availability pages`, async ({
      page,
      request,
    }) => {
      const paths = await sitemapPaths(request, slug);
      const targets = [
        `/${lang}`,
        paths.find((path) => path.includes("/activities/"))!,
        paths.find((path) => path.includes("/availabilities/"))!,
      ];
      for (const width of [1280, 390]) {
        await page.setViewportSize({ width, height: 900 });
        for (const path of targets) {
          await page.goto(`${origin(slug)}${path}`);
          await hydrated(page);
          const results = await new AxeBuilder({ page }).analyze();
          const serious = results.violations.filter(
            (violation) => violation.impact === "serious" || violation.impact === "critical",
          );
          expect(serious.map((violation) => `${path} ${width}: ${violation.id}`)).toEqual([]);
        }
      }
    });
  }
});

test("the activity day view moves by day, jumps to dates and picks a day in the calendar", async ({
  page,
  request,
}) => {
  const paths = await sitemapPaths(request, "demo");
  // A weekly class has dates on many days: its day view has something to navigate.
  const activities = paths.filter((path) => path.includes("/activities/"));
  await page.setViewportSize({ width: 1280, height: 900 });
  let found = false;
  for (const activity of activities) {
    await page.goto(`${activity}?view=day`);
    if ((await page.getByTestId("day-navigator").count()) === 0) continue;
    const next = page.getByRole("link", { name: "Dates suivantes" });
    if ((await next.count()) === 0) continue;
    found = true;
    await hydrated(page);
    const today = (await page.getByTestId("day-label").textContent())!;

    await page.getByRole("link", { name: "Jour suivant" }).click();
    await expect(page.getByTestId("day-label")).not.toHaveText(today);
    await page.getByRole("link", { name: "Jour précédent" }).click();
    await expect(page.getByTestId("day-label")).toHaveText(today);

    await next.click();
    await expect(page).toHaveURL(/date=\d{4}-\d{2}-\d{2}/);
    await expect(page.getByTestId("day-dates").locator("li").first()).toBeVisible();
    const jumped = new URL(page.url()).searchParams.get("date");

    await page
      .getByRole("button", { name: /calendrier|choisir une date/i })
      .first()
      .click();
    const grid = page.getByRole("grid");
    await expect(grid).toBeVisible();
    const markedDays = grid.getByRole("button", { name: /dates sont proposées/, disabled: false });
    const count = await markedDays.count();
    expect(count).toBeGreaterThan(0);
    await markedDays.nth(count - 1).click();
    await expect(grid).toBeHidden();
    await expect.poll(() => new URL(page.url()).searchParams.get("date")).not.toBe(jumped);
    await expect(page.getByTestId("day-dates").locator("li").first()).toBeVisible();
    break;
  }
  expect(found, "an activity with upcoming dates").toBe(true);
});
