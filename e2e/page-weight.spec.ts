import { readFileSync } from "node:fs";
import path from "node:path";
import { gzipSync } from "node:zlib";
import type { Page, Response } from "@playwright/test";
import { expect, hydrated, test } from "./fixtures.ts";

type Messages = { [key: string]: string | Messages };
const I18N = path.resolve(import.meta.dirname, "../apps/web/app/i18n");
const leaves = (messages: Messages): string[] =>
  Object.values(messages).flatMap((value) => (typeof value === "string" ? [value] : leaves(value)));
const readLeaves = (file: string) =>
  leaves(JSON.parse(readFileSync(path.join(I18N, file), "utf8")));

/** Long console strings found in no storefront file: one of them in a script betrays the file. */
const CONSOLE_STRINGS = ["fr", "en"].flatMap((language) => {
  const elsewhere = new Set(
    ["common", "storefront"].flatMap((name) => readLeaves(`${language}/${name}.json`)),
  );
  return readLeaves(`${language}/console.json`)
    .filter((text) => text.length > 30 && !text.includes("{{") && !elsewhere.has(text))
    .slice(0, 20);
});

const varies = (response: Response) =>
  (response.headers().vary ?? "").toLowerCase().split(/,\s*/).includes("accept-encoding");

/** Every script and stylesheet the page downloads while it loads and hydrates. */
async function loadWithAssets(page: Page, url: string) {
  const assets: Response[] = [];
  page.on("response", (response) => {
    if (/\.(js|css)$/.test(new URL(response.url()).pathname)) assets.push(response);
  });
  const document = await page.goto(url);
  if (!document) throw new Error(`no answer for ${url}`);
  await hydrated(page);
  await page.waitForLoadState("networkidle");
  return { document, assets };
}

// Chromium asks for "gzip, deflate, br, zstd": the server picks Brotli.
test("pages, assets and API answers come compressed in Brotli, varying with Accept-Encoding", async ({
  page,
}) => {
  const { document, assets } = await loadWithAssets(page, "/fr");
  expect(document.headers()["content-encoding"]).toBe("br");
  expect(varies(document)).toBe(true);

  expect(assets.length).toBeGreaterThan(0);
  for (const asset of assets) {
    const body = await asset.body();
    if (body.length < 1024) continue;
    expect(asset.headers()["content-encoding"], asset.url()).toBe("br");
    expect(asset.headers()["cache-control"], asset.url()).toContain("immutable");
    expect(varies(asset), asset.url()).toBe(true);
  }

  const api = await page.goto("/api/availabilities?per_page=20");
  expect(api?.headers()["content-type"]).toContain("application/json");
  expect(api?.headers()["content-encoding"]).toBe("br");
});

test("storefront pages download neither the console's code nor its translations", async ({
  page,
}) => {
  expect(CONSOLE_STRINGS.length).toBe(40);
  for (const url of ["/fr", "/fr/catalogue", "/en", "/fr/auth/login"]) {
    const { assets } = await loadWithAssets(page, url);
    for (const asset of assets) {
      const text = await asset.text();
      const strings = CONSOLE_STRINGS.filter((console) => text.includes(console));
      expect(strings, `${asset.url()} (console translations) on ${url}`).toEqual([]);
      expect(text, `${asset.url()} (console API calls) on ${url}`).not.toContain("/api/admin");
    }
  }
});

/** Issue 11 §4: the home page's JS on first load, gzip-compressed (decisions 0057 and 0069). */
const HOME_FIRST_LOAD_JS_GZIP = 150_000;

test("the French home page's first load downloads at most 150 kB of JS, gzip-compressed", async ({
  page,
}) => {
  const { assets } = await loadWithAssets(page, "/fr");
  const scripts = assets.filter((asset) => new URL(asset.url()).pathname.endsWith(".js"));
  let total = 0;
  for (const script of scripts) total += gzipSync(await script.body(), { level: 9 }).length;
  expect(scripts.length).toBeGreaterThan(0);
  expect(total, `${scripts.length} scripts`).toBeLessThanOrEqual(HOME_FIRST_LOAD_JS_GZIP);
});
