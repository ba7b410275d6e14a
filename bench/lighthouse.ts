import { type ChildProcess, spawn } from "node:child_process";
import { existsSync } from "node:fs";
import { request as httpRequest } from "node:http";
import { createServer } from "node:net";
import { loadavg } from "node:os";
import path from "node:path";
import { gzipSync } from "node:zlib";
import * as chromeLauncher from "chrome-launcher";
import lighthouse from "lighthouse";
import { out } from "./setup.ts";

/**
 * Lighthouse (mobile preset: a mid-range phone on a slow 4G network, simulated) against the demo
 * storefront in French: home, catalogue and an availability page. Prints each page's performance
 * and accessibility scores (the median of BENCH_LIGHTHOUSE_RUNS runs), its main timings, the JS
 * the home page downloads on first load (gzip bytes, as the target says) and the home page's
 * HTML compressed. Not a test: the figures go into bench/RESULTS.md by hand.
 *
 * The demo server is scripts/e2e-server.ts (a throw-away database seeded with the demo) on a free
 * port; the web build must exist (`npm run build`; BENCH_BUILD=true builds first).
 */

const ROOT = path.resolve(import.meta.dirname, "..");
const RUNS = Number(process.env.BENCH_LIGHTHOUSE_RUNS ?? 3);
const TARGETS = { performance: 95, accessibility: 100, homeJsGzip: 150_000, homeHtml: 40_000 };

/** The machine's Chromium when there is one (CHROMIUM_PATH first), else the npm-shipped one. */
async function chromiumPath(): Promise<string> {
  const candidates = [process.env.CHROMIUM_PATH, "/usr/bin/chromium", "/usr/bin/chromium-browser"];
  const found = candidates.find((candidate) => candidate && existsSync(candidate));
  if (found) return found;
  const { default: packaged } = await import("@sparticuz/chromium");
  return packaged.executablePath();
}

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const address = server.address();
      server.close(() => resolve(typeof address === "object" && address ? address.port : 0));
    });
  });
}

/** A GET on the demo host through 127.0.0.1 (Node does not resolve *.localhost). */
function get(
  port: number,
  url: string,
  headers: Record<string, string> = {},
): Promise<{ status: number; headers: Record<string, unknown>; body: Buffer }> {
  return new Promise((resolve, reject) => {
    const target = new URL(url, `http://demo.localhost:${port}`);
    const call = httpRequest(
      {
        host: "127.0.0.1",
        port,
        path: `${target.pathname}${target.search}`,
        headers: { host: target.host, ...headers },
      },
      (response) => {
        const chunks: Buffer[] = [];
        response.on("data", (chunk: Buffer) => chunks.push(chunk));
        response.on("end", () =>
          resolve({
            status: response.statusCode ?? 0,
            headers: response.headers,
            body: Buffer.concat(chunks),
          }),
        );
      },
    );
    call.on("error", reject);
    call.end();
  });
}

async function startDemoServer(port: number): Promise<ChildProcess> {
  const child = spawn(process.execPath, [path.join(ROOT, "scripts/e2e-server.ts")], {
    cwd: ROOT,
    env: { ...process.env, PORT: String(port), LOG_LEVEL: "warn" },
    stdio: ["ignore", "ignore", "inherit"],
  });
  const deadline = Date.now() + 180_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`the demo server stopped (${child.exitCode})`);
    const ready = await get(port, "/api/health").then(
      (answer) => answer.status === 200,
      () => false,
    );
    if (ready) return child;
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  child.kill("SIGTERM");
  throw new Error("the demo server did not start within 3 minutes");
}

interface NetworkItem {
  url: string;
  resourceType?: string;
  transferSize?: number;
  resourceSize?: number;
}

interface PageFigures {
  performance: number;
  accessibility: number;
  fcp: number;
  lcp: number;
  tbt: number;
  cls: number;
  failedAudits: string[];
  scripts: NetworkItem[];
}

async function audit(url: string, chromePort: number): Promise<PageFigures> {
  const result = await lighthouse(url, {
    port: chromePort,
    output: "json",
    logLevel: "error",
    onlyCategories: ["performance", "accessibility"],
  });
  if (!result) throw new Error(`Lighthouse gave no result for ${url}`);
  const { categories, audits } = result.lhr;
  const numeric = (id: string) => audits[id]?.numericValue ?? Number.NaN;
  const items = (audits["network-requests"]?.details as { items?: NetworkItem[] } | undefined)
    ?.items;
  const accessibilityIds = new Set(
    categories.accessibility?.auditRefs.map((reference) => reference.id),
  );
  return {
    performance: Math.round((categories.performance?.score ?? 0) * 100),
    accessibility: Math.round((categories.accessibility?.score ?? 0) * 100),
    fcp: numeric("first-contentful-paint"),
    lcp: numeric("largest-contentful-paint"),
    tbt: numeric("total-blocking-time"),
    cls: numeric("cumulative-layout-shift"),
    failedAudits: Object.values(audits)
      .filter((item) => accessibilityIds.has(item.id) && item.score !== null && item.score < 1)
      .map((item) => item.id),
    scripts: (items ?? []).filter((item) => item.resourceType === "Script"),
  };
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? Number.NaN;
}

/** The gzip size of each script, as the server sends it to a client that accepts only gzip. */
async function gzipSizes(port: number, scripts: NetworkItem[]): Promise<Map<string, number>> {
  const sizes = new Map<string, number>();
  for (const script of scripts) {
    const answer = await get(port, script.url, { "accept-encoding": "gzip" });
    sizes.set(
      new URL(script.url).pathname,
      answer.headers["content-encoding"] === "gzip"
        ? answer.body.length
        : gzipSync(answer.body).length,
    );
  }
  return sizes;
}

/** The largest scripts first, to see what the first load is made of. */
const LARGEST_SHOWN = 8;

async function firstAvailabilityPath(port: number): Promise<string> {
  const answer = await get(port, "/api/availabilities?per_page=1");
  const cuid = (JSON.parse(answer.body.toString()) as { data: Array<{ cuid: string }> }).data[0]
    ?.cuid;
  if (!cuid) throw new Error("the demo has no availability");
  return `/fr/availabilities/${cuid}`;
}

const kb = (bytes: number) => `${(bytes / 1000).toFixed(1)} kB`;
const ms = (value: number) => `${Math.round(value)} ms`;

async function main() {
  if (process.env.BENCH_BUILD === "true" || !existsSync(path.join(ROOT, "apps/web/build"))) {
    const build = spawn("npm", ["run", "build"], { cwd: ROOT, stdio: "inherit" });
    await new Promise((resolve) => build.once("exit", resolve));
  }
  const port = await freePort();
  const server = await startDemoServer(port);
  const chrome = await chromeLauncher.launch({
    chromePath: await chromiumPath(),
    chromeFlags: ["--headless=new", "--no-sandbox", "--disable-gpu", "--no-first-run"],
  });
  try {
    const origin = `http://demo.localhost:${port}`;
    const pages = {
      home: "/fr",
      catalogue: "/fr/catalogue",
      availability: await firstAvailabilityPath(port),
    };
    const load = loadavg().map((value) => value.toFixed(2));
    out(`Chromium ${await chromiumPath()}; ${RUNS} runs per page; load ${load.join(" ")}`);
    const rows: string[] = [];
    let homeScripts: NetworkItem[] = [];
    const failures: string[] = [];
    for (const [name, pagePath] of Object.entries(pages)) {
      const runs: PageFigures[] = [];
      for (let run = 0; run < RUNS; run += 1)
        runs.push(await audit(`${origin}${pagePath}`, chrome.port));
      const pick = (key: "performance" | "accessibility" | "fcp" | "lcp" | "tbt" | "cls") =>
        median(runs.map((figures) => figures[key]));
      const performance = pick("performance");
      const accessibility = pick("accessibility");
      if (name === "home") homeScripts = runs[0]?.scripts ?? [];
      const failed = [...new Set(runs.flatMap((figures) => figures.failedAudits))];
      rows.push(
        `| ${name.padEnd(12)} | ${String(performance).padStart(4)} | ${String(accessibility).padStart(4)} | ${ms(pick("fcp")).padStart(7)} | ${ms(pick("lcp")).padStart(7)} | ${ms(pick("tbt")).padStart(6)} | ${pick("cls").toFixed(3)} | ${runs.map((figures) => figures.performance).join(" ")} | ${failed.join(", ") || "-"} |`,
      );
      if (performance < TARGETS.performance) failures.push(`${name} performance ${performance}`);
      if (accessibility < TARGETS.accessibility) {
        failures.push(`${name} accessibility ${accessibility}`);
      }
    }
    const jsSizes = await gzipSizes(port, homeScripts);
    const jsGzip = [...jsSizes.values()].reduce((total, size) => total + size, 0);
    const jsTransferred = homeScripts.reduce((total, item) => total + (item.transferSize ?? 0), 0);
    const jsRaw = homeScripts.reduce((total, item) => total + (item.resourceSize ?? 0), 0);
    const html = {
      br: (await get(port, "/fr", { "accept-encoding": "br" })).body.length,
      gzip: (await get(port, "/fr", { "accept-encoding": "gzip" })).body.length,
      raw: (await get(port, "/fr")).body.length,
    };
    if (jsGzip > TARGETS.homeJsGzip) failures.push(`home JS ${kb(jsGzip)} gzip`);
    if (html.gzip > TARGETS.homeHtml) failures.push(`home HTML ${kb(html.gzip)} gzip`);

    out(
      `\n| page         | perf | a11y |     FCP |     LCP |    TBT | CLS   | perf runs | accessibility audits failed |`,
    );
    out(
      `| :----------- | ---: | ---: | ------: | ------: | -----: | :---- | :-------- | :-------------------------- |`,
    );
    for (const row of rows) out(row);
    out(
      `\nHome, first load: ${homeScripts.length} JS files, ${kb(jsGzip)} gzip (${kb(jsTransferred)} transferred in Brotli, ${kb(jsRaw)} raw); target ≤ ${kb(TARGETS.homeJsGzip)} gzip`,
    );
    const largest = [...jsSizes].sort((a, b) => b[1] - a[1]).slice(0, LARGEST_SHOWN);
    out(`  largest: ${largest.map(([file, size]) => `${file} ${kb(size)}`).join(", ")}`);
    out(
      `Home HTML: ${kb(html.br)} Brotli, ${kb(html.gzip)} gzip, ${kb(html.raw)} raw; target ≤ ${kb(TARGETS.homeHtml)} compressed`,
    );
    out(
      `Availability page: ${pages.availability}; load after: ${loadavg()
        .map((value) => value.toFixed(2))
        .join(" ")}`,
    );
    out(failures.length === 0 ? "\nEvery target met." : `\nTargets missed: ${failures.join("; ")}`);
    process.exitCode = failures.length === 0 ? 0 : 1;
  } finally {
    chrome.kill();
    server.kill("SIGTERM");
  }
}

await main();
