import type { Page } from "@playwright/test";
import { expect, hydrated, test } from "./fixtures.ts";
import { login, origin, port } from "./helpers.ts";

interface ListedAvailability {
  cuid: string;
  age_minimum: number | null;
  age_maximum: number | null;
  activity: { title: string; registration_flow: "DIRECT" | "REQUEST" };
}

/** The age of Léa, the demo parent's first participant (7 years and 4 months). */
const PARTICIPANT_AGE = 7;

/**
 * Two OPEN availabilities of different activities that Léa may join and whose activity asks no
 * required question (the server refuses an add without the required answers): read from the
 * catalogue API, then checked on the availability page as the logged-in customer sees it.
 */
async function twoSimpleAvailabilities(page: Page): Promise<ListedAvailability[]> {
  // Node does not resolve *.localhost: loopback with the host header and the session cookies.
  const cookie = (await page.context().cookies(origin))
    .map(({ name, value }) => `${name}=${value}`)
    .join("; ");
  const headers = { host: `demo.localhost:${port}`, cookie };
  const response = await page.request.get(
    `http://127.0.0.1:${port}/api/availabilities?status=OPEN&limit=100`,
    { headers },
  );
  expect(response.ok()).toBe(true);
  const { data } = (await response.json()) as { data: ListedAvailability[] };
  const chosen: ListedAvailability[] = [];
  for (const availability of data) {
    if (availability.activity.registration_flow !== "DIRECT") continue;
    if ((availability.age_minimum ?? 0) > PARTICIPANT_AGE) continue;
    if ((availability.age_maximum ?? 99) < PARTICIPANT_AGE) continue;
    if (chosen.some((other) => other.activity.title === availability.activity.title)) continue;
    const page_ = await page.request.get(
      `http://127.0.0.1:${port}/fr/availabilities/${availability.cuid}`,
      { headers },
    );
    const html = await page_.text();
    // An open add form without any required question (marked "(obligatoire)").
    if (!html.includes('data-testid="add-to-cart-form"') || html.includes("(obligatoire)")) {
      continue;
    }
    chosen.push(availability);
    if (chosen.length === 2) return chosen;
  }
  throw new Error("no two open availabilities without required questions in the demo");
}

test.describe("add several availabilities", () => {
  test("remove one from the selection, add the other, land on the checkout", async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 900 });
    await login(page);
    const [first, second] = await twoSimpleAvailabilities(page);
    await page.goto(`/fr/cart/add?availabilities=${first!.cuid},${second!.cuid}`);
    await hydrated(page);

    const items = page.getByTestId("cart-add-item");
    await expect(items).toHaveCount(2);
    await expect(items.nth(0)).toContainText(first!.activity.title);
    await expect(items.nth(1)).toContainText(second!.activity.title);

    // Removing rewrites the query in place.
    await items.nth(0).getByTestId("cart-add-remove").click();
    await expect(items).toHaveCount(1);
    await expect(items).toContainText(second!.activity.title);
    await expect(page).toHaveURL(
      (url) =>
        url.pathname === "/fr/cart/add" && url.searchParams.get("availabilities") === second!.cuid,
    );

    // Auto-select: the form starts on a participant, the first who could go to every session
    // picked when the page opened (the age limits disable the others).
    const participant = page.getByLabel("Participant", { exact: true });
    await expect(participant).not.toHaveValue("");
    await expect(participant.locator("option:checked")).toBeEnabled();
    const lea = await participant
      .locator("option", { hasText: "Léa" })
      .evaluate((option) => (option as HTMLOptionElement).value);
    await participant.selectOption(lea);
    await page.getByTestId("cart-add-submit").click();
    await page.waitForURL((url) => url.pathname === "/fr/checkout");
    await expect(page.getByTestId("checkout-item")).toHaveCount(1);
    await expect(page.getByTestId("checkout-item")).toContainText(second!.activity.title);
  });

  test("without a selection: the empty state", async ({ page }) => {
    await login(page);
    await page.goto("/fr/cart/add");
    await hydrated(page);
    await expect(page.getByTestId("cart-add-empty")).toContainText("Aucune séance choisie");
    await expect(page.getByTestId("cart-add-item")).toHaveCount(0);
    await expect(page.getByTestId("cart-add-submit")).toHaveCount(0);
  });

  test("a visitor gets the login prompt that comes back here", async ({ page }) => {
    const response = await page.request.get(
      `http://127.0.0.1:${port}/api/availabilities?status=OPEN&limit=1`,
      { headers: { host: `demo.localhost:${port}` } },
    );
    const { data } = (await response.json()) as { data: ListedAvailability[] };
    const cuid = data[0]!.cuid;
    await page.goto(`/fr/cart/add?availabilities=${cuid}`);
    await hydrated(page);
    await expect(page.getByTestId("cart-add-item")).toHaveCount(1);
    await expect(page.getByTestId("cart-add-submit")).toHaveCount(0);
    const prompt = page.getByTestId("login-prompt");
    await expect(prompt).toBeVisible();
    await expect(prompt.getByRole("link").first()).toHaveAttribute(
      "href",
      new RegExp(`/fr/auth/login\\?redirect=${encodeURIComponent("/fr/cart/add?")}`),
    );
  });
});
