import { describe, expect, it } from "vitest";
import { loadConfig } from "../src/config.ts";
import {
  PLATFORM_SELLER_SETTINGS,
  platformSeller,
} from "../src/modules/billing/platform-seller.ts";
import { PLATFORM_SELLER_ENV } from "./platform-billing-fixtures.ts";

// The platform's identity on its invoices (decision 0082): development defaults, and production
// refuses to start without the real ones.

const production = {
  NODE_ENV: "production",
  APP_SECRET: "x".repeat(32),
  SMTP_URL: "smtp://mail.example:587",
  DATA_DIR: "/tmp/platform-settings-config",
};

describe("the platform's seller settings", () => {
  it("start in production only when every one is set, naming those missing", () => {
    expect(() => loadConfig({ ...production, ...PLATFORM_SELLER_ENV })).not.toThrow();
    expect(() => loadConfig(production)).toThrow(
      `${PLATFORM_SELLER_SETTINGS.join(", ")} required in production`,
    );
    expect(() =>
      loadConfig({ ...production, ...PLATFORM_SELLER_ENV, PLATFORM_IBAN: " ", PLATFORM_BIC: "" }),
    ).toThrow(/^PLATFORM_IBAN, PLATFORM_BIC required in production/);
    // Outside production the development platform's values serve.
    expect(() => loadConfig({ DATA_DIR: production.DATA_DIR })).not.toThrow();
  });

  it("are what platform invoices name as their seller", () => {
    const saved = { ...process.env };
    try {
      Object.assign(process.env, PLATFORM_SELLER_ENV);
      expect(platformSeller()).toMatchObject({
        legal_name: "Réservations SRL",
        vat_number: "BE0417497106",
        iban: "BE71096123456769",
        address: { street: "Rue Haute 1", postcode: "1000", city: "Bruxelles", country: "BE" },
        email: "billing@example.org",
      });
    } finally {
      for (const name of PLATFORM_SELLER_SETTINGS) {
        if (saved[name] === undefined) delete process.env[name];
        else process.env[name] = saved[name];
      }
    }
  });
});
