import { expect, expectConsoleError, hydrated, test } from "./fixtures.ts";
import { consoleApi, consoleLogin, consoleOrigin, login, signUpNewCustomer } from "./helpers.ts";

// What customers own, from the console's customer page (issue 17 §4, decision 0087). The test
// makes what it refunds (a customer of its own whose wallet, credited by the console, pays a
// bundle), so the demo parent's bundle and vouchers stay as the other tests expect them.

test("staff refund a customer's bundle to the wallet from the customer's page", async ({
  page,
}) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  const email = await signUpNewCustomer(page, "/fr", "Carnet");
  const bundles = await consoleApi(page, "GET", "/api/bundles?page_size=50");
  const pack = bundles.data.find((row: { title: string }) => row.title === "Pack 3 stages");
  const participants = await consoleApi(page, "GET", "/api/participants");
  const participantId = participants.data[0].id;

  const staff = await page.context().newPage();
  await staff.setViewportSize({ width: 1280, height: 900 });
  await consoleLogin(staff);
  const found = await consoleApi(
    staff,
    "GET",
    `/api/admin/customers?q=${encodeURIComponent(email)}`,
  );
  const customer = found.data[0];
  await consoleApi(staff, "POST", `/api/admin/customers/${customer.cuid}/wallet`, {
    direction: "CREDIT",
    amount: 50_000,
    reason: "Avance de la famille",
  });

  // The customer buys the bundle; their wallet pays it at checkout.
  const added = await consoleApi(page, "POST", "/api/carts/items", {
    bundles: [{ bundle_id: pack.id, participant_id: participantId }],
  });
  await consoleApi(page, "POST", "/api/carts/checkout", {
    cart_id: added.cart.id,
    payment_strategy: "DELAYED",
    terms: true,
  });

  await staff.goto(`${consoleOrigin}/admin/customers/${customer.cuid}?tab=owned`);
  await hydrated(staff);
  const figures = staff.getByTestId("customer-figures");
  await expect(figures).toContainText(/Portefeuille\s*80\s€/);
  const row = staff
    .getByTestId("customer-bundles")
    .getByRole("row")
    .filter({ hasText: "Pack 3 stages" });
  await expect(row).toContainText(/420\s€\s\/\s420\s€/);
  await row.getByTestId("refund-bundle").click();
  const dialog = staff.getByRole("dialog");
  await expect(dialog).toContainText(/revient au portefeuille/);
  await dialog.getByLabel(/motif/i).fill("Déménagement de la famille");
  await staff.getByTestId("refund-submit").click();
  await expect(staff.getByText("Remboursement crédité au portefeuille.")).toBeVisible();

  // The row says refunded and offers no action any more; the wallet holds the refund.
  await expect(row).toContainText(/Remboursé \(420\s€\)/);
  await expect(row.getByTestId("refund-bundle")).toHaveCount(0);
  await expect(figures).toContainText(/Portefeuille\s*500\s€/);
  await staff.getByTestId("tab-wallet").click();
  await expect(staff.getByTestId("wallet-movements")).toContainText(/420\s€/);
});

test("staff answer a review and the answer shows on the activity's page with its rating", async ({
  page,
  consoleErrors,
}) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  // The demo parent reviews the Wednesday nature club, which started weeks ago (once: another
  // test or a retried attempt may have written it already, public as a new review is).
  await login(page);
  const registrations = await consoleApi(page, "GET", "/api/registrations?page_size=100");
  const club = registrations.data.find(
    (row: { availability: { activity: { title: string } }; cancelled: boolean }) =>
      row.availability.activity.title === "Club nature du mercredi" && !row.cancelled,
  );
  const status = await page.evaluate(async (id) => {
    const xsrf = document.cookie
      .split("; ")
      .find((cookie) => cookie.startsWith("XSRF-TOKEN="))
      ?.slice("XSRF-TOKEN=".length);
    const response = await fetch("/api/registrations/review", {
      method: "POST",
      headers: {
        "content-type": "application/json",
        "x-xsrf-token": decodeURIComponent(xsrf ?? ""),
      },
      body: JSON.stringify({
        registration_id: id,
        score: 4,
        message: "Les enfants ont adoré les cabanes.",
        public: true,
      }),
    });
    return response.status;
  }, club.id);
  // 409 REVIEW_ALREADY_EXISTS: written before (an earlier attempt or another test).
  expect([200, 201, 409]).toContain(status);
  if (status === 409) await expectConsoleError(consoleErrors, /status of 409/);

  const staff = await page.context().newPage();
  await staff.setViewportSize({ width: 1280, height: 900 });
  await consoleLogin(staff);
  await staff.goto(`${consoleOrigin}/admin/reviews?q=${encodeURIComponent("Club nature")}`);
  await hydrated(staff);
  const row = staff.getByTestId("reviews-table").getByRole("row").filter({ hasText: "Dubois" });
  await row.first().getByTestId("answer-review").click();
  const answer = `Merci, à mercredi prochain ! ${Date.now()}`;
  await staff
    .getByRole("dialog")
    .getByLabel(/votre réponse/i)
    .fill(answer);
  await staff.getByTestId("answer-submit").click();
  await expect(staff.getByText("Réponse publiée.")).toBeVisible();
  await expect(row.first().getByTestId("review-answer")).toContainText(answer);
  const href = await row
    .first()
    .getByRole("link", { name: "Club nature du mercredi" })
    .getAttribute("href");
  const activity = new URL(href!, consoleOrigin).searchParams.get("activity");

  await page.goto(`/fr/activities/${activity}`);
  await hydrated(page);
  const reviews = page.getByTestId("activity-reviews");
  await expect(reviews).toContainText(answer);
  await expect(page.getByTestId("reviews-average")).toContainText(/sur 5 · \d+ avis/);
  const jsonLd = await page.locator('script[type="application/ld+json"]').allTextContents();
  const rating = jsonLd.map((text) => JSON.parse(text)).find((data) => data.aggregateRating);
  expect(rating.aggregateRating).toMatchObject({ "@type": "AggregateRating", bestRating: 5 });
  expect(rating.aggregateRating.reviewCount).toBeGreaterThan(0);
});
