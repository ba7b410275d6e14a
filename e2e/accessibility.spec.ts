import { AxeBuilder } from "@axe-core/playwright";
import { expect, hydrated, test } from "./fixtures.ts";

const port = process.env.E2E_PORT ?? 3100;
const pages = [
  `http://demo.localhost:${port}/fr`,
  `http://demo.localhost:${port}/fr/auth/login`,
  `http://demo.localhost:${port}/fr/auth/register`,
  `http://demo.localhost:${port}/fr/auth/password`,
  `http://demo-en.localhost:${port}/en`,
  `http://demo-en.localhost:${port}/en/auth/register`,
  `http://admin.localhost:${port}/admin/dev/outbox`,
];

for (const width of [1280, 390]) {
  for (const url of pages) {
    test(`no serious accessibility violation on ${url} at ${width} px`, async ({ page }) => {
      await page.setViewportSize({ width, height: 900 });
      await page.goto(url);
      await hydrated(page);
      const results = await new AxeBuilder({ page }).analyze();
      const serious = results.violations.filter(
        (violation) => violation.impact === "serious" || violation.impact === "critical",
      );
      expect(serious.map((violation) => `${violation.id}: ${violation.help}`)).toEqual([]);
    });
  }
}
