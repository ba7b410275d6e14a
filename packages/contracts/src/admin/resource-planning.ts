import { z } from "zod";

/**
 * The console's resource planning (issue 15 §3, decision 0063): the organiser's resources and,
 * for one of them, a day or a week of what takes it — bookings with who takes part and what they
 * paid, live cart holds, closures. Read-only for now.
 */

export const adminResourceList = z.object({
  data: z.array(
    z.object({
      id: z.int(),
      cuid: z.string(),
      name: z.string(),
      location: z.string().nullable(),
      /** its group's name (decision 0071) */
      group: z.string().nullable(),
    }),
  ),
});
export type AdminResourceList = z.infer<typeof adminResourceList>;

/** `from` a day (YYYY-MM-DD, default today in the organiser's time zone), `days` 1 or 7. */
export const resourcePlanningQuery = z.object({
  from: z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2}$/, "INVALID_DATE")
    .refine((value) => !Number.isNaN(Date.parse(`${value}T00:00:00Z`)), "INVALID_DATE")
    .optional(),
  days: z.enum(["1", "7"], { error: "INVALID_CHOICE" }).default("7").transform(Number),
});

const period = { start_at: z.string(), end_at: z.string() };

export const resourcePlanningView = z.object({
  resource: z.object({ cuid: z.string(), name: z.string() }),
  from: z.string(),
  days: z.int(),
  bookings: z.array(
    z.object({
      cuid: z.string(),
      ...period,
      participants: z.array(
        z.object({
          fullname: z.string(),
          customer: z.object({ cuid: z.string(), fullname: z.string() }),
          total_amount: z.int(),
          paid_amount: z.int(),
        }),
      ),
    }),
  ),
  /** periods held by customers' carts right now */
  holds: z.array(z.object({ ...period, expires_at: z.string() })),
  closures: z.array(z.object(period)),
  /** slots still to come that nobody holds (staff may book them for a customer: decision 0065) */
  free_slots: z.array(
    z.object({
      start_at: z.string(),
      prices: z.array(z.object({ duration: z.int(), amount: z.int() })),
    }),
  ),
});
export type ResourcePlanningView = z.infer<typeof resourcePlanningView>;
