import { z } from "zod";
import { listEnvelope, pagingQuery } from "./common.ts";

/**
 * The organiser's read API (/api/v1/*, on the organiser's host, `Authorization: Bearer <key>`;
 * decision 0086): one list per area, each behind its scope, amounts in minor units, instants
 * ISO 8601, ids the cuids the console shows.
 */

export const readApiQuery = pagingQuery;

export const readApiActivity = z.object({
  id: z.string(),
  title: z.string(),
  published: z.boolean(),
  default_price: z.int(),
  created_at: z.string(),
  updated_at: z.string(),
});

export const readApiAvailability = z.object({
  id: z.string(),
  activity_id: z.string(),
  status: z.string(),
  start_at: z.string(),
  end_at: z.string(),
  capacity: z.int().nullable(),
  registered: z.int(),
  price: z.int(),
});

export const readApiCustomer = z.object({
  id: z.string(),
  firstname: z.string(),
  lastname: z.string(),
  email: z.string(),
  phone: z.string(),
  external_id: z.string().nullable(),
  wallet_amount: z.int(),
  created_at: z.string(),
});

export const readApiRegistration = z.object({
  id: z.string(),
  reference: z.string(),
  customer_id: z.string(),
  participant_id: z.string(),
  availability_id: z.string(),
  total_amount: z.int(),
  paid_amount: z.int(),
  cancelled: z.boolean(),
  created_at: z.string(),
});

export const readApiPayment = z.object({
  id: z.string(),
  provider: z.string(),
  amount: z.int(),
  currency: z.string(),
  status: z.string(),
  paid_at: z.string().nullable(),
  refunded_amount: z.int().nullable(),
  created_at: z.string(),
});

export const readApiActivities = listEnvelope(readApiActivity);
export const readApiAvailabilities = listEnvelope(readApiAvailability);
export const readApiCustomers = listEnvelope(readApiCustomer);
export const readApiRegistrations = listEnvelope(readApiRegistration);
export const readApiPayments = listEnvelope(readApiPayment);
