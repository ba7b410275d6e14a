import type { Page } from "@playwright/test";
import { expect, hydrated, test } from "./fixtures.ts";
import { availabilityPaths, consoleApi, consoleLogin, origin, port } from "./helpers.ts";

// Page types of platform-and-account.md §2.1 (decision 0044): availability pages at
// /availabilities/{cuid} and the short /{cuid}, laid out by the organiser's AVAILABILITY page
// when it published one; the activity page's section rendered through the builder's registry.

/** The server-rendered HTML of a storefront path (Node cannot resolve *.localhost). */
async function html(page: Page, path: string): Promise<{ status: number; body: string }> {
  const response = await page.request.get(`http://127.0.0.1:${port}${path}`, {
    headers: { host: `demo.localhost:${port}` },
  });
  return { status: response.status(), body: await response.text() };
}

/** The labels of the location and description properties of an availability page, in order. */
function propertyOrder(body: string): string[] {
  return [...body.matchAll(/<dt[^>]*>(Lieu|Description)<\/dt>/g)].map((match) => match[1]!);
}

/** A demo availability (the sitemap's first) whose page shows a location and a description. */
async function anAvailability(page: Page): Promise<{ cuid: string; title: string }> {
  const [path] = await availabilityPaths(
    page,
    (body) => /<dt[^>]*>Lieu<\/dt>/.test(body) && /<dt[^>]*>Description<\/dt>/.test(body),
    1,
  );
  const cuid = path!.split("/").at(-1)!;
  const { body } = await html(page, `/fr/availabilities/${cuid}`);
  const title = /data-testid="availability-title"[^>]*>([^<]+)</.exec(body)![1]!;
  return { cuid, title };
}

test("an availability answers at its short address, with or without language, canonical at /availabilities", async ({
  page,
}) => {
  const { cuid, title } = await anAvailability(page);
  for (const path of [`/${cuid}`, `/fr/${cuid}`, `/en/${cuid}`]) {
    const { status, body } = await html(page, path);
    expect(status, path).toBe(200);
    expect(body, path).toContain('data-testid="availability-title"');
    expect(body, path).toContain(title);
    expect(body, path).toMatch(
      new RegExp(`rel="canonical" href="[^"]*/(fr|en)/availabilities/${cuid}"`),
    );
  }
  expect((await html(page, "/zz0000000000000000000000")).status).toBe(404);
  expect((await html(page, "/fr/zz0000000000000000000000")).status).toBe(404);

  await page.goto(`${origin}/fr/${cuid}`);
  await hydrated(page);
  await expect(page.getByTestId("availability-title")).toHaveText(title);
});

test("the published AVAILABILITY page lays out every availability page; a page stored at the short address wins", async ({
  page,
}) => {
  const { cuid, title } = await anAvailability(page);
  await consoleLogin(page);
  const notice = `Inscriptions ouvertes ${Date.now()}`;
  const template = await consoleApi(page, "POST", "/api/admin/website/pages", {
    title: "Modèle de disponibilité",
    path: `/modele-${Date.now()}`,
    type: "AVAILABILITY",
  });
  const stored = await consoleApi(page, "POST", "/api/admin/website/pages", {
    title: "Page au chemin court",
    path: `/${cuid}`,
  });
  try {
    await consoleApi(page, "PUT", `/api/admin/website/pages/${template.cuid}/draft`, {
      content: [
        {
          cuid: "templatebanner",
          element: "section",
          family: "content",
          type: null,
          name: "basic",
          settings: {},
          children: [
            {
              cuid: "templatenotice",
              element: "block",
              family: "content",
              type: null,
              name: "alert",
              settings: { text: notice, variant: "green" },
            },
          ],
        },
        {
          cuid: "templatedetail",
          element: "section",
          family: "catalogue",
          type: null,
          name: "availability-detail",
          settings: { "detail-properties": ["location", "description"], "show-image": false },
        },
      ],
    });
    await consoleApi(page, "POST", `/api/admin/website/pages/${template.cuid}/publish`, {});

    const long = await html(page, `/fr/availabilities/${cuid}`);
    expect(long.status).toBe(200);
    expect(long.body).toContain(notice);
    expect(long.body).toContain(title);
    // The template's detail lists the location before the description, the built-in the reverse.
    expect(propertyOrder(long.body)).toEqual(["Lieu", "Description"]);

    // The page stored at `/{cuid}` is shown there, not the availability.
    await consoleApi(page, "PUT", `/api/admin/website/pages/${stored.cuid}/draft`, {
      content: [
        {
          cuid: "storedsection",
          element: "section",
          family: "content",
          type: null,
          name: "basic",
          settings: {},
          children: [
            {
              cuid: "storedheading",
              element: "block",
              family: "content",
              type: null,
              name: "heading",
              settings: { text: "Une page à ce chemin", level: 1 },
            },
          ],
        },
      ],
    });
    await consoleApi(page, "POST", `/api/admin/website/pages/${stored.cuid}/publish`, {});
    const short = await html(page, `/fr/${cuid}`);
    expect(short.body).toContain("Une page à ce chemin");
    expect(short.body).not.toContain('data-testid="availability-title"');
    // The template is no page of its own.
    expect((await html(page, `/fr${template.path}`)).status).toBe(404);

    const visitor = await page.context().newPage();
    await visitor.goto(`${origin}/fr/availabilities/${cuid}`);
    await hydrated(visitor);
    await expect(visitor.getByText(notice)).toBeVisible();
    await expect(visitor.getByTestId("availability-title")).toHaveText(title);
    await visitor.close();
  } finally {
    await consoleApi(page, "DELETE", `/api/admin/website/pages/${stored.cuid}`);
    // The last AVAILABILITY page cannot be deleted: it goes back to the built-in layout's content.
    await consoleApi(page, "PUT", `/api/admin/website/pages/${template.cuid}/draft`, {
      content: [
        {
          cuid: "templatedetail",
          element: "section",
          family: "catalogue",
          type: null,
          name: "availability-detail",
          settings: {},
        },
      ],
    });
    await consoleApi(page, "POST", `/api/admin/website/pages/${template.cuid}/publish`, {});
  }
  const after = await html(page, `/fr/availabilities/${cuid}`);
  expect(after.body).not.toContain(notice);
  expect(propertyOrder(after.body)).toEqual(["Description", "Lieu"]);
});

test("the activity page is the activity page section: list, day view and several availabilities chosen for the cart", async ({
  page,
}) => {
  const { cuid } = await anAvailability(page);
  const { body } = await html(page, `/fr/availabilities/${cuid}`);
  const activity = /href="\/fr\/activities\/([a-z0-9]+)"/.exec(body)![1]!;
  const list = await html(page, `/fr/activities/${activity}`);
  expect(list.status).toBe(200);
  expect(list.body).toContain('data-testid="activity-title"');
  expect(list.body).toContain('data-testid="availabilities-list"');
  const day = await html(page, `/fr/activities/${activity}?view=day`);
  expect(day.body).toContain('data-testid="day-navigator"');

  await page.goto(`${origin}/fr/activities/${activity}`);
  await hydrated(page);
  const boxes = page.getByTestId("select-availability");
  await boxes.first().check();
  await expect(page.getByTestId("selection-bar")).toContainText("1 disponibilité choisie");
  await page.getByTestId("selection-bar").getByRole("link").click();
  await page.waitForURL(/\/fr\/cart\/add\?availabilities=/);
});
