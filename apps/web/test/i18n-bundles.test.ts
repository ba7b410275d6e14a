import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { ALL_PERMISSIONS } from "@booking/domain";
import { describe, expect, it } from "vitest";
import { AREA_BUNDLES, type TranslationArea } from "../app/i18n";

/**
 * The translation files split per area (app/i18n/README.md): both languages carry the same keys,
 * and every key a page of an area can ask for is in a bundle that area downloads — so storefront
 * pages never need the console's file, and the console never shows a raw key.
 */
const APP = path.resolve(import.meta.dirname, "../app");
const LANGUAGES = ["fr", "en"] as const;
const FILES = ["common", "storefront", "console", "platform"] as const;
type Messages = { [key: string]: string | Messages };

function bundle(language: string, name: string): Messages {
  return JSON.parse(readFileSync(path.join(APP, "i18n", language, `${name}.json`), "utf8"));
}

function areaMessages(language: string, area: TranslationArea): Messages {
  return Object.assign({}, ...AREA_BUNDLES[area].map((name) => bundle(language, name)));
}

/** Every key path, with plural and context suffixes reduced to the key they complete. */
function keyPaths(messages: Messages, prefix = ""): string[] {
  return Object.entries(messages).flatMap(([key, value]) =>
    typeof value === "string"
      ? [`${prefix}${key.replace(/_(zero|one|two|few|many|other)$/, "")}`]
      : keyPaths(value, `${prefix}${key}.`),
  );
}

/** What a page may name: leaves (as written and without plural suffix) and sections. */
function knownPaths(messages: Messages, prefix = ""): string[] {
  return Object.entries(messages).flatMap(([key, value]) =>
    typeof value === "string"
      ? [`${prefix}${key}`, `${prefix}${key.replace(/_(zero|one|two|few|many|other)$/, "")}`]
      : [`${prefix}${key}`, ...knownPaths(value, `${prefix}${key}.`)],
  );
}

const SOURCES = new Map<string, string>();
(function read(dir: string) {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const file = path.join(dir, entry.name);
    if (entry.isDirectory()) {
      if (entry.name !== "i18n") read(file);
    } else if (/\.tsx?$/.test(entry.name)) SOURCES.set(file, readFileSync(file, "utf8"));
  }
})(APP);

function resolveImport(from: string, specifier: string): string | undefined {
  const base = path.resolve(path.dirname(from), specifier);
  return [base, `${base}.ts`, `${base}.tsx`, `${base}/index.ts`, `${base}/index.tsx`].find((file) =>
    SOURCES.has(file),
  );
}

/** The app's files a set of route modules reach through relative imports. */
function reachable(starts: string[]): string[] {
  const seen = new Set<string>();
  const queue = [...starts];
  for (let file = queue.pop(); file; file = queue.pop()) {
    if (seen.has(file)) continue;
    seen.add(file);
    for (const [, specifier] of (SOURCES.get(file) ?? "").matchAll(/from\s+"(\.[^"]+)"/g)) {
      const target = resolveImport(file, specifier as string);
      if (target) queue.push(target);
    }
  }
  return [...seen];
}

/** Literal translation keys in the files (`t("a.b")`, props, tables); `${…}` ends a prefix. */
function usedKeys(files: string[], tops: string[]): Array<{ key: string; prefix: boolean }> {
  const pattern = new RegExp(`["'\`]((?:${tops.join("|")})\\.[A-Za-z0-9_.-]*)(\\$\\{|["'\`])`, "g");
  return files.flatMap((file) =>
    [...(SOURCES.get(file) ?? "").matchAll(pattern)].map(([, key, end]) => ({
      key: (key as string).replace(/\.$/, ""),
      prefix: end === "${" || (key as string).endsWith("."),
    })),
  );
}

function isPlatformFile(file: string): boolean {
  return (
    file.includes(`components${path.sep}platform${path.sep}`) ||
    file.endsWith(`lib${path.sep}platform-page.ts`)
  );
}

function missingKeys(area: TranslationArea, routeFiles: string[]): string[] {
  const paths = new Set(knownPaths(areaMessages("fr", area)));
  const permissions = new Set<string>(ALL_PERMISSIONS);
  const allTops = LANGUAGES.flatMap((language) =>
    FILES.flatMap((name) => Object.keys(bundle(language, name))),
  );
  // The platform's files are reached from the storefront's home route, which the platform host
  // shares (its own area loads them, lazily); they never render on a storefront host.
  const files = reachable(routeFiles).filter(
    (file) => area === "platform" || !isPlatformFile(file),
  );
  return usedKeys(files, [...new Set(allTops)])
    .filter(({ key, prefix }) =>
      prefix ? ![...paths].some((known) => known.startsWith(key)) : !paths.has(key),
    )
    .filter(({ key }) => !permissions.has(key))
    .map(({ key }) => key);
}

const routes = [...SOURCES.keys()].filter((file) => file.includes(`${path.sep}routes${path.sep}`));
const consoleRoutes = routes.filter((file) => file.includes(`routes${path.sep}admin${path.sep}`));
// The platform host's pages, and its home page, which the storefront's home route loads lazily.
const platformRoutes = [
  ...routes.filter((file) => file.includes(`routes${path.sep}platform${path.sep}`)),
  path.join(APP, "components", "platform", "landing-page.tsx"),
];
const storefrontRoutes = [
  path.join(APP, "root.tsx"),
  ...routes.filter((file) => !consoleRoutes.includes(file) && !platformRoutes.includes(file)),
];

describe("translation bundles", () => {
  it("give both languages the same keys in the same files", () => {
    for (const name of FILES) {
      const french = new Set(keyPaths(bundle("fr", name)));
      const english = new Set(keyPaths(bundle("en", name)));
      expect(
        [...french].filter((key) => !english.has(key)),
        `${name}: only in fr`,
      ).toEqual([]);
      expect(
        [...english].filter((key) => !french.has(key)),
        `${name}: only in en`,
      ).toEqual([]);
    }
  });

  it("hold each top-level key in one file only", () => {
    const tops = FILES.flatMap((name) => Object.keys(bundle("fr", name)));
    expect(tops.length).toBe(new Set(tops).size);
  });

  it("give storefront pages every key they use without the console's file", () => {
    expect(missingKeys("storefront", storefrontRoutes)).toEqual([]);
  });

  it("give console pages every key they use without the storefront's file", () => {
    expect(missingKeys("console", consoleRoutes)).toEqual([]);
  });

  it("give the platform's pages every key they use without the storefront's or console's file", () => {
    expect(missingKeys("platform", platformRoutes)).toEqual([]);
  });
});
