import { createDatabase, customers, organisers, withTenant } from "@booking/db";
import { and, eq } from "@booking/db/orm";
import { loadConfig } from "../apps/server/src/config.ts";
import { createPublicUrls } from "../apps/server/src/http/public-urls.ts";
import { newsletterUnsubscribeUrl } from "../apps/server/src/modules/newsletters/links.ts";
import { openDatabase } from "../apps/server/src/modules/operators/command.ts";
import { findOrganiserByHost } from "../apps/server/src/modules/organisers/queries.ts";

// `node e2e/newsletter-link.ts SLUG EMAIL` with the test server's DATA_DIR and PORT: prints the
// customer's unsubscribe link as the newsletters' mails will carry it (no newsletter is sent yet).
const [slug, email] = process.argv.slice(2);
const config = loadConfig();
const database = await openDatabase(config);
const { db, close } = createDatabase(database.url);
try {
  const [row] = await db
    .select({ id: organisers.id })
    .from(organisers)
    .where(eq(organisers.slug, slug!));
  const organiser = await findOrganiserByHost(
    db,
    `${slug}.${config.platformDomain}`,
    config.platformDomain,
  );
  if (!row || !organiser) throw new Error(`no organiser ${slug}`);
  const [customer] = await withTenant(db, row.id, (tx) =>
    tx
      .select()
      .from(customers)
      .where(and(eq(customers.organiserId, row.id), eq(customers.email, email!))),
  );
  if (!customer) throw new Error(`no customer ${email}`);
  const publicUrls = createPublicUrls({
    platformDomain: config.platformDomain,
    scheme: config.publicUrlScheme,
    port: config.publicPort,
  });
  console.info(
    newsletterUnsubscribeUrl({ secret: config.secret, publicUrls }, organiser, customer),
  );
} finally {
  await close();
  await database.stop();
}
