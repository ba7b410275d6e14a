import type { Frame, Page } from "@playwright/test";
import { expect, expectConsoleError, hydrated, test } from "./fixtures.ts";
import { consoleLogin, consoleOrigin, origin } from "./helpers.ts";

// The storefront's preview mode (storefront.md "Preview mode"): a console page frames a storefront
// page with ?preview=true and posts it the edited content, as the page editor's PreviewFrame does.

const NAVIGATION_DISABLED = "Navigation désactivée en mode aperçu";

function heading(cuid: string, text: string) {
  return {
    id: cuid,
    cuid,
    element: "block",
    family: "content",
    type: null,
    name: "heading",
    settings: { level: 1, text },
  };
}

function section(cuid: string, children: unknown[]) {
  return {
    id: cuid,
    cuid,
    element: "section",
    family: "content",
    type: null,
    name: "basic",
    settings: {},
    children,
  };
}

/**
 * What browsers blocking third-party storage (Debian's Chromium by default, Chrome with that
 * setting or in incognito) do to a cross-site frame, such as the storefront framed by the console:
 * reading sessionStorage throws. Done here so the test browser behaves so too, whichever it is.
 */
function denyThirdPartyStorage() {
  if (window === window.top) return;
  try {
    // Readable only when the top page is of the frame's own origin.
    if (window.top?.location.href) return;
  } catch {}
  Object.defineProperty(window, "sessionStorage", {
    get() {
      throw new DOMException(
        "Failed to read the 'sessionStorage' property from 'Window': Access is denied for this document.",
        "SecurityError",
      );
    },
  });
}

/** A console page framing the storefront page at `path` in preview mode, once it said it is ready. */
async function framePreview(page: Page, path: string): Promise<Frame> {
  await page.addInitScript(denyThirdPartyStorage);
  if (page.url().startsWith(consoleOrigin)) await page.goto(`${consoleOrigin}/admin`);
  else await consoleLogin(page);
  // The console's home has finished loading (and hydrating) what it streams: the frame added
  // below is then no surprise to React.
  await page.waitForLoadState("networkidle");
  await page.evaluate((src) => {
    const state = window as unknown as { previewReady: number };
    state.previewReady = 0;
    window.addEventListener("message", (event) => {
      if (event.data?.type === "preview-ready") state.previewReady += 1;
    });
    const frame = document.createElement("iframe");
    frame.src = src;
    frame.title = "preview";
    frame.style.cssText = "position:fixed;inset:0;width:100vw;height:100vh;z-index:100";
    document.body.append(frame);
  }, `${origin}${path}`);
  await expect
    .poll(() => page.evaluate(() => (window as unknown as { previewReady: number }).previewReady))
    .toBe(1);
  const frame = page.frames().find((candidate) => candidate.url().startsWith(origin));
  if (!frame) throw new Error("no preview frame");
  await frame.locator('html[data-hydrated="true"]').waitFor({ state: "attached" });
  return frame;
}

/** Posts a message to the preview frame from the console page (the admin origin). */
async function post(page: Page, message: unknown): Promise<number> {
  return page.evaluate(
    ({ message, target }) => {
      document.querySelector("iframe")?.contentWindow?.postMessage(message, target);
      return Date.now();
    },
    { message, target: origin },
  );
}

test("the console's messages render live in the framed page, within 200 ms", async ({ page }) => {
  const frame = await framePreview(page, "/fr?preview=true");
  // The stored page carries the builder's attributes from the start.
  const stored = await frame.locator("[data-builder-id]").count();
  expect(stored).toBeGreaterThan(3);

  // When the posted title appears, by the frame's own clock (both clocks are the machine's).
  await frame.evaluate(() => {
    const state = window as unknown as { shownAt?: number };
    new MutationObserver((_, observer) => {
      if (document.body.textContent?.includes("Titre tapé dans l’éditeur")) {
        state.shownAt = Date.now();
        observer.disconnect();
      }
    }).observe(document.body, { childList: true, subtree: true, characterData: true });
  });
  const sentAt = await post(page, {
    content: [section("hero", [heading("title", "Titre tapé dans l’éditeur")])],
    hovered: null,
  });
  await expect(frame.getByRole("heading", { name: "Titre tapé dans l’éditeur" })).toBeVisible();
  const shownAt = await frame.evaluate(() => (window as unknown as { shownAt: number }).shownAt);
  expect(shownAt - sentAt).toBeLessThan(200);

  // Only the posted elements are shown now, each with its cuid and kind.
  await expect(frame.locator("[data-builder-id]")).toHaveCount(2);
  await expect(frame.locator('[data-builder-id="hero"]')).toHaveAttribute(
    "data-builder-element",
    "section:basic",
  );
  await expect(frame.locator('[data-builder-id="title"]')).toHaveAttribute(
    "data-builder-element",
    "block:heading",
  );

  // The hovered element is outlined; the others are not.
  await post(page, {
    content: [section("hero", [heading("title", "Titre tapé dans l’éditeur")])],
    hovered: { id: "title" },
  });
  const outline = (cuid: string) =>
    frame
      .locator(`[data-builder-id="${cuid}"] > *`)
      .first()
      .evaluate((element) => getComputedStyle(element).outlineStyle);
  await expect.poll(() => outline("title")).toBe("solid");
  expect(await outline("hero")).toBe("none");

  // Nothing was saved: the stored page is unchanged for visitors.
  await page.goto(`${origin}/fr`);
  await hydrated(page);
  await expect(page.getByText("Titre tapé dans l’éditeur")).toHaveCount(0);
});

test("messages from another origin and invalid messages change nothing", async ({ page }) => {
  const frame = await framePreview(page, "/fr?preview=true");
  await post(page, { content: [heading("first", "Premier contenu")], hovered: null });
  await expect(frame.getByRole("heading", { name: "Premier contenu" })).toBeVisible();
  // Whatever the page ever shows from now on is noted.
  await frame.evaluate(() => {
    const state = window as unknown as { seen: string[] };
    state.seen = [];
    new MutationObserver(() => {
      state.seen.push(document.body.textContent ?? "");
    }).observe(document.body, { childList: true, subtree: true, characterData: true });
  });

  // The storefront's own origin (any script of the page or another frame of it) is not the console.
  await frame.evaluate(
    (intruder) => {
      window.postMessage({ content: [intruder], hovered: null }, "*");
    },
    heading("intruder", "Contenu intrus"),
  );
  // Invalid messages from the console's origin.
  for (const message of [
    "texte",
    { content: "rien", hovered: null },
    { content: [{ element: "widget", name: "x" }], hovered: null },
    { content: [heading("second", "Contenu invalide")], hovered: { id: 42 } },
    { content: [heading("second", "Contenu invalide")] },
  ]) {
    await post(page, message);
  }
  // A valid message after them (same content, another hovered element) is taken: the ones before
  // it were read and dropped.
  await post(page, { content: [heading("first", "Premier contenu")], hovered: { id: "first" } });
  await expect
    .poll(() =>
      frame
        .locator('[data-builder-id="first"] > *')
        .first()
        .evaluate((element) => getComputedStyle(element).outlineStyle),
    )
    .toBe("solid");
  const seen = await frame.evaluate(() => (window as unknown as { seen: string[] }).seen.join());
  expect(seen).not.toContain("Contenu intrus");
  expect(seen).not.toContain("Contenu invalide");
  await expect(frame.getByRole("heading", { name: "Premier contenu" })).toBeVisible();
});

test("only the console may frame a page, and only in preview", async ({ page }) => {
  const preview = await page.goto(`${origin}/fr?preview=true`);
  if (!preview) throw new Error("no response");
  const headers = await preview.allHeaders();
  expect(headers["content-security-policy"]).toContain(`frame-ancestors 'self' ${consoleOrigin};`);
  expect(headers["x-frame-options"]).toBeUndefined();
  expect(headers["x-robots-tag"]).toBe("noindex");
  expect(headers["cache-control"]).toContain("no-store");
  await expect(page.locator('meta[name="robots"]')).toHaveAttribute("content", "noindex");

  const visitor = await page.goto(`${origin}/fr`);
  if (!visitor) throw new Error("no response");
  const visitorHeaders = await visitor.allHeaders();
  expect(visitorHeaders["content-security-policy"]).toContain("frame-ancestors 'self';");
  expect(visitorHeaders["x-frame-options"]).toBe("SAMEORIGIN");
});

test("links go nowhere in preview: an alert says why", async ({ page }) => {
  const frame = await framePreview(page, "/fr?preview=true");
  const dialogs: string[] = [];
  page.on("dialog", (dialog) => {
    dialogs.push(dialog.message());
    void dialog.dismiss();
  });
  const link = frame.locator("header a[href]").first();
  await link.click();
  await expect.poll(() => dialogs).toEqual([NAVIGATION_DISABLED]);
  expect(new URL(frame.url()).pathname).toBe("/fr");

  // A link of the posted content too.
  await post(page, {
    content: [
      {
        cuid: "cta",
        element: "block",
        family: "content",
        type: null,
        name: "button",
        settings: { label: "Réserver", href: "/activities" },
      },
    ],
    hovered: null,
  });
  await frame.getByRole("link", { name: "Réserver" }).click();
  await expect.poll(() => dialogs.length).toBe(2);
  expect(new URL(frame.url()).pathname).toBe("/fr");
});

test("a page not stored yet previews as an empty page, then with its sections' data", async ({
  page,
  consoleErrors,
}) => {
  const frame = await framePreview(page, "/fr/page-en-construction?preview=true");
  await expect(frame.getByTestId("preview-empty")).toBeVisible();
  await post(page, {
    content: [
      heading("title", "Nos abonnements"),
      {
        cuid: "memberships",
        element: "section",
        family: "catalogue",
        type: null,
        name: "memberships-cards-grid",
        settings: {},
      },
    ],
    hovered: null,
  });
  // The heading at once, the cards once the server loaded them (public data of this organiser).
  await expect(frame.getByRole("heading", { name: "Nos abonnements" })).toBeVisible();
  await expect(
    frame.locator('[data-builder-id="memberships"] a[href*="/memberships/"]').first(),
  ).toBeVisible();
  await expect(frame.getByTestId("preview-empty")).toHaveCount(0);

  // Visitors still find no page there.
  const visitor = await page.goto(`${origin}/fr/page-en-construction`);
  expect(visitor?.status()).toBe(404);
  await expectConsoleError(consoleErrors, /404/);
});

test("availability and activity pages preview the posted elements with their own data", async ({
  page,
}) => {
  await page.goto(`${origin}/fr/catalogue`);
  const availability = await page
    .locator('main a[href*="/availabilities/"]')
    .first()
    .getAttribute("href");
  if (!availability) throw new Error("no availability in the catalogue");
  await page.goto(`${origin}${availability}`);
  const title = (await page.getByTestId("availability-title").textContent())?.trim() ?? "";
  const activity = await page.locator('a[href*="/activities/"]').first().getAttribute("href");
  expect(title).not.toBe("");

  // The AVAILABILITY page type: the posted template lays out the availability of the address.
  const frame = await framePreview(page, `${availability}?preview=true`);
  await post(page, {
    content: [
      heading("intro", "Modèle en aperçu"),
      {
        cuid: "detail",
        element: "section",
        family: "catalogue",
        type: null,
        name: "availability-detail",
        settings: {},
      },
    ],
    hovered: null,
  });
  await expect(frame.getByRole("heading", { name: "Modèle en aperçu" })).toBeVisible();
  await expect(frame.locator('[data-builder-id="detail"]')).toContainText(title);

  // An activity page and its section.
  const activityFrame = await framePreview(page, `${activity}?preview=true`);
  await post(page, {
    content: [
      heading("intro", "Activité en aperçu"),
      {
        cuid: "dates",
        element: "section",
        family: "catalogue",
        type: null,
        name: "activity-page",
        settings: {},
      },
    ],
    hovered: null,
  });
  await expect(activityFrame.getByRole("heading", { name: "Activité en aperçu" })).toBeVisible();
  await expect(activityFrame.locator('[data-builder-id="dates"]')).toContainText(title);
});

test("visitors never download the preview's code; a page in preview mode does", async ({
  page,
}) => {
  const scripts: string[] = [];
  page.on("response", (response) => {
    if (new URL(response.url()).pathname.endsWith(".js")) scripts.push(response.url());
  });
  for (const path of ["/fr", "/fr/catalogue"]) {
    await page.goto(`${origin}${path}`);
    await hydrated(page);
    await page.waitForLoadState("networkidle");
  }
  expect(scripts.length).toBeGreaterThan(5);
  expect(scripts.filter((url) => url.includes("preview-mode"))).toEqual([]);

  await page.goto(`${origin}/fr?preview=true`);
  await hydrated(page);
  await expect.poll(() => scripts.some((url) => url.includes("preview-mode"))).toBe(true);
});
