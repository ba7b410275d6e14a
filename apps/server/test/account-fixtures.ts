import { expect } from "vitest";
import { sessionCustomer } from "./cart-fixtures.ts";
import type { Client, TestApp } from "./harness.ts";

// Fixtures of the account tests (registrations, documents, participants, vouchers, the account
// itself).

/**
 * Makes new customers for one test file, each with one participant and an open session: the
 * n-th is `{firstname} {lastname}{n}` (e-mail `{email}-{n}@example.org`) with the participant
 * `{participant} {lastname}{n}`, so that the files' customers never meet. Each comes with its
 * full name, as the API shows it.
 */
export function numberedCustomers(names: {
  firstname: string;
  lastname: string;
  email: string;
  participant: string;
}) {
  let count = 0;
  return async (t: TestApp, organiserId: number, host: string, walletAmount?: number) => {
    count += 1;
    const lastname = `${names.lastname}${count}`;
    const session = await sessionCustomer(t, {
      organiserId,
      host,
      customer: {
        firstname: names.firstname,
        lastname,
        email: `${names.email}-${count}@example.org`,
        walletAmount,
      },
      participant: { firstname: names.participant, lastname },
    });
    return { ...session, fullname: `${names.firstname} ${lastname}` };
  };
}

/**
 * Checks out a cart by bank transfer (DELAYED), the way the account tests make past orders;
 * fails the test unless the checkout succeeds.
 */
export async function checkoutByTransfer(client: Client, cartId: number): Promise<void> {
  const response = await client.post("/api/carts/checkout", {
    cart_id: cartId,
    payment_strategy: "DELAYED",
    terms: true,
  });
  expect(response.statusCode, response.body).toBe(200);
}
