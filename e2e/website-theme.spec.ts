import { AxeBuilder } from "@axe-core/playwright";
import { expect, hydrated, test } from "./fixtures.ts";
import { consoleApi, consoleLogin, consoleOrigin, origin } from "./helpers.ts";

// The console's Theme and Layout tabs (issue 13 item 5): what is saved there is what the
// storefront draws (theme, accent colour, custom CSS made safe, favicon, register page texts).

/** A 1 × 1 PNG. */
const PNG = Buffer.from(
  "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==",
  "base64",
);

test("theme, accent colour, custom CSS, favicon and register texts saved in the console show on the storefront", async ({
  page,
}) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await consoleLogin(page);
  const original = await consoleApi(page, "GET", "/api/admin/website");
  try {
    await page.goto(`${consoleOrigin}/admin/website/theme`);
    await hydrated(page);
    // A light accent: the contrast warning shows as it is typed; saving stays possible.
    await page.getByTestId("accent-color").fill("#FFCC00");
    await expect(page.getByTestId("accent-contrast")).toContainText("peu lisible");
    await page.getByTestId("theme-rounded").check();
    await page
      .getByTestId("custom-css")
      .fill(
        "@import url(https://evil.example/x.css);\n.e2e-marker { color: rgb(1, 2, 3) }\nbody { background: url(https://evil.example/t.gif) }",
      );
    await page.getByTestId("theme-form-save").click();
    await expect(page.getByText("Site enregistré.")).toBeVisible();
    await expect(page.getByTestId("css-trimmed")).toBeVisible();
    await expect(page.getByTestId("custom-css")).not.toHaveValue(/evil/);
    // The favicon, saved at once: a square copy on the organiser's own address.
    await page
      .getByTestId("favicon-file")
      .setInputFiles({ name: "icon.png", mimeType: "image/png", buffer: PNG });
    await expect(page.getByTestId("favicon-preview")).toHaveAttribute("src", /^\/uploads\//);

    await page.getByRole("link", { name: "Mise en page" }).click();
    await page.waitForURL(/\/admin\/website\/layout$/);
    await hydrated(page);
    await page.getByTestId("register-title").fill("Rejoignez les explorateurs");
    await page.getByTestId("layout-form-save").click();
    // The theme's own toast may still show: the newest one.
    await expect(page.getByText("Site enregistré.").last()).toBeVisible();

    await page.goto(`${origin}/fr/auth/register`);
    await hydrated(page);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Rejoignez les explorateurs");
    const html = page.locator("html");
    await expect(html).toHaveAttribute("data-theme", "rounded");
    await expect(html).toHaveAttribute("style", /--accent:\s*#ffcc00/i);
    await expect(page.locator('link[rel="icon"]')).toHaveAttribute("href", /^\/uploads\/.+\.webp$/);
    const css = await page.locator("style[data-custom-css]").textContent();
    expect(css).toContain(".e2e-marker");
    expect(css).not.toMatch(/evil|@import/);
    const look = await page.evaluate(() => {
      const marker = document.createElement("p");
      marker.className = "e2e-marker";
      document.body.append(marker);
      return {
        marker: getComputedStyle(marker).color,
        font: getComputedStyle(document.body).fontFamily,
      };
    });
    expect(look.marker).toBe("rgb(1, 2, 3)");
    expect(look.font).toContain("ui-rounded");
  } finally {
    // The demo as it was, for the other browser tests.
    await page.goto(`${consoleOrigin}/admin`);
    await consoleApi(page, "PATCH", "/api/admin/website", {
      theme: original.theme,
      accent_color: original.accent_color,
      css: original.css,
      register: original.register,
    });
    if (original.favicon_url === null)
      await consoleApi(page, "DELETE", "/api/admin/website/favicon");
  }
});

for (const width of [1280, 390]) {
  test(`no serious accessibility violation on the website settings tabs at ${width} px`, async ({
    page,
  }) => {
    await page.setViewportSize({ width, height: 900 });
    await consoleLogin(page);
    for (const tab of ["layout", "navigation", "theme"]) {
      await page.goto(`${consoleOrigin}/admin/website/${tab}`);
      await hydrated(page);
      const results = await new AxeBuilder({ page })
        .options({ rules: { "label-content-name-mismatch": { enabled: true } } })
        .analyze();
      const serious = results.violations
        .filter((violation) => violation.impact === "serious" || violation.impact === "critical")
        .map(
          (violation) =>
            `${violation.id}: ${violation.nodes.map((node) => node.target).join(", ")}`,
        );
      expect(serious, tab).toEqual([]);
    }
  });
}
