import { AxeBuilder } from "@axe-core/playwright";
import type { Frame, Page } from "@playwright/test";
import { expect, hydrated, test } from "./fixtures.ts";
import { consoleLogin, consoleOrigin, origin } from "./helpers.ts";

// The console's page builder: edit in the tree and the settings form, see the change in the
// framed storefront page before saving, publish, see it on the storefront.

/** Opens the editor of the page titled `title` from the Website › Pages list. */
async function openEditor(page: Page, title: string): Promise<void> {
  await page.goto(`${consoleOrigin}/admin/website`);
  await hydrated(page);
  await page
    .getByTestId("pages-table")
    .getByRole("link", { name: title, exact: true })
    .first()
    .click();
  await page.waitForURL(/\/admin\/website\/pages\//);
  await hydrated(page);
}

/** The framed preview, once the storefront page in it has hydrated. */
async function previewFrame(page: Page): Promise<Frame> {
  await expect(page.locator("iframe[title]")).toBeVisible();
  await expect
    .poll(() => page.frames().some((frame) => frame.url().includes("preview=true")))
    .toBe(true);
  const frame = page.frames().find((candidate) => candidate.url().includes("preview=true"))!;
  await frame.locator('html[data-hydrated="true"]').waitFor({ state: "attached" });
  return frame;
}

/** Publishes with the editor's button and waits for the server's answer. */
async function publish(page: Page): Promise<void> {
  const answer = page.waitForResponse(
    (response) => response.url().endsWith("/publish") && response.request().method() === "POST",
  );
  await page.getByTestId("publish-page").click();
  expect((await answer).status()).toBe(200);
  await expect(page.getByText("Contenu publié")).toBeVisible();
}

test("the home hero's title edited in the editor shows in the preview before saving, then on the storefront once published", async ({
  page,
}) => {
  await consoleLogin(page);
  await openEditor(page, "Accueil");
  const frame = await previewFrame(page);

  // The hero is the page's first section.
  await page.getByTestId("tree-item").first().click();
  const title = page.getByTestId("element-settings").getByTestId("setting-title");
  const original = await title.inputValue();
  expect(original).not.toBe("");
  const edited = `Un été qui bouge ${Date.now()}`;
  // When the typed title appears in the frame, by the frame's clock, and when it was typed.
  await frame.evaluate((text) => {
    const state = window as unknown as { shownAt?: number };
    new MutationObserver((_, observer) => {
      if (document.body.textContent?.includes(text)) {
        state.shownAt = Date.now();
        observer.disconnect();
      }
    }).observe(document.body, { childList: true, subtree: true, characterData: true });
  }, edited);
  await title.evaluate((input) => {
    input.addEventListener("input", () => {
      (window as unknown as { typedAt: number }).typedAt = Date.now();
    });
  });
  await title.fill(edited);

  // Unsaved, typed: the framed storefront page shows it at once (posted to the frame 50 ms after the
  // last keystroke: well under the spec's 200 ms on an idle machine); the public page does not.
  // The bound leaves room for a CI machine busy with other work; waiting for a save still fails it.
  await expect(frame.getByText(edited)).toBeVisible();
  const typedAt = await page.evaluate(() => (window as unknown as { typedAt: number }).typedAt);
  const shownAt = await frame.evaluate(() => (window as unknown as { shownAt: number }).shownAt);
  expect(shownAt - typedAt).toBeLessThan(1000);
  const visitor = await page.context().newPage();
  await visitor.goto(`${origin}/fr`);
  await expect(visitor.getByText(original).first()).toBeVisible();
  await expect(visitor.getByText(edited)).toHaveCount(0);

  await publish(page);
  await visitor.goto(`${origin}/fr`);
  await expect(visitor.getByText(edited)).toBeVisible();

  // Back to the demo's home page (other tests read it): restore the version before, publish.
  await page.getByTestId("page-versions").click();
  const versions = page.getByTestId("versions-list");
  await expect(versions.locator("li")).toHaveCount(2);
  await versions.locator("li").nth(1).getByRole("button", { name: "Restaurer" }).click();
  await expect(page.getByText("Version restaurée")).toBeVisible();
  await expect(page.getByText("Brouillon non publié")).toBeVisible();
  await publish(page);
  await visitor.goto(`${origin}/fr`);
  await expect(visitor.getByText(original).first()).toBeVisible();
  await expect(visitor.getByText(edited)).toHaveCount(0);
});

test("a new page gets two sections, reordered with the keyboard, published in that order", async ({
  page,
}) => {
  await consoleLogin(page);
  await page.goto(`${consoleOrigin}/admin/website`);
  await hydrated(page);
  const path = `/essai-${Date.now()}`;
  await page.getByTestId("new-page").click();
  await page.getByTestId("page-title").fill("Page d'essai");
  await page.getByTestId("page-path").fill(path);
  await page.getByTestId("save-page").click();
  await page.waitForURL(/\/admin\/website\/pages\//);
  await hydrated(page);
  const frame = await previewFrame(page);

  for (const text of ["Premier bandeau", "Second bandeau"]) {
    await page.getByTestId("add-section").click();
    await page.getByTestId("element-palette").locator('[data-element="section:banner"]').click();
    // A new banner has no title yet: its error shows inline until one is typed.
    const field = page.getByTestId("element-settings").getByTestId("setting-title");
    await expect(page.getByTestId("element-settings").getByRole("alert")).toBeVisible();
    await field.fill(text);
  }
  const items = page.getByTestId("tree-item");
  await expect(items).toHaveCount(2);
  await expect(items.nth(0)).toContainText("Premier bandeau");

  // Alt + ↑ on the second section moves it first; the preview follows.
  await items.nth(1).focus();
  await page.keyboard.press("Alt+ArrowUp");
  await expect(items.nth(0)).toContainText("Second bandeau");
  await expect(items.nth(0)).toBeFocused();
  const order = () => frame.locator("[data-builder-id] h1, [data-builder-id] h2").allTextContents();
  await expect.poll(order).toEqual(["Second bandeau", "Premier bandeau"]);

  // The move-down button puts it back, and up again.
  await page.getByRole("button", { name: /^Descendre.*Second bandeau$/ }).click();
  await expect(items.nth(0)).toContainText("Premier bandeau");
  await page.getByRole("button", { name: /^Monter.*Second bandeau$/ }).click();

  // Leaving with unsaved changes asks first; staying keeps them.
  await page.getByRole("link", { name: "Pages" }).first().click();
  const leave = page.getByRole("dialog", { name: "Quitter sans enregistrer ?" });
  await expect(leave).toBeVisible();
  await leave.getByRole("button", { name: "Rester" }).click();
  await expect(leave).toBeHidden();
  await expect(items).toHaveCount(2);

  await page.getByTestId("save-draft").click();
  await expect(page.getByText("Brouillon enregistré")).toBeVisible();
  await publish(page);

  const visitor = await page.context().newPage();
  await visitor.goto(`${origin}/fr${path}`);
  const headings = await visitor.locator("main h1, main h2").allTextContents();
  expect(headings.indexOf("Second bandeau")).toBeLessThan(headings.indexOf("Premier bandeau"));
  expect(headings.indexOf("Premier bandeau")).toBeGreaterThan(-1);
});

test("the editor has no serious accessibility violation", async ({ page }) => {
  await consoleLogin(page);
  await openEditor(page, "Accueil");
  await page.getByTestId("tree-item").first().click();
  await expect(page.getByTestId("element-settings")).toBeVisible();
  // The framed storefront page is checked by the storefront's own accessibility tests.
  const results = await new AxeBuilder({ page }).exclude("iframe").analyze();
  const serious = results.violations
    .filter((violation) => violation.impact === "serious" || violation.impact === "critical")
    .map(
      (violation) =>
        `${violation.id}: ${violation.nodes.map((node) => node.target.join(" ")).join(", ")}`,
    );
  expect(serious).toEqual([]);
});

test("a grid's activities and catalogs are ticked by name, and the saved draft holds their id and cuid", async ({
  page,
}) => {
  await consoleLogin(page);
  // Through the console page itself (its host resolves in the browser only).
  const getJson = (path: string) =>
    page.evaluate(async (url) => (await fetch(url)).json(), path) as Promise<
      Record<string, unknown>
    >;
  const listed = async (kind: string) =>
    (await getJson(`/api/admin/website/references/${kind}`)).data as Array<{
      value: string | number;
      name: string;
    }>;
  await page.goto(`${consoleOrigin}/admin/website`);
  await hydrated(page);
  await page.getByTestId("new-page").click();
  await page.getByTestId("page-title").fill("Grille d'activités");
  await page.getByTestId("page-path").fill(`/grille-${Date.now()}`);
  await page.getByTestId("save-page").click();
  await page.waitForURL(/\/admin\/website\/pages\//);
  await hydrated(page);
  const pageCuid = new URL(page.url()).pathname.split("/").pop()!;
  await page.getByTestId("add-section").click();
  await page
    .getByTestId("element-palette")
    .locator('[data-element="section:activities-grid"]')
    .click();

  const [activity] = (await listed("activities")).slice(-1);
  const picker = page.getByTestId("element-settings").getByTestId("setting-ids");
  await picker.getByRole("searchbox").fill(activity!.name.slice(0, 6));
  await picker.getByRole("checkbox", { name: activity!.name, exact: true }).check();
  await expect(picker.getByTestId("reference-chosen")).toHaveText([activity!.name]);

  const catalogs = await listed("catalogs");
  const catalogPicker = page.getByTestId("element-settings").getByTestId("setting-catalog");
  if (catalogs.length > 0) {
    await catalogPicker.getByRole("checkbox", { name: catalogs[0]!.name, exact: true }).check();
    await expect(catalogPicker.getByTestId("reference-chosen")).toHaveText([catalogs[0]!.name]);
  }

  await page.getByTestId("save-draft").click();
  await expect(page.getByText("Brouillon enregistré")).toBeVisible();
  const draft = await getJson(`/api/admin/website/pages/${pageCuid}/draft`);
  const content = draft.content as Array<{ settings: Record<string, unknown> }>;
  expect(content[0]!.settings.ids).toEqual([activity!.value]);
  expect(content[0]!.settings.catalog).toEqual(catalogs.length > 0 ? [catalogs[0]!.value] : []);

  // Taken out again by its chip's button.
  await picker.getByRole("button", { name: `Retirer ${activity!.name}` }).click();
  await expect(picker.getByTestId("reference-chosen")).toHaveCount(0);
});

test("the preview lays the page out at a desktop's width scaled to the panel, and at a phone's", async ({
  page,
}) => {
  await consoleLogin(page);
  await openEditor(page, "Accueil");
  const frame = await previewFrame(page);
  const iframe = page.locator("iframe[title]");
  expect(await frame.evaluate(() => window.innerWidth)).toBe(1280);
  const box = await iframe.boundingBox();
  // Scaled down to the panel (about 500 px wide in a 1280 px window), not cut.
  expect(box!.width).toBeLessThan(800);
  expect(Number(await iframe.getAttribute("data-scale"))).toBeCloseTo(box!.width / 1280, 1);
  await page.getByRole("button", { name: "Téléphone" }).click();
  await expect.poll(() => frame.evaluate(() => window.innerWidth)).toBe(390);
});
