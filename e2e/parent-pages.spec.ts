import type { Page } from "@playwright/test";
import { expect, hydrated, test } from "./fixtures.ts";
import { availabilityPaths, origin, port } from "./helpers.ts";

/** Whether each select matching `selector` is wide enough for its longest option. */
async function selectsFit(
  page: Page,
  selector: string,
): Promise<Array<{ longest: string; fits: boolean }>> {
  return page.evaluate((css) => {
    const canvas = document.createElement("canvas").getContext("2d")!;
    return [...document.querySelectorAll<HTMLSelectElement>(css)]
      .filter((select) => select.offsetParent !== null)
      .map((select) => {
        const style = getComputedStyle(select);
        canvas.font = `${style.fontWeight} ${style.fontSize} ${style.fontFamily}`;
        const texts = [...select.options].map((option) => option.text);
        const widths = texts.map((text) => canvas.measureText(text).width);
        const longest = texts[widths.indexOf(Math.max(...widths))]!;
        // The text box: the width less the paddings and the drop-down arrow (16 px).
        const room =
          select.clientWidth -
          Number.parseFloat(style.paddingLeft) -
          Number.parseFloat(style.paddingRight) -
          16;
        return { longest, fits: Math.max(...widths) <= room };
      });
  }, selector);
}

/** The month and year selects above a month calendar's grid. */
const CALENDAR_SELECTS = "div:has(> table) select";

for (const language of ["fr", "en"] as const) {
  for (const width of [390, 1024, 1280]) {
    test(`${language} at ${width} px: the calendar's month names are never cut`, async ({
      page,
    }) => {
      await page.setViewportSize({ width, height: 900 });
      const host = language === "fr" ? origin : `http://demo-en.localhost:${port}`;
      await page.goto(`${host}/${language}/catalogue`);
      await hydrated(page);
      // On a phone the filters (and their calendar) open in the search dialog.
      const openFilters = page.getByTestId("filters-dialog-button");
      if (await openFilters.isVisible()) await openFilters.click();
      await expect(page.locator("table").first()).toBeVisible();
      const selects = await selectsFit(page, CALENDAR_SELECTS);
      expect(selects.length).toBeGreaterThan(0);
      for (const select of selects) expect(select, select.longest).toMatchObject({ fits: true });
    });
  }
}

test("a long description shows 3 lines and opens with Read more", async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  const [path] = await availabilityPaths(
    page,
    (html) => html.includes("Domaine du Bois-Joli : construction de cabanes"),
    1,
  );
  expect(path).toBeTruthy();
  await page.goto(path!);
  await hydrated(page);
  const description = page.getByTestId("description");
  const toggle = page.getByTestId("description-toggle");
  await expect(toggle).toHaveText("Lire la suite");
  await expect(toggle).toHaveAttribute("aria-expanded", "false");
  const text = description.locator("div").first();
  const lineHeight = await text
    .locator("p")
    .first()
    .evaluate((node) => Number.parseFloat(getComputedStyle(node).lineHeight));
  const collapsed = (await text.boundingBox())!.height;
  expect(collapsed).toBeLessThanOrEqual(3 * lineHeight + 1);

  await toggle.click();
  await expect(toggle).toHaveText("Réduire");
  await expect(toggle).toHaveAttribute("aria-expanded", "true");
  expect((await text.boundingBox())!.height).toBeGreaterThan(collapsed);
  await toggle.click();
  await expect(toggle).toHaveText("Lire la suite");
});

test("the English header names the logged-in parent once beside the top bar", async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  const host = `http://demo-en.localhost:${port}`;
  await page.goto(`${host}/en/auth/login`);
  await hydrated(page);
  await page.fill('[name="email"]', "parent@demo-en.test");
  await page.fill('[name="password"]', "demo1234");
  await page.click('button[type="submit"]');
  await page.waitForURL((url) => !url.pathname.includes("/auth/login"));
  await hydrated(page);
  const session = await page.evaluate(async () => (await fetch("/api/session")).json());
  const firstname = session.customer.firstname as string;
  const shown = page.locator("header, section").getByText(firstname, { exact: true });
  await expect(shown.filter({ visible: true })).toHaveCount(1);
});

for (const language of ["fr", "en"] as const) {
  test(`${language}: the birthdate's years run from this year back 100 years`, async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    const host = language === "fr" ? origin : `http://demo-en.localhost:${port}`;
    await page.goto(`${host}/${language}/auth/register`);
    await hydrated(page);
    const years = await page
      .getByTestId("birthdate-year")
      .locator("option")
      .evaluateAll((options) =>
        options.map((option) => (option as HTMLOptionElement).value).filter(Boolean),
      );
    // Day, month and year are never cut on a phone.
    const selects = await selectsFit(page, '[data-testid^="birthdate-"]');
    expect(selects).toHaveLength(3);
    for (const select of selects) expect(select, select.longest).toMatchObject({ fits: true });
    const thisYear = new Date().getFullYear();
    expect(Number(years[0])).toBe(thisYear);
    expect(Number(years.at(-1))).toBe(thisYear - 100);
    expect(Math.max(...years.map(Number))).toBe(thisYear);
  });
}
