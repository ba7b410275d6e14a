export {
  createDatabase,
  type Database,
  type DatabaseHandle,
  type DatabaseOptions,
  defaultPoolSize,
  type Schema,
  type Transaction,
} from "./client.ts";
export {
  type EmbeddedPostgresHandle,
  type EmbeddedPostgresOptions,
  startEmbeddedPostgres,
} from "./embedded.ts";
export { runningEmbeddedUrl } from "./embedded-url.ts";
export { containsPattern, escapeLike } from "./like-patterns.ts";
export {
  MIGRATIONS_FOLDER,
  type Migration,
  OUTSIDE_TRANSACTION_MARKER,
  readMigrations,
  runMigrations,
} from "./migrate.ts";
export * from "./organiser-config.ts";
export * from "./schema/index.ts";
export {
  DEMO_CUSTOMER_EMAIL,
  DEMO_EN_CUSTOMER_EMAIL,
  DEMO_FLOWS_KEY,
  DEMO_IMAGE_NAMES,
  DEMO_IMAGES,
  DEMO_OWNER_EMAIL,
  DEMO_PAGES_BY_LANGUAGE,
  DEMO_PASSWORD,
  DEMO_SEED_KEY,
  DEMO_SEED_VERSION,
  DEMO_SLUGS,
  type DemoCatalogueRefs,
  type DemoDocumentModel,
  type DemoImageName,
  type DemoOrganiser,
  demoDocumentModels,
  demoEn,
  demoFr,
  resolveDemoPages,
  type SeededRef,
  type SeedOptions,
  type SeedSummary,
  seedDemo,
} from "./seed/index.ts";
export {
  type DemoPage as PageTree,
  type ElementTree as PageTreeElement,
  seedPages as writePageTrees,
} from "./seed/pages-writer.ts";
export {
  queryPrepared,
  streamInTenant,
  TENANT_ROLE,
  type TenantTx,
  withCollaborator,
  withTenant,
} from "./tenant.ts";
export { createDatabaseFromTemplate, createTemplateDatabase, databaseUrl } from "./testing.ts";
