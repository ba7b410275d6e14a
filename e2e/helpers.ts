import { AxeBuilder } from "@axe-core/playwright";
import type { Locator, Page } from "@playwright/test";
import { expect, hydrated } from "./fixtures.ts";

export const port = process.env.E2E_PORT ?? 3100;
export const origin = `http://demo.localhost:${port}`;

/**
 * Registers a new customer of the demo organiser (or of the storefront whose home is `home`)
 * through the API and stays logged in: a clean slate (one participant, no wallet, bundles or
 * history) for tests whose amounts must not depend on what other tests or the seed gave the
 * demo parent.
 */
export async function signUpNewCustomer(
  page: Page,
  home = "/fr",
  lastname = "Martin",
): Promise<string> {
  await page.goto(home);
  await hydrated(page);
  const email = `client-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@example.test`;
  const status = await page.evaluate(
    async ([address, name]) => {
      const xsrf = decodeURIComponent(
        /(?:^|; )XSRF-TOKEN=([^;]*)/.exec(document.cookie)?.[1] ?? "",
      );
      const response = await fetch("/api/auth/register", {
        method: "POST",
        headers: { "content-type": "application/json", "x-xsrf-token": xsrf },
        body: JSON.stringify({
          firstname: "Alix",
          lastname: name,
          email: address,
          phone: "+32 470 11 22 33",
          password: "demo1234",
          terms: true,
          custom_data: [],
          participant: { birthdate: "2016-05-04", custom_data: [] },
        }),
      });
      return response.status;
    },
    [email, lastname] as const,
  );
  if (status !== 201) throw new Error(`registering ${email} answered ${status}`);
  await page.reload();
  await hydrated(page);
  return email;
}

/** Logs in as the demo parent (parent@demo.test) through the login page. */
export async function login(page: Page): Promise<void> {
  await page.goto("/fr/auth/login");
  await hydrated(page);
  await page.fill('[name="email"]', "parent@demo.test");
  await page.fill('[name="password"]', "demo1234");
  await page.click('button[type="submit"]');
  await page.waitForURL((url) => !url.pathname.includes("/auth/login"));
  await emptyCart(page);
}

/**
 * The demo customer is shared by the browser tests: each one starts from an empty cart, removed
 * through the API from the page (its cookies and XSRF token).
 */
async function emptyCart(page: Page): Promise<void> {
  await page.evaluate(async () => {
    const xsrf = decodeURIComponent(/(?:^|; )XSRF-TOKEN=([^;]*)/.exec(document.cookie)?.[1] ?? "");
    const response = await fetch("/api/carts/current");
    const { cart } = (await response.json()) as {
      cart: { cuid: string; awaiting_payment: boolean; items: { id: number }[] } | null;
    };
    // A payment left in progress by an earlier test freezes the cart: cancel it first.
    if (cart?.awaiting_payment) {
      await fetch(`/api/carts/${cart.cuid}/payment`, {
        method: "DELETE",
        headers: { "x-xsrf-token": xsrf },
      });
    }
    for (const item of cart?.items ?? []) {
      await fetch(`/api/carts/items?item_id=${item.id}`, {
        method: "DELETE",
        headers: { "x-xsrf-token": xsrf },
      });
    }
  });
  await page.reload();
  await hydrated(page);
}

/**
 * An open availability whose add form offers the "Garderie" option (one price: a switch), found
 * through the sitemap and the page as the logged-in customer sees it.
 */
export async function availabilityWithOptions(page: Page): Promise<string> {
  const [path] = await availabilityPaths(
    page,
    (html) =>
      html.includes('data-testid="add-to-cart-form"') &&
      // the demo's "Garderie", not an option of an activity another test created ("Garderie du soir")
      />\s*Garderie\s*</.test(html) &&
      hasSelectableDate(html) &&
      hasEligibleParticipant(html),
    1,
  );
  if (!path) throw new Error("no open availability with options in the demo sitemap");
  return path;
}

/**
 * An open availability the customer of `page` may register for, with room to spare (five places
 * or more, or no limit): for a test that must not take one of the last places of an availability
 * other tests look for (the demo's robotics camp, for its age limits).
 */
export async function roomyAvailability(page: Page): Promise<string> {
  const response = await page.request.get(
    `http://127.0.0.1:${port}/api/availabilities?limit=100&status=OPEN`,
    { headers: { host: `demo.localhost:${port}` } },
  );
  const { data } = (await response.json()) as {
    data: { cuid: string; booking: { bookable: boolean; remaining: number | null } }[];
  };
  const roomy = new Set(
    data
      .filter(({ booking }) => booking.bookable && (booking.remaining ?? 5) >= 5)
      .map(({ cuid }) => cuid),
  );
  const [path] = await availabilityPaths(
    page,
    (html, path) =>
      roomy.has(path.split("/").at(-1)!) &&
      html.includes('data-testid="add-to-cart-form"') &&
      hasSelectableDate(html) &&
      hasEligibleParticipant(html),
    1,
  );
  if (!path) throw new Error("no open availability with room to spare in the demo sitemap");
  return path;
}

/** Whether the add form offers one of the customer's participants (age limits disable others). */
export function hasEligibleParticipant(html: string): boolean {
  return /<option value="\d+"(?![^>]*(?:disabled|data-ineligible))[^>]*>/.test(html);
}

/**
 * Whether an add form offers a date to tick: the browser tests share the demo data, and those
 * run earlier may have taken the last places of an availability.
 */
function hasSelectableDate(html: string): boolean {
  return [...html.matchAll(/<input[^>]*name="dates"[^>]*>/g)].some(
    ([input]) => !/\sdisabled(=|\s|>)/.test(input),
  );
}

/**
 * The availability pages of the demo sitemap whose HTML, as the page's session sees it, passes
 * `accept`: at most `limit`, in sitemap order.
 */
export async function availabilityPaths(
  page: Page,
  accept: (html: string, path: string) => boolean,
  limit = Number.POSITIVE_INFINITY,
): Promise<string[]> {
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
  const found: string[] = [];
  for (const path of paths) {
    if (found.length >= limit) break;
    const response = await page.request.get(`http://127.0.0.1:${port}${path}`, {
      headers: { host: `demo.localhost:${port}`, cookie },
    });
    if (accept(await response.text(), path)) found.push(path);
  }
  return found;
}

/**
 * Picks the participants the form offers (those outside the age limits are disabled) in turn
 * until the estimate shows a price.
 */
export async function chooseParticipantWithEstimate(form: Locator): Promise<string> {
  const select = form.getByLabel("Participant", { exact: true });
  const values = await select.locator("option").evaluateAll((options) =>
    (options as HTMLOptionElement[])
      .filter((option) => !option.disabled)
      .map((option) => option.value)
      .filter(Boolean),
  );
  expect(values.length).toBeGreaterThan(0);
  for (const value of values) {
    await select.selectOption(value);
    const price = form.getByTestId("estimate-price");
    try {
      await expect(price).toBeVisible({ timeout: 5_000 });
      return value;
    } catch {
      // no estimate for this participant: try the next one
    }
  }
  throw new Error("no participant gets an estimate");
}

/** Answers the required questions of the demo activities, when the form asks them. */
export async function answerDemoQuestions(form: Locator): Promise<void> {
  const pickUp = form.getByLabel(/Personnes autorisées/);
  if ((await pickUp.count()) > 0) await pickUp.fill("Marie Dubois, 0470 12 34 56");
  const swims = form.getByRole("group", { name: /sait-il nager/ });
  if ((await swims.count()) > 0) await swims.getByLabel("Oui").check();
}

/**
 * Adds one registration of the open availability at `path` (first participant with an estimate)
 * and waits for the cart update; returns the activity title.
 */
export async function addRegistration(page: Page, path: string): Promise<string> {
  await page.goto(path);
  await hydrated(page);
  const title = (await page.getByTestId("availability-title").textContent())!.trim();
  const form = page.getByTestId("add-to-cart-form");
  await expect(form).toBeVisible();
  await chooseParticipantWithEstimate(form);
  await answerDemoQuestions(form);
  await form.getByTestId("add-to-cart-submit").click();
  await expect(page.getByText("Panier mis à jour")).toBeVisible();
  return title;
}

export const consoleOrigin = `http://admin.localhost:${port}`;

/** Logs a collaborator in to the console (demo password) and waits for its home. */
export async function consoleLogin(page: Page, email = "owner@demo.test"): Promise<void> {
  await page.goto(`${consoleOrigin}/admin/login`);
  await hydrated(page);
  await page.fill('[name="email"]', email);
  await page.fill('[name="password"]', "demo1234");
  await page.click('button[type="submit"]');
  await page.waitForURL((url) => url.pathname === "/admin");
  await hydrated(page);
}

/** Chooses a birthdate "YYYY-MM-DD" in the day, month and year selects of a birthdate field. */
export async function chooseBirthdate(scope: Page | Locator, day: string): Promise<void> {
  const [year, month, date] = day.split("-").map(Number);
  await scope.getByTestId("birthdate-day").selectOption(String(date));
  await scope.getByTestId("birthdate-month").selectOption(String(month));
  await scope.getByTestId("birthdate-year").selectOption(String(year));
}

/** Checks out the cart by bank transfer; returns the cuid of the registration it made. */
export async function checkoutByTransfer(page: Page): Promise<string> {
  await page.goto("/fr/checkout");
  await hydrated(page);
  await page.getByTestId("checkout-terms").check();
  await page.getByTestId("checkout-submit").click();
  await page.waitForURL(/\/fr\/checkout\/[^/]+\/success$/);
  const cart = /\/checkout\/([^/]+)\/success$/.exec(new URL(page.url()).pathname)![1]!;
  return page.evaluate(async (cuid) => {
    const response = await fetch(`/api/carts/${cuid}`);
    const { cart } = (await response.json()) as { cart: { registrations: { cuid: string }[] } };
    return cart.registrations[0]!.cuid;
  }, cart);
}

/**
 * axe's serious and critical findings, with the check that a control's accessible name contains
 * its visible text (label-content-name-mismatch, which axe runs only when asked).
 */
export async function seriousViolations(page: Page): Promise<string[]> {
  // A toast sliding in is half transparent: axe would measure its contrast mid-transition.
  await page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        .filter((animation) => animation.effect?.getComputedTiming().iterations !== Infinity)
        .map((animation) => animation.finished.catch(() => undefined)),
    ),
  );
  const results = await new AxeBuilder({ page })
    .options({ rules: { "label-content-name-mismatch": { enabled: true } } })
    .analyze();
  return results.violations
    .filter((violation) => violation.impact === "serious" || violation.impact === "critical")
    .map(
      (violation) =>
        `${violation.id}: ${violation.help} (${violation.nodes.map((node) => node.target.join(" ")).join(", ")})`,
    );
}

/**
 * An API call made from the page (its cookies and XSRF header, as the app's own calls; the test
 * runner itself cannot resolve *.localhost), expected to succeed; answers the parsed JSON body,
 * or null when the body is empty.
 */
export async function consoleApi(page: Page, method: string, path: string, data?: unknown) {
  const result = await page.evaluate(
    async ({ method, path, data }) => {
      const xsrf = document.cookie
        .split("; ")
        .find((cookie) => cookie.startsWith("XSRF-TOKEN="))
        ?.slice("XSRF-TOKEN=".length);
      const headers: Record<string, string> = { "x-xsrf-token": decodeURIComponent(xsrf ?? "") };
      if (data !== undefined) headers["content-type"] = "application/json";
      const response = await fetch(path, {
        method,
        headers,
        body: data === undefined ? undefined : JSON.stringify(data),
      });
      return { status: response.status, body: await response.text() };
    },
    { method, path, data },
  );
  expect(result.status, `${method} ${path}: ${result.body}`).toBeLessThan(300);
  return result.body ? JSON.parse(result.body) : null;
}

/** A message of the delivery log, as GET /api/admin/messages lists it. */
export interface LoggedMessage {
  cuid: string;
  source: string;
  to: string;
  subject: string | null;
  excerpt: string;
}

/**
 * Waits until the delivery log holds at least `count` messages matching the search `q` (an
 * address or subject, optionally from one `source` and whose subject holds `subject`), and
 * answers them, newest first. Messages of rules (the order confirmation of the default rule,
 * staff e-mails) are written by the background jobs a moment after the change that causes them,
 * so a test polls for them instead of reading at once. `page` is logged in to the console.
 */
export async function awaitLoggedMessages(
  page: Page,
  filter: { q: string; source?: string; subject?: string },
  count = 1,
): Promise<LoggedMessage[]> {
  const query = new URLSearchParams({
    q: filter.q,
    ...(filter.source && { source: filter.source }),
  });
  let found: LoggedMessage[] = [];
  await expect
    .poll(
      async () => {
        const list = await consoleApi(page, "GET", `/api/admin/messages?${query}`);
        found = (list.data as LoggedMessage[]).filter(
          (message) => !filter.subject || message.subject?.includes(filter.subject),
        );
        return found.length;
      },
      { timeout: 30_000, intervals: [250, 500, 1_000] },
    )
    .toBeGreaterThanOrEqual(count);
  return found;
}
