import { AxeBuilder } from "@axe-core/playwright";
import type { Page } from "@playwright/test";
import { expect, hydrated, test } from "./fixtures.ts";
import { consoleLogin, consoleOrigin, origin } from "./helpers.ts";

/** The serious and critical axe violations of the page's main content, by rule id. */
async function seriousViolations(page: Page): Promise<string[]> {
  const { violations } = await new AxeBuilder({ page }).include("main").analyze();
  return violations
    .filter((violation) => violation.impact === "serious" || violation.impact === "critical")
    .map((violation) => violation.id);
}

/** A 4 × 3 PNG (red pixels), small enough to write inline. */
const PNG = Buffer.from(
  "iVBORw0KGgoAAAANSUhEUgAAAAQAAAADCAIAAAA7ljmRAAAACXBIWXMAAAPoAAAD6AG1e1JrAAAAEElEQVQImWM4YKkNRww4OQASGg2xSCO4RwAAAABJRU5ErkJggg==",
  "base64",
);

test("a collaborator writes and publishes an article in the console, and visitors find it on /blog and its page", async ({
  page,
}) => {
  await consoleLogin(page);
  const title = `Journée portes ouvertes ${Date.now()}`;

  await page.goto(`${consoleOrigin}/admin/blog`);
  await hydrated(page);
  await page.getByTestId("new-article").click();
  await page.waitForURL(/\/admin\/blog\/new$/);
  await hydrated(page);
  await page.getByTestId("article-title").fill(title);
  await page.getByTestId("article-content").click();
  await page.keyboard.type("Venez découvrir nos ateliers samedi prochain.");
  await page.getByTestId("save-article").click();
  await page.waitForURL(/\/admin\/blog\/[a-z0-9]+$/);
  await hydrated(page);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(title);
  await expect(page.getByTestId("article-status")).toContainText("Brouillon");
  const slug = await page.getByTestId("article-slug").inputValue();
  expect(slug).toMatch(/^journee-portes-ouvertes-\d+$/);

  // Two images, for the carousel.
  for (const [index, name] of ["salle.png", "jardin.png"].entries()) {
    await page
      .getByTestId("image-file")
      .setInputFiles({ name, mimeType: "image/png", buffer: PNG });
    await expect(page.getByTestId("images-list").locator("img")).toHaveCount(index + 1);
  }

  // Not on the storefront while it is a draft (a tab of its own: its 404 is expected).
  const visitor = await page.context().newPage();
  expect((await visitor.goto(`${origin}/fr/blog/${slug}`))?.status()).toBe(404);

  expect(await seriousViolations(page)).toEqual([]);

  await page.getByTestId("publish-article").click();
  await expect(page.getByTestId("unpublish-article")).toBeVisible();
  await expect(page.getByTestId("article-status")).toContainText("Publié");

  await page.goto(`${origin}/fr/blog`);
  await hydrated(page);
  const card = page.getByTestId("article-card").filter({ hasText: title });
  await expect(card).toBeVisible();
  await expect(card).toContainText("Venez découvrir nos ateliers samedi prochain.");
  await expect(page.locator('link[rel="alternate"][type="application/atom+xml"]')).toHaveAttribute(
    "href",
    "/blog/feed.xml",
  );
  await card.getByRole("link", { name: title }).click();
  await page.waitForURL(new RegExp(`/fr/blog/${slug}$`));
  await hydrated(page);
  await expect(page.getByTestId("article-title")).toHaveText(title);
  await expect(page.getByTestId("article-content")).toHaveText(
    "Venez découvrir nos ateliers samedi prochain.",
  );
  await expect(page.getByTestId("breadcrumb").getByRole("link", { name: "Blog" })).toBeVisible();
  const structured = JSON.parse(
    (await page.locator('script[type="application/ld+json"]').textContent()) ?? "{}",
  );
  expect(structured).toMatchObject({ "@type": "BlogPosting", headline: title });

  // The carousel: one image at a time, the buttons and the arrow keys move it.
  const carousel = page.getByTestId("article-carousel");
  const slides = carousel.locator("[aria-roledescription='diapositive']");
  await expect(slides.nth(0)).toBeVisible();
  await expect(slides.nth(1)).toBeHidden();
  await carousel.getByTestId("carousel-next").click();
  await expect(slides.nth(1)).toBeVisible();
  await expect(slides.nth(0)).toBeHidden();
  await page.keyboard.press("ArrowRight");
  await expect(slides.nth(0)).toBeVisible();

  expect(await seriousViolations(page)).toEqual([]);

  const feed = await visitor.goto(`${origin}/blog/feed.xml`);
  expect(feed?.headers()["content-type"]).toContain("application/atom+xml");
  expect(await feed?.text()).toContain(`/fr/blog/${slug}`);
});

test("the English demo blog lists its articles, and a scheduled one is not found", async ({
  page,
  context,
}) => {
  const english = origin.replace("demo.localhost", "demo-en.localhost");
  await page.goto(`${english}/en/blog`);
  await hydrated(page);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Blog");
  await expect(
    page.getByTestId("article-card").filter({ hasText: "Summer camp bookings are open" }),
  ).toBeVisible();
  const visitor = await context.newPage();
  const scheduled = await visitor.goto(`${english}/en/blog/autumn-half-term-preview`);
  expect(scheduled?.status()).toBe(404);
});
