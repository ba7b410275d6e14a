import { defineConfig } from "@playwright/test";

export const E2E_PORT = Number(process.env.E2E_PORT ?? 3100);
/** Where the webhooks browser test's receiver listens, the one private address its server may call. */
export const WEBHOOK_RECEIVER_PORT = E2E_PORT + 1000;

/**
 * Browser tests against the real server on a fresh embedded database (scripts/e2e-server.ts).
 * Chromium comes from the machine or from an npm package (e2e/fixtures.ts), never a download.
 */
/**
 * Tests that change the whole demo: the automatic cancellations' job runs over every organiser and
 * cancels the demo's unpaid registrations that other tests read, so these run after all others.
 */
const DEMO_WIDE = /console-automatic-cancellations\.spec\.ts$/;

export default defineConfig({
  testDir: "e2e",
  timeout: 60_000,
  expect: { timeout: 10_000 },
  fullyParallel: false,
  workers: 1,
  retries: process.env.CI ? 1 : 0,
  reporter: process.env.CI ? [["list"]] : [["list"]],
  use: {
    baseURL: `http://demo.localhost:${E2E_PORT}`,
    trace: "retain-on-failure",
  },
  projects: [
    { name: "browser", testIgnore: DEMO_WIDE },
    { name: "demo-wide", testMatch: DEMO_WIDE, dependencies: ["browser"] },
  ],
  webServer: {
    command: "node scripts/e2e-server.ts",
    url: `http://127.0.0.1:${E2E_PORT}/api/health`,
    timeout: 180_000,
    reuseExistingServer: false,
    stdout: "ignore",
    stderr: "pipe",
    env: {
      PORT: String(E2E_PORT),
      LOG_LEVEL: "warn",
      AUTH_RATE_LIMIT_MAX: "100",
      WEBHOOK_ALLOWED_TARGETS: `127.0.0.1:${WEBHOOK_RECEIVER_PORT}`,
    },
  },
});
