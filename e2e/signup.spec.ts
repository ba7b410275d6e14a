import { AxeBuilder } from "@axe-core/playwright";
import type { Page } from "@playwright/test";
import { expect, expectConsoleError, hydrated, test } from "./fixtures.ts";
import { port } from "./helpers.ts";

const platform = `http://localhost:${port}`;

async function seriousViolations(page: Page): Promise<string[]> {
  const results = await new AxeBuilder({ page })
    .options({ rules: { "label-content-name-mismatch": { enabled: true } } })
    .analyze();
  return results.violations
    .filter((violation) => violation.impact === "serious" || violation.impact === "critical")
    .map(
      (violation) => `${violation.id}: ${violation.nodes.map((node) => node.target).join(", ")}`,
    );
}

test("a new organiser signs up, lands on its console's checklist and opens its storefront", async ({
  page,
}) => {
  const slug = `harbour-${Date.now().toString(36)}`;
  await page.goto(`${platform}/en`);
  await hydrated(page);
  await expect(page.getByRole("heading", { level: 1 })).toContainText("Your activities online");
  await page.getByRole("link", { name: "Create my site for free" }).click();
  await expect(page).toHaveURL(`${platform}/en/signup`);
  await hydrated(page);

  // The slug follows the name, and its availability is checked as it is typed.
  await page.getByLabel("Organisation name").fill("Harbour Music School");
  const slugInput = page.getByLabel("Your site's address");
  await expect(slugInput).toHaveValue("harbour-music-school");
  await slugInput.fill("demo");
  await expect(page.getByText("This address is already taken.")).toBeVisible();
  await slugInput.fill("admin");
  await expect(page.getByText("This address is reserved for the platform.")).toBeVisible();
  await slugInput.fill(slug);
  await expect(page.getByText("This address is free.")).toBeVisible();

  await expect(page.getByLabel("Time zone")).toHaveValue("Europe/Brussels");
  await page.getByLabel("First name").fill("Maya");
  await page.getByLabel("Last name").fill("Peeters");
  await page.getByLabel("E-mail address").fill(`${slug}@example.org`);
  await page.getByLabel("Password", { exact: true }).fill("harbour2026");
  // Without the terms, the form says so beside the box and sends nothing.
  await page.getByRole("button", { name: "Create my site" }).last().click();
  await expect(page.getByText("You must accept the terms and conditions.")).toBeVisible();
  await page.getByLabel(/I accept the/).check();
  await page.getByRole("button", { name: "Create my site" }).last().click();

  // The one-time link logs the owner in on the console's host, which opens on the checklist.
  await page.waitForURL(`http://admin.localhost:${port}/admin`);
  await hydrated(page);
  const checklist = page.getByTestId("onboarding");
  await expect(checklist.getByRole("heading", { name: "Your first steps" })).toBeVisible();
  await expect(checklist.getByText("0 of 5 done")).toBeVisible();
  await expect(checklist.getByRole("link", { name: /Add a location/ })).toHaveAttribute(
    "href",
    "/admin/locations",
  );
  await expect(checklist.getByRole("link", { name: /Publish your site/ })).toHaveAttribute(
    "href",
    "/admin/website/pages",
  );

  // Its storefront answers at once, with its default pages linked from the menu.
  await page.goto(`http://${slug}.localhost:${port}/en`);
  await hydrated(page);
  await expect(page.getByRole("heading", { level: 1, name: "Harbour Music School" })).toBeVisible();
  await page.getByRole("banner").getByRole("link", { name: "Contact" }).first().click();
  await expect(page).toHaveURL(`http://${slug}.localhost:${port}/en/contact`);
  await expect(page.getByRole("heading", { level: 1, name: "Contact" })).toBeVisible();
});

for (const width of [1280, 390]) {
  test(`the product's home and sign-up pages have no serious accessibility violation at ${width} px`, async ({
    page,
  }) => {
    await page.setViewportSize({ width, height: 900 });
    for (const path of ["/fr", "/en/signup", "/fr/signup"]) {
      await page.goto(`${platform}${path}`);
      await hydrated(page);
      expect(await seriousViolations(page), path).toEqual([]);
      // Nothing wider than the screen.
      const overflow = await page.evaluate(
        () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
      );
      expect(overflow, path).toBeLessThanOrEqual(0);
    }
  });
}

test("the platform host serves no storefront page and storefronts serve no sign-up", async ({
  page,
  consoleErrors,
}) => {
  for (const url of [
    `${platform}/fr/terms`,
    `${platform}/fr/catalogue`,
    `${platform}/api/activities`,
    `http://demo.localhost:${port}/fr/signup`,
    `http://demo.localhost:${port}/api/signup/slug-availability?slug=abc`,
  ]) {
    expect((await page.goto(url))?.status(), url).toBe(404);
    // The browser logs the 404 of the document.
    await expectConsoleError(consoleErrors, /404/);
  }
});
