import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: "unit",
          include: [
            "packages/*/test/**/*.test.ts",
            "apps/web/test/**/*.test.ts",
            "deploy/test/**/*.test.ts",
          ],
        },
      },
      {
        test: {
          name: "integration",
          include: ["apps/server/test/**/*.test.ts"],
          globalSetup: ["apps/server/test/global-setup.ts"],
          setupFiles: ["apps/server/test/fail-on-console-error.ts"],
          testTimeout: 20_000,
          hookTimeout: 60_000,
        },
      },
    ],
  },
});
