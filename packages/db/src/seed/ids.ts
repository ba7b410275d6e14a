import { randomCuid } from "../schema/columns.ts";

/**
 * A random id of cuid2's shape for the rows the seed writes in batches (availabilities and their
 * dates, resource slots, ...): the seed picks their cuids to match returned ids to rows. The
 * schema's own default (`randomCuid`), so that seeded ids look like every other.
 */
export const seedCuid = randomCuid;
