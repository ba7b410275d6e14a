import type { Locator, Page } from "@playwright/test";
import { expect, hydrated, test } from "./fixtures.ts";

const port = process.env.E2E_PORT ?? 3100;
const origin = `http://demo.localhost:${port}`;

async function login(page: Page): Promise<void> {
  await page.goto("/fr/auth/login");
  await hydrated(page);
  await page.fill('[name="email"]', "parent@demo.test");
  await page.fill('[name="password"]', "demo1234");
  await page.click('button[type="submit"]');
  await page.waitForURL((url) => !url.pathname.includes("/auth/login"));
}

/**
 * An open availability whose add form offers the "Garderie" option (one price: a switch), found
 * through the sitemap and the page as the logged-in customer sees it.
 */
async function availabilityWithOptions(page: Page): Promise<string> {
  const sitemap = await page.request.get(`http://127.0.0.1:${port}/sitemap.xml`, {
    headers: { host: `demo.localhost:${port}` },
  });
  expect(sitemap.ok()).toBe(true);
  const paths = [...(await sitemap.text()).matchAll(/<loc>https?:\/\/[^/]+(\/[^<]*)<\/loc>/g)]
    .map((match) => match[1]!)
    .filter((path) => /\/availabilities\//.test(path));
  expect(paths.length).toBeGreaterThan(0);
  // Node does not resolve *.localhost: loopback with the host header and the session cookies.
  const cookie = (await page.context().cookies(origin))
    .map(({ name, value }) => `${name}=${value}`)
    .join("; ");
  for (const path of paths) {
    const response = await page.request.get(`http://127.0.0.1:${port}${path}`, {
      headers: { host: `demo.localhost:${port}`, cookie },
    });
    const html = await response.text();
    if (html.includes('data-testid="add-to-cart-form"') && html.includes("Garderie")) return path;
  }
  throw new Error("no open availability with options in the demo sitemap");
}

/** Picks the participants in turn until the estimate shows a price (age limits may refuse one). */
async function chooseParticipantWithEstimate(form: Locator): Promise<string> {
  const select = form.getByLabel("Participant", { exact: true });
  const values = await select
    .locator("option")
    .evaluateAll((options) =>
      options.map((option) => (option as HTMLOptionElement).value).filter(Boolean),
    );
  expect(values.length).toBeGreaterThan(0);
  for (const value of values) {
    await select.selectOption(value);
    const price = form.getByTestId("estimate-price");
    try {
      await expect(price).toBeVisible({ timeout: 5_000 });
      return value;
    } catch {
      // this participant is refused (age limits): try the next one
    }
  }
  throw new Error("no participant gets an estimate");
}

test.describe("cart", () => {
  test("add a registration with an option, see it in the drawer, remove it", async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 900 });
    await login(page);
    const path = await availabilityWithOptions(page);
    await page.goto(path);
    await hydrated(page);
    const title = (await page.getByTestId("availability-title").textContent())!.trim();
    await expect(page.getByTestId("cart-count")).toHaveText("0");

    const form = page.getByTestId("add-to-cart-form");
    await expect(form).toBeVisible();
    await chooseParticipantWithEstimate(form);
    const before = (await form.getByTestId("estimate-price").textContent())!.trim();

    // The "Garderie" option (one price) is a switch; taking it changes the estimate.
    const dayCare = form.getByRole("switch", { name: /Garderie/ });
    await expect(dayCare).not.toBeChecked();
    await form.getByText("Garderie", { exact: true }).click();
    await expect(dayCare).toBeChecked();
    await expect(form.getByTestId("estimate-price")).not.toHaveText(before);
    await expect(form.getByTestId("estimate-details")).toContainText("Options");
    const estimate = (await form.getByTestId("estimate-price").textContent())!.trim();

    // Required questions of the demo activities.
    const pickUp = form.getByLabel(/Personnes autorisées/);
    if ((await pickUp.count()) > 0) await pickUp.fill("Marie Dubois, 0470 12 34 56");
    const swims = form.getByRole("group", { name: /sait-il nager/ });
    if ((await swims.count()) > 0) await swims.getByLabel("Oui").check();

    await form.getByTestId("add-to-cart-submit").click();
    await expect(page.getByText("Panier mis à jour")).toBeVisible();

    const drawer = page.getByTestId("cart-drawer");
    await expect(drawer).toBeVisible();
    await expect(drawer.getByTestId("cart-item")).toHaveCount(1);
    await expect(drawer.getByTestId("cart-item")).toContainText(title);
    await expect(drawer.getByTestId("cart-total")).toHaveText(estimate);
    await expect(page.getByTestId("cart-count")).toHaveText("1");
    await expect(drawer.getByRole("link", { name: "Commander" })).toHaveAttribute(
      "href",
      /\/checkout$/,
    );

    // Removing the last item empties the cart and closes the drawer; reopened, it is empty.
    await drawer.getByRole("button", { name: new RegExp(`Retirer « ${title}`) }).click();
    await expect(drawer).toBeHidden();
    await expect(page.getByTestId("cart-count")).toHaveText("0");
    await page.getByTestId("cart-button").click();
    await expect(page.getByTestId("cart-drawer")).toBeVisible();
    await expect(page.getByTestId("cart-empty")).toContainText("Votre panier est vide");
    await page.keyboard.press("Escape");
    await expect(page.getByTestId("cart-drawer")).toBeHidden();
  });

  test("the drawer slides from the bottom on a phone", async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await login(page);
    await page.goto("/fr");
    await hydrated(page);
    await page.getByTestId("cart-button").click();
    const drawer = page.getByTestId("cart-drawer");
    await expect(drawer).toBeVisible();
    const animation = await drawer.evaluate((element) => getComputedStyle(element).animationName);
    expect(animation).toBe("slide-in-bottom");
    await expect
      .poll(async () => {
        const box = await drawer.boundingBox();
        return box && Math.round(box.y + box.height) === 844 && box.x === 0 && box.width === 390;
      })
      .toBe(true);
    // No Close button on phones: the overlay closes it.
    await expect(drawer.getByRole("button", { name: "Fermer le panier" })).toBeHidden();
    await page.mouse.click(195, 40);
    await expect(drawer).toBeHidden();
  });
});
