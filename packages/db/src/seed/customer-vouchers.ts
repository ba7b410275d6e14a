import { expiryOf } from "@booking/domain";
import { and, eq, sql } from "drizzle-orm";
import type { Transaction } from "../client.ts";
import {
  bundles,
  cartItems,
  carts,
  customerBundles,
  customers,
  customerVouchers,
  vouchers,
  walletTransactions,
} from "../schema/index.ts";
import { nextDemoPaymentReference } from "./references.ts";
import type { SeedCounts } from "./writer.ts";

/** A gift voucher bought by a customer of the demo organiser. */
type DemoCustomerVoucher = {
  /** e-mail of the customer who bought it */
  buyer: string;
  /** title of the voucher product */
  voucher: string;
  code: string;
  /** paid in full (by bank transfer), or nothing paid yet */
  paid: boolean;
  boughtDaysAgo: number;
  /** e-mail of the customer who redeemed it, and how long ago */
  redeemedBy?: string;
  redeemedDaysAgo?: number;
};

/**
 * The demo parent (parent@demo.test) bought three: one to give (CADEAU5CAM), one Sophie Peeters
 * redeemed, one not paid yet. Codes the demo parent can redeem: CADEAU2345 (50 € to the wallet)
 * and CADEAU6789 (a 10-session card for a participant); CADEAU3EXP is expired and CADEAU8NPY
 * unpaid. The browser tests redeem CADEAU6789 as the demo parent and CADEAU2345 as Sophie.
 */
const DEMO_CUSTOMER_VOUCHERS: DemoCustomerVoucher[] = [
  {
    buyer: "parent@demo.test",
    voucher: "Chèque-cadeau 50 €",
    code: "CADEAU5CAM",
    paid: true,
    boughtDaysAgo: 12,
  },
  {
    buyer: "parent@demo.test",
    voucher: "Chèque-cadeau 50 €",
    code: "CADEAU7SPH",
    paid: true,
    boughtDaysAgo: 60,
    redeemedBy: "sophie.peeters@example.test",
    redeemedDaysAgo: 45,
  },
  {
    buyer: "parent@demo.test",
    voucher: "Chèque-cadeau 100 €",
    code: "CADEAU9NPY",
    paid: false,
    boughtDaysAgo: 3,
  },
  {
    buyer: "sophie.peeters@example.test",
    voucher: "Chèque-cadeau 50 €",
    code: "CADEAU2345",
    paid: true,
    boughtDaysAgo: 20,
  },
  {
    buyer: "julien.lambert@example.test",
    voucher: "Carte cadeau 10 séances d'éveil musical",
    code: "CADEAU6789",
    paid: true,
    boughtDaysAgo: 30,
  },
  {
    buyer: "julien.lambert@example.test",
    voucher: "Chèque-cadeau 50 €",
    code: "CADEAU3EXP",
    paid: true,
    boughtDaysAgo: 400,
  },
  {
    buyer: "sophie.peeters@example.test",
    voucher: "Chèque-cadeau 100 €",
    code: "CADEAU8NPY",
    paid: false,
    boughtDaysAgo: 2,
  },
];

const DAY_MS = 86_400_000;

/**
 * The demo's gift vouchers bought by its customers (docs/decisions/0017-voucher-redemption.md),
 * each as checkout would have left it: a processed cart of one VOUCHER item with its payment
 * reference, the customer voucher with its code, and, for a voucher already redeemed, what it
 * gave its recipient (wallet credit with its VOUCHER wallet transaction, customer bundle).
 * Customers and voucher products are found by e-mail and title.
 */
export async function writeDemoCustomerVouchers(
  tx: Transaction,
  organiserId: number,
  now: Date,
  counts: SeedCounts,
): Promise<void> {
  const count = (table: string, rows: number) => {
    counts[table] = (counts[table] ?? 0) + rows;
  };
  const daysAgo = (days: number) => new Date(now.getTime() - days * DAY_MS);
  const customerRows = await tx
    .select({ id: customers.id, email: customers.email })
    .from(customers)
    .where(eq(customers.organiserId, organiserId));
  const customerIds = new Map(customerRows.map((row) => [row.email, row.id]));
  const products = await tx.select().from(vouchers).where(eq(vouchers.organiserId, organiserId));
  const find = <T>(map: Map<string, T>, key: string): T => {
    const found = map.get(key);
    if (found === undefined) throw new Error(`demo voucher refers to unknown ${key}`);
    return found;
  };
  const productsByTitle = new Map(products.map((row) => [row.title, row]));

  for (const demo of DEMO_CUSTOMER_VOUCHERS) {
    const customerId = find(customerIds, demo.buyer);
    const product = find(productsByTitle, demo.voucher);
    const paid = demo.paid ? product.price : 0;
    const boughtAt = daysAgo(demo.boughtDaysAgo);
    const [cart] = await tx
      .insert(carts)
      .values({
        organiserId,
        customerId,
        reference: await nextDemoPaymentReference(tx, organiserId),
        processedAt: boughtAt,
        termsAcceptedAt: boughtAt,
        paymentStrategy: "DELAYED",
        totalAmount: product.price,
        depositAmount: 0,
        paidAmount: paid,
        createdAt: boughtAt,
        updatedAt: boughtAt,
      })
      .returning({ id: carts.id });
    const [item] = await tx
      .insert(cartItems)
      .values({
        organiserId,
        cartId: cart!.id,
        type: "VOUCHER",
        voucherId: product.id,
        price: product.price,
        expiresAt: boughtAt,
        createdAt: boughtAt,
      })
      .returning({ id: cartItems.id });
    const recipientId = demo.redeemedBy ? find(customerIds, demo.redeemedBy) : null;
    const redeemedAt = recipientId === null ? null : daysAgo(demo.redeemedDaysAgo ?? 0);
    const [voucher] = await tx
      .insert(customerVouchers)
      .values({
        organiserId,
        customerId,
        voucherId: product.id,
        cartId: cart!.id,
        cartItemId: item!.id,
        totalAmount: product.price,
        paidAmount: paid,
        code: demo.code,
        expiresAt: expiryOf(boughtAt, product.duration),
        redeemedAt,
        recipientId,
        createdAt: boughtAt,
      })
      .returning({ id: customerVouchers.id });
    count("carts", 1);
    count("customer_vouchers", 1);
    if (recipientId === null) continue;
    if (product.bundleId !== null) {
      const [bundle] = await tx
        .select()
        .from(bundles)
        .where(and(eq(bundles.organiserId, organiserId), eq(bundles.id, product.bundleId)));
      await tx.insert(customerBundles).values({
        organiserId,
        customerId: recipientId,
        bundleId: bundle!.id,
        customerVoucherId: voucher!.id,
        totalAmount: 0,
        capacity: bundle!.capacity,
        expiresAt: expiryOf(redeemedAt!, bundle!.duration, bundle!.expiresAt),
        createdAt: redeemedAt!,
      });
      count("customer_bundles", 1);
    }
    if (product.amount <= 0) continue;
    await tx
      .update(customers)
      .set({ walletAmount: sql`${customers.walletAmount} + ${product.amount}` })
      .where(and(eq(customers.organiserId, organiserId), eq(customers.id, recipientId)));
    await tx.insert(walletTransactions).values({
      organiserId,
      customerId: recipientId,
      amount: product.amount,
      reason: "VOUCHER",
      customerVoucherId: voucher!.id,
      createdAt: redeemedAt!,
    });
    count("wallet_transactions", 1);
  }
}
