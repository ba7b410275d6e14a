import { expect, test } from "./fixtures.ts";
import { port } from "./helpers.ts";

// Chromium asks every host for /favicon.ico (Debian's build even where the page names an icon):
// a 404 there is a console error on every page.
for (const host of ["demo.localhost", "demo-en.localhost", "admin.localhost", "localhost"]) {
  test(`${host} answers /favicon.ico and /favicon.svg`, async ({ page }) => {
    const ico = await page.goto(`http://${host}:${port}/favicon.ico`);
    expect(ico?.status()).toBe(200);
    expect(ico?.headers()["content-type"]).toMatch(/^image\/(x-icon|vnd\.microsoft\.icon)/);
    const svg = await page.goto(`http://${host}:${port}/favicon.svg`);
    expect(svg?.status()).toBe(200);
    expect(svg?.headers()["content-type"]).toContain("image/svg+xml");
  });
}

test("pages name their icon", async ({ page }) => {
  for (const url of [
    `http://demo.localhost:${port}/fr`,
    `http://admin.localhost:${port}/admin/login`,
  ]) {
    await page.goto(url);
    await expect(page.locator('link[rel="icon"][type="image/svg+xml"]')).toHaveAttribute(
      "href",
      "/favicon.svg",
    );
  }
});
