import { expect, hydrated, test } from "./fixtures.ts";
import {
  answerDemoQuestions,
  availabilityWithOptions,
  chooseParticipantWithEstimate,
  login,
  port,
  signUpNewCustomer,
} from "./helpers.ts";

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
    await answerDemoQuestions(form);

    // The drawer shows the add's answer: the page's own data is not read again while the parent
    // goes on from the drawer, only once the drawer is closed on the page (decision 0107).
    const pageData: string[] = [];
    page.on("request", (request) => {
      if (new URL(request.url()).pathname === `${path}.data`) pageData.push(request.url());
    });
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
    expect(pageData).toEqual([]);
    await page.keyboard.press("Escape");
    await expect(drawer).toBeHidden();
    await expect.poll(() => pageData.length).toBe(1);
    await page.getByTestId("cart-button").click();
    await expect(drawer).toBeVisible();

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

  test("an add at the first click says so, even before the page's other strings arrive", async ({
    page,
  }) => {
    await signUpNewCustomer(page);
    // A bundle's page adds in one click. The area's strings, loaded at the first interaction,
    // come late: the toast must wait for its string, not show an empty one (decision 0108).
    const sitemap = await page.request.get(`http://127.0.0.1:${port}/sitemap.xml`, {
      headers: { host: `demo.localhost:${port}` },
    });
    const bundle = /<loc>https?:\/\/[^/]+(\/fr\/bundles\/[^<]+)<\/loc>/.exec(await sitemap.text());
    expect(bundle).not.toBeNull();
    await page.route(/\/assets\/(common|storefront)-[\w-]+\.js$/, async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 1500));
      await route.continue();
    });
    await page.goto(bundle![1]!);
    await hydrated(page);
    await page.getByTestId("add-to-cart-submit").click();
    await expect(page.getByTestId("cart-drawer")).toBeVisible();
    await expect(page.getByText("Panier mis à jour")).toBeVisible();
  });
});
