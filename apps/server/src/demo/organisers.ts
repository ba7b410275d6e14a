import { demoEn, demoFr } from "@booking/db";
import { activityRulesStep } from "./activity-rule-steps.ts";
import { bookingSteps } from "./booking-steps.ts";
import { catalogueStep } from "./catalogue-steps.ts";
import { customerDiscountStep } from "./discount-steps.ts";
import { documentModelsStep } from "./document-steps.ts";
import { companyInvoiceStep } from "./invoice-steps.ts";
import { type DemoStep, requestSteps } from "./request-steps.ts";
import { reviewSteps } from "./review-steps.ts";
import { demoFrStory } from "./story-fr.ts";
import { tagSteps } from "./tag-steps.ts";
import { walletCreditStep } from "./wallet-steps.ts";
import type { DemoWorld } from "./world.ts";

// What each demo organiser's staff and customers did once the seed had set the organiser up,
// step by step through the services (decision 0073). To add demo data, add its steps to the
// organiser's list: each step runs at its own time, all in time order.

const DAY = 86_400_000;

export type DemoOrganiserFlows = {
  slug: string;
  steps: (world: DemoWorld, now: Date) => DemoStep[];
};

/** Staff set the catalogue up three months before the story's now, before anyone booked. */
const setUpAt = (now: Date) => new Date(now.getTime() - 90 * DAY);

export const DEMO_ORGANISER_FLOWS: DemoOrganiserFlows[] = [
  {
    slug: "demo",
    steps: (world, now) => {
      const story = demoFrStory(now);
      return [
        catalogueStep(world, demoFr(now), setUpAt(now)),
        documentModelsStep(world, setUpAt(now)),
        activityRulesStep(world, setUpAt(now)),
        customerDiscountStep(world, setUpAt(now)),
        ...story.requests.flatMap((request) => requestSteps(world, request)),
        ...story.bookings.flatMap((booking) => bookingSteps(world, booking)),
        ...story.walletCredits.map((credit) => walletCreditStep(world, credit)),
        ...tagSteps(world, now),
        ...reviewSteps(world, now),
        companyInvoiceStep(world, new Date(now.getTime() - 3 * DAY)),
      ];
    },
  },
  {
    slug: "demo-en",
    steps: (world, now) => [catalogueStep(world, demoEn(now), setUpAt(now))],
  },
];
