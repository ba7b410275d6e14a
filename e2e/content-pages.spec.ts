import { expect, hydrated, test } from "./fixtures.ts";
import { consoleLogin, consoleOrigin, port, seriousViolations } from "./helpers.ts";

// The demo's content pages are builder pages: contact (the organiser's details, read from its
// settings), FAQ, terms; and the summer camps pages list July and August camps only.

const EN_ORIGIN = `http://demo-en.localhost:${port}`;

test("the contact page shows the organiser's address, map link, e-mail and phone as its settings hold them", async ({
  page,
}) => {
  await page.goto("/fr/contact");
  const details = page.getByRole("definition");
  await expect(page.getByRole("heading", { name: "Nos coordonnées" })).toBeVisible();
  await expect(details.filter({ hasText: "Rue de la Forêt 12" })).toContainText("1000 Bruxelles");
  const map = page.getByRole("link", { name: /Voir sur OpenStreetMap/ });
  await expect(map).toHaveAttribute(
    "href",
    `https://www.openstreetmap.org/search?query=${encodeURIComponent("Rue de la Forêt 12, 1000 Bruxelles, Belgique")}`,
  );
  await expect(map).toHaveAttribute("target", "_blank");
  const main = page.getByRole("main");
  await expect(
    main.getByRole("link", { name: "bonjour@petits-explorateurs.test" }),
  ).toHaveAttribute("href", "mailto:bonjour@petits-explorateurs.test");
  await expect(main.getByRole("link", { name: "+32 2 123 45 67" })).toHaveAttribute(
    "href",
    "tel:+3221234567",
  );

  // The organiser moves: the page follows its business settings.
  await consoleLogin(page);
  await page.goto(`${consoleOrigin}/admin/settings/business`);
  await hydrated(page);
  const street = page.getByLabel(/^Rue/);
  await street.fill("Avenue des Explorateurs");
  await page.getByTestId("business-form-save").click();
  await expect(page.getByText("Paramètres enregistrés")).toBeVisible();
  // The host's organiser is reused for PUBLIC_CACHE_TTL_MS (2 s) at most (decision 0012).
  await expect(async () => {
    await page.goto("/fr/contact");
    await expect(page.getByText("Avenue des Explorateurs 12")).toBeVisible({ timeout: 500 });
  }).toPass({ timeout: 15_000 });
  await expect(page.getByRole("link", { name: /Voir sur OpenStreetMap/ })).toHaveAttribute(
    "href",
    /query=Avenue%20des%20Explorateurs%2012/,
  );

  // Back to how the demo was, for the other browser tests.
  await page.goto(`${consoleOrigin}/admin/settings/business`);
  await hydrated(page);
  await page.getByLabel(/^Rue/).fill("Rue de la Forêt");
  await page.getByTestId("business-form-save").click();
  await expect(page.getByText("Paramètres enregistrés")).toBeVisible();
});

test("the English club's contact page writes a British address and links to Google Maps", async ({
  page,
}) => {
  await page.goto(`${EN_ORIGIN}/en/contact`);
  await expect(page.getByRole("definition").filter({ hasText: "12 Riverside Walk" })).toContainText(
    "SE1 9PP",
  );
  await expect(page.getByRole("link", { name: /View on Google Maps/ })).toHaveAttribute(
    "href",
    /^https:\/\/www\.google\.com\/maps\/search\/\?api=1&query=12%20Riverside%20Walk%2C%20London%2C%20SE1%209PP/,
  );
});

test("the FAQ page opens an answer, and /terms shows the organiser's own terms", async ({
  page,
}) => {
  await page.goto("/fr/faq");
  await hydrated(page);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Questions fréquentes");
  const answer = page.getByText("Ajoutez chaque enfant comme participant");
  await expect(answer).toBeHidden();
  await page.getByText("Comment inscrire plusieurs enfants ?").click();
  await expect(answer).toBeVisible();

  await page.goto("/fr/terms");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Conditions générales");
  await expect(page.getByRole("heading", { name: "3. Annulation" })).toBeVisible();
  await expect(page.getByRole("link", { name: "Vie privée" }).first()).toHaveAttribute(
    "href",
    "/fr/vie-privee",
  );
});

test("'Les stages de l'été' and the summer camps pages list July and August camps only", async ({
  page,
}) => {
  for (const [url, months] of [
    ["/fr", /juil\.|août/],
    ["/fr/stages/ete", /juil\.|août/],
    [`${EN_ORIGIN}/en/camps/summer`, /Jul|Aug/],
  ] as const) {
    await page.goto(url);
    const cards = page.getByTestId("availability-card");
    await expect(cards.first()).toBeVisible();
    // The first line of a card is its dates.
    const dates = await cards.evaluateAll((nodes) =>
      nodes.map((node) => node.querySelector("li")?.textContent ?? ""),
    );
    expect(dates.length, url).toBeGreaterThan(0);
    for (const text of dates) expect(text, url).toMatch(months);
  }
});

for (const width of [1280, 390]) {
  test(`the content and camps pages have no serious accessibility violation at ${width} px`, async ({
    page,
  }) => {
    await page.setViewportSize({ width, height: 900 });
    for (const url of [
      "/fr/contact",
      "/fr/faq",
      "/fr/terms",
      "/fr/stages/ete",
      `${EN_ORIGIN}/en/contact`,
      `${EN_ORIGIN}/en/camps/summer`,
    ]) {
      await page.goto(url);
      await hydrated(page);
      expect(await seriousViolations(page), url).toEqual([]);
    }
  });
}
