import type { APIRequestContext } from "@playwright/test";
import { expect, hydrated, test } from "./fixtures.ts";
import { availabilityPaths, port, signUpNewCustomer } from "./helpers.ts";

/**
 * Logged-in pages share their public part through the public answers cache (decision 0035) and
 * their render with every page of the same shape (decision 0058): many parents loading the same
 * pages at the same moment must each get a page about themselves and nobody else. Node does not resolve *.localhost: requests go to the loopback address with
 * the organiser's host and each parent's own cookies.
 */

const HOST = `demo.localhost:${port}`;
const PARENTS = 6;

type Reader = { lastname: string | null; cookie: string };

/** A new customer of the demo, named `lastname`, with the session cookie registering gave. */
async function register(request: APIRequestContext, lastname: string): Promise<Reader> {
  const session = await request.get(`http://127.0.0.1:${port}/api/session`, {
    headers: { host: HOST },
  });
  const xsrf = /XSRF-TOKEN=([^;]+)/.exec(session.headers()["set-cookie"] ?? "")?.[1] ?? "";
  const registered = await request.post(`http://127.0.0.1:${port}/api/auth/register`, {
    headers: { host: HOST, cookie: `XSRF-TOKEN=${xsrf}`, "x-xsrf-token": decodeURIComponent(xsrf) },
    data: {
      firstname: "Parent",
      lastname,
      email: `${lastname.split(" ")[0]!.toLowerCase()}@example.test`,
      phone: "+32 470 11 22 33",
      password: "demo1234",
      terms: true,
      custom_data: [],
      participant: { birthdate: "2016-05-04", custom_data: [] },
    },
  });
  expect(registered.status(), await registered.text()).toBe(201);
  const token = /(?:^|\n)session=([^;]+)/.exec(registered.headers()["set-cookie"] ?? "")?.[1];
  expect(token).toBeTruthy();
  return { lastname, cookie: `session=${token}; XSRF-TOKEN=${xsrf}` };
}

test("parents loading the same pages at once each get their own", async ({ page, playwright }) => {
  test.setTimeout(120_000);
  await signUpNewCustomer(page);
  const [availability] = await availabilityPaths(
    page,
    (html) => html.includes('data-testid="add-to-cart-form"'),
    1,
  );
  if (!availability) throw new Error("no open availability in the demo sitemap");

  const stamp = Date.now().toString(36);
  const parents: Reader[] = [];
  for (let i = 0; i < PARENTS; i++) {
    const request = await playwright.request.newContext();
    // One name that the markup and the loader data's script each escape their own way.
    const lastname = i === 0 ? `Ruee${stamp}x${i} d'Été & "Fils"` : `Ruee${stamp}x${i}`;
    parents.push(await register(request, lastname));
    await request.dispose();
  }
  const readers: Reader[] = [...parents, { lastname: null, cookie: "" }];
  const client = await playwright.request.newContext();
  const load = async (reader: Reader, path: string) => {
    const response = await client.get(`http://127.0.0.1:${port}${path}`, {
      headers: { host: HOST, accept: "text/html", cookie: reader.cookie },
    });
    expect(response.status(), `${path} for ${reader.lastname}`).toBe(200);
    const encoding = response.headers()["content-encoding"] ?? null;
    return { reader, path, html: await response.text(), encoding };
  };

  // Three rounds of every reader on every page (the account is the parents'), all at once, in a
  // shuffled order.
  const paths = [availability, "/checkout", "/fr/catalogue"];
  const visits = [0, 1, 2].flatMap(() =>
    readers.flatMap((reader) =>
      [...paths, ...(reader.lastname ? ["/fr/account"] : [])].map((path) => ({ reader, path })),
    ),
  );
  visits.sort(() => Math.random() - 0.5);
  const pages = await Promise.all(visits.map(({ reader, path }) => load(reader, path)));
  // A kept shape's next reader gets it as gzip spliced from its pieces deflated once (decision
  // 0108), which decodes into their own page.
  const again = await load(parents[1]!, availability);
  expect(again.encoding).toBe("gzip");
  pages.push(again);
  await client.dispose();

  for (const { reader, path, html } of pages) {
    const names = [...new Set(html.match(new RegExp(`Ruee${stamp}x\\d+`, "g")) ?? [])];
    const where = `${path} for ${reader.lastname ?? "an anonymous visitor"}`;
    // Nobody else's name, ever; their own where the page is about them (the add form lists
    // their participant, the account page shows their profile).
    const mine = reader.lastname?.split(" ")[0] ?? null;
    const own = mine ? [mine] : [];
    const aboutThem = reader.lastname !== null && (path === availability || path === "/fr/account");
    if (aboutThem) expect(names, where).toEqual(own);
    expect(
      names.filter((name) => name !== mine),
      where,
    ).toEqual([]);
  }

  // The page of a shape already rendered for others, in the browser: it hydrates without a
  // mismatch (the fixture fails on console errors) and shows this parent's name as written.
  const [first] = parents;
  const token = /session=([^;]+)/.exec(first!.cookie)![1]!;
  await page.context().clearCookies();
  await page.context().addCookies([{ name: "session", value: token, url: `http://${HOST}` }]);
  await page.goto(`http://${HOST}${availability}`);
  await hydrated(page);
  const participant = page.getByTestId("add-to-cart-form").getByRole("combobox").first();
  await expect(participant.locator("option", { hasText: first!.lastname! })).toHaveCount(1);
  await expect(page.getByRole("link", { name: /Parent/ }).first()).toBeVisible();
});
