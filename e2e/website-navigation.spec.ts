import { expect, hydrated, test } from "./fixtures.ts";
import { consoleApi, consoleLogin, consoleOrigin, origin } from "./helpers.ts";

// The console's navigation editor (issue 13 item 5): a new page gets a menu link, which the
// storefront's header shows and which leads to the page; the demo's navigation is restored.

test("a menu link to a new page is added in the navigation editor and leads there from the storefront", async ({
  page,
}) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await consoleLogin(page);
  const original = (await consoleApi(page, "GET", "/api/admin/website")).navigation;
  const suffix = Date.now().toString(36);
  const path = `/e2e-menu-${suffix}`;
  const title = `Page e2e ${suffix}`;
  const created = await consoleApi(page, "POST", "/api/admin/website/pages", { title, path });
  await consoleApi(page, "POST", `/api/admin/website/pages/${created.cuid}/publish`, {});

  try {
    await page.goto(`${consoleOrigin}/admin/website/navigation`);
    await hydrated(page);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Site web");
    const editor = page.getByTestId("navigation-editor");
    const topItems = editor.locator(":scope > ol > li");
    const before = await topItems.count();

    await page.getByTestId("navigation-editor-add").click();
    await expect(topItems).toHaveCount(before + 1);
    const item = topItems.last();
    const name = item.getByTestId("link-name").first();
    await name.fill("Nouvelle page");
    // A path no page answers is flagged (saving stays possible)…
    await item.getByTestId("link-href").first().fill("/nulle-part");
    await expect(item.getByTestId("href-missing").first()).toBeVisible();
    // …the page picked from the list is not.
    await item.getByTestId("link-href-pick").first().selectOption(path);
    await expect(item.getByTestId("link-href").first()).toHaveValue(path);
    await expect(item.getByTestId("href-missing")).toHaveCount(0);

    // Alt+↑ moves the link one place up, its field keeping the focus.
    await name.focus();
    await page.keyboard.press("Alt+ArrowUp");
    await expect(
      topItems
        .nth(before - 1)
        .getByTestId("link-name")
        .first(),
    ).toHaveValue("Nouvelle page");
    await expect(
      topItems
        .nth(before - 1)
        .getByTestId("link-name")
        .first(),
    ).toBeFocused();

    // A link without a name is refused on its field, before anything is sent.
    await page.getByTestId("navigation-editor-add").click();
    await page.getByTestId("navigation-form-save").click();
    await expect(topItems.last().getByText("Ce champ est obligatoire.")).toBeVisible();
    await topItems
      .last()
      .getByRole("button", { name: /^Supprimer/ })
      .click();

    await page.getByTestId("navigation-form-save").click();
    await expect(page.getByText("Site enregistré.")).toBeVisible();

    // The storefront's header shows the link, which leads to the new page.
    await page.goto(`${origin}/fr`);
    await hydrated(page);
    const navigation = page.getByRole("navigation", { name: "Navigation principale" });
    const link = navigation.getByRole("link", { name: "Nouvelle page" });
    await expect(link).toHaveAttribute("href", `/fr${path}`);
    await link.click();
    await page.waitForURL(`${origin}/fr${path}`);
    await expect(page).toHaveTitle(new RegExp(title));
  } finally {
    // The demo as it was, for the other browser tests.
    await page.goto(`${consoleOrigin}/admin`);
    await consoleApi(page, "PATCH", "/api/admin/website", { navigation: original });
    await consoleApi(page, "DELETE", `/api/admin/website/pages/${created.cuid}`);
  }
});
