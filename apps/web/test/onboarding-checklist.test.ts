import type { OnboardingView } from "@booking/contracts";
import { createElement } from "react";
import { renderToString } from "react-dom/server";
import { MemoryRouter } from "react-router";
import { beforeAll, describe, expect, it } from "vitest";
import { OnboardingChecklist } from "../app/components/admin/dashboard/onboarding-checklist";
import { createI18n, loadTranslations } from "../app/i18n";
import { TranslationsProvider } from "../app/i18n/react";

beforeAll(() => loadTranslations("en", "console"));

function render(done: Partial<Record<OnboardingView["steps"][number]["step"], boolean>>) {
  const onboarding: OnboardingView = {
    steps: (["location", "activity", "dates", "bank_account", "website"] as const).map((step) => ({
      step,
      done: done[step] ?? false,
    })),
  };
  return renderToString(
    createElement(
      TranslationsProvider,
      { translator: createI18n("en", "console") },
      createElement(MemoryRouter, null, createElement(OnboardingChecklist, { onboarding })),
    ),
  );
}

describe("the onboarding checklist", () => {
  it("links each step to the console page that does it and counts the done ones", () => {
    const html = render({ location: true, bank_account: true });
    expect(html).toContain("2 of 5 done");
    for (const href of [
      "/admin/locations",
      "/admin/activities/new",
      "/admin/availabilities/new",
      "/admin/settings/business",
      "/admin/website/pages",
    ]) {
      expect(html).toContain(`href="${href}"`);
    }
    expect(html.match(/data-done="true"/g)).toHaveLength(2);
  });

  it("is gone once every step is done", () => {
    const all = { location: true, activity: true, dates: true, bank_account: true, website: true };
    expect(render(all)).toBe("");
  });
});
