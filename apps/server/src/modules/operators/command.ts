import { parseArgs } from "node:util";
import {
  createDatabase,
  type Database,
  runMigrations,
  runningEmbeddedUrl,
  startEmbeddedPostgres,
} from "@booking/db";
import { loadConfig } from "../../config.ts";
import { createPublicUrls } from "../../http/public-urls.ts";
import { OperatorCommandError, operatorAccounts } from "./accounts.ts";

const USAGE = `Platform operators (decision 0040):
  npm run operator -- create EMAIL [--name "Full name"]   prints a one-time link to choose the password
  npm run operator -- list
  npm run operator -- disable EMAIL                        ends their sessions too`;

/**
 * The database the server uses: DATABASE_URL, else the embedded cluster under DATA_DIR (the
 * running one, found from its pid file, or started for the command).
 */
export async function openDatabase(config: ReturnType<typeof loadConfig>) {
  const running = config.databaseUrl ?? runningEmbeddedUrl(config.dataDir);
  if (running) return { url: running, stop: async () => {} };
  const embedded = await startEmbeddedPostgres({ dataDir: config.dataDir });
  return { url: embedded.url, stop: embedded.stop };
}

async function run(db: Database, config: ReturnType<typeof loadConfig>, args: string[]) {
  const { positionals, values } = parseArgs({
    args,
    allowPositionals: true,
    options: { name: { type: "string" } },
  });
  const [action, email] = positionals;
  const urls = createPublicUrls({
    platformDomain: config.platformDomain,
    scheme: config.publicUrlScheme,
    port: config.publicPort,
  });
  const accounts = operatorAccounts({ db, secret: config.secret, consoleOrigin: urls.console() });
  if (action === "create" && email) {
    const { operator, link } = await accounts.create(email, values.name);
    console.info(
      `Operator ${operator.email} (${operator.name}). Choose the password within 24 hours at:\n${link}`,
    );
  } else if (action === "list" && !email) {
    for (const operator of await accounts.list()) {
      const state = operator.disabledAt ? "disabled" : operator.passwordHash ? "active" : "invited";
      const login = operator.lastLoginAt?.toISOString() ?? "never";
      console.info(`${operator.email}\t${operator.name}\t${state}\tlast log-in ${login}`);
    }
  } else if (action === "disable" && email) {
    await accounts.disable(email);
    console.info(`Operator ${email} disabled; their sessions are closed.`);
  } else {
    throw new OperatorCommandError(USAGE);
  }
}

/** `npm run operator -- …`: the only way operators are made (no sign-up, no password argument). */
export async function runOperatorCommand(args: string[]): Promise<number> {
  const config = loadConfig();
  let database: Awaited<ReturnType<typeof openDatabase>> | undefined;
  let handle: ReturnType<typeof createDatabase> | undefined;
  try {
    database = await openDatabase(config);
    await runMigrations(database.url);
    handle = createDatabase(database.url);
    await run(handle.db, config, args);
    return 0;
  } catch (error) {
    if (!(error instanceof OperatorCommandError) && !(error instanceof TypeError)) throw error;
    console.error(error.message);
    return 1;
  } finally {
    await handle?.close();
    await database?.stop();
  }
}
