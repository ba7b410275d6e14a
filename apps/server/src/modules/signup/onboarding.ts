import {
  ONBOARDING_STEPS,
  type OnboardingStep,
  type OnboardingView,
  onboardingView,
} from "@booking/contracts";
import { sql } from "@booking/db/orm";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { type ConsoleContext, type ConsoleDeps, inConsole } from "../../http/console-context.ts";

/**
 * A new organiser's first steps, each read from its data: a location, an activity, an
 * availability with dates, the bank account of its transfers (IBAN), and a page published from
 * the website editor (the default site is live from the sign-up, but not yet the organiser's own).
 */
export async function onboarding(context: ConsoleContext): Promise<OnboardingView> {
  const organiserId = context.organiser.id;
  const [row] = (
    await context.db.execute<Record<Exclude<OnboardingStep, "bank_account">, boolean>>(sql`
      select
        exists(select 1 from locations where organiser_id = ${organiserId}) as location,
        exists(select 1 from activities where organiser_id = ${organiserId}) as activity,
        exists(select 1 from availability_dates where organiser_id = ${organiserId}) as dates,
        exists(
          select 1 from page_versions
          where organiser_id = ${organiserId} and status = 'PUBLISHED'
        ) as website`)
  ).rows;
  const done = { ...row, bank_account: context.organiser.iban !== null };
  return { steps: ONBOARDING_STEPS.map((step) => ({ step, done: done[step] === true })) };
}

/** The console home's checklist, for the roles that see the dashboard beside it. */
export function registerOnboardingConsoleRoutes(app: FastifyInstance, deps: ConsoleDeps): void {
  app.withTypeProvider<ZodTypeProvider>().get(
    "/api/admin/onboarding",
    {
      schema: { tags: ["console: dashboard"], response: { 200: onboardingView } },
      config: { console: "reports.dashboard.read" },
    },
    (request) => inConsole(deps, request, onboarding),
  );
}
