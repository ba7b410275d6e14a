import type { TenantTx } from "@booking/db";
import type { PublicUrls } from "../http/public-urls.ts";
import type { CheckoutMail, CheckoutPayments } from "../modules/checkout/service.ts";
import type { Organiser } from "../modules/organisers/queries.ts";
import { createTestProvider } from "../modules/payments/test-provider.ts";
import type { DemoActors } from "./actors.ts";
import { customerIdByEmail, participantIdOf } from "./lookups.ts";
import type { Person } from "./story-fr.ts";

/** What every step of the demo story works with: one organiser's transaction and its actors. */
export interface DemoWorld {
  tx: TenantTx;
  organiser: Organiser;
  actors: DemoActors;
  /** the storefront's origin, for the payments' return addresses */
  origin: string;
  /** online payments go through the built-in test provider, paid on its hosted page */
  payments: CheckoutPayments;
  /** e-mails are queued; the queue's sweep sends them once the server runs */
  mail: CheckoutMail;
  customerId(email: string): Promise<number>;
  participantId(person: Person): Promise<number>;
}

export function demoWorld(
  tx: TenantTx,
  organiser: Organiser,
  actors: DemoActors,
  urls: PublicUrls,
): DemoWorld {
  const origin = urls.storefront(organiser);
  const customerId = async (email: string) => (await customerIdByEmail(tx, organiser.id, email)).id;
  return {
    tx,
    organiser,
    actors,
    origin,
    payments: { origin, provider: () => createTestProvider(tx, organiser.id, origin) },
    mail: { dispatchEmail: async () => {}, urls },
    customerId,
    participantId: async ({ customer, participant }) =>
      participantIdOf(tx, organiser.id, await customerId(customer), participant),
  };
}
