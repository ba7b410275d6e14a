import net from "node:net";
import path from "node:path";
import { DEMO_CUSTOMER_EMAIL, DEMO_OWNER_EMAIL } from "@booking/db";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { consoleLogin } from "./console-fixtures.ts";
import { Client, createTestApp, DEMO_HOST, DEMO_PASSWORD, type TestApp } from "./harness.ts";

/**
 * A database that goes away (issue 11 §2): every answer is then 503 with Retry-After, for API
 * calls and pages alike (never 500), and the server serves again once the database is back,
 * without a restart. The app reaches PostgreSQL through a proxy the test cuts and restores.
 */

const SMALL_WEB_BUILD = path.join(import.meta.dirname, "fixtures/web-build");

/** A TCP relay to PostgreSQL that can refuse connections and drop the open ones. */
function databaseRelay(target: { host: string; port: number }) {
  const sockets = new Set<net.Socket>();
  let server: net.Server | null = null;
  let port = 0;
  const open = () =>
    new Promise<void>((resolve) => {
      server = net.createServer((client) => {
        const upstream = net.connect(target.port, target.host);
        for (const socket of [client, upstream]) {
          sockets.add(socket);
          socket.on("close", () => sockets.delete(socket));
          socket.on("error", () => socket.destroy());
        }
        client.pipe(upstream).pipe(client);
      });
      server.listen(port, "127.0.0.1", () => {
        port = (server!.address() as net.AddressInfo).port;
        resolve();
      });
    });
  return {
    open,
    get port() {
      return port;
    },
    /** connections refused from now on, and those open dropped (a database that stopped) */
    cut: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server!.close(() => resolve());
      }),
  };
}

const relay = databaseRelay(
  (() => {
    const url = new URL(inject("databaseAdminUrl"));
    return { host: url.hostname, port: Number(url.port || 5432) };
  })(),
);

let t: TestApp;
let customer: Client;
let owner: Client;
const visitor = () => new Client(t.app, DEMO_HOST);

beforeAll(async () => {
  await relay.open();
  t = await createTestApp({
    webBuildDir: SMALL_WEB_BUILD,
    // Tenants and public answers are remembered, as in production: pages then fail further in.
    publicCacheTtlMs: 60_000,
    databaseUrl: (url) => {
      const through = new URL(url);
      through.hostname = "127.0.0.1";
      through.port = String(relay.port);
      return through.toString();
    },
  });
  customer = new Client(t.app, DEMO_HOST);
  const login = await customer.post("/api/auth/login", {
    email: DEMO_CUSTOMER_EMAIL,
    password: DEMO_PASSWORD,
  });
  expect(login.statusCode, login.body).toBe(200);
  owner = await consoleLogin(t.app, DEMO_OWNER_EMAIL);
});
afterAll(async () => {
  await t.close();
  await relay.cut();
});

/** Calls a person or a script makes, API and pages, anonymous and logged in. */
const CALLS: Array<{ what: string; send: () => ReturnType<Client["get"]>; page?: boolean }> = [
  { what: "catalogue", send: () => visitor().get("/api/activities") },
  { what: "readiness", send: () => visitor().get("/api/ready") },
  { what: "session", send: () => customer.get("/api/session") },
  { what: "cart", send: () => customer.get("/api/carts/current") },
  {
    what: "participant added",
    send: () =>
      customer.post("/api/participants", {
        firstname: "Léa",
        lastname: "Martin",
        birthdate: "2016-04-02",
        custom_data: [],
      }),
  },
  {
    what: "log-in",
    send: () =>
      visitor().post("/api/auth/login", { email: "someone@example.org", password: "secret123" }),
  },
  { what: "console customers", send: () => owner.get("/api/admin/customers") },
  {
    what: "page of a logged-in parent",
    page: true,
    send: () => customer.request("GET", "/fr/catalogue", { headers: { accept: "text/html" } }),
  },
  {
    what: "page whose loader fails",
    page: true,
    send: () => visitor().request("GET", "/fr/failing", { headers: { accept: "text/html" } }),
  },
];

describe("while the database is unreachable", () => {
  it("answers 503 with Retry-After to every call and page, and serves again once it is back", async () => {
    const page = await customer.request("GET", "/fr/catalogue", {
      headers: { accept: "text/html" },
    });
    expect(page.statusCode).toBe(200);

    await relay.cut();
    for (const call of CALLS) {
      const response = await call.send();
      expect(response.statusCode, `${call.what}: ${response.body}`).toBe(503);
      expect(response.headers["retry-after"], call.what).toBe("5");
      if (call.page) {
        expect(response.headers["content-type"], call.what).toMatch(/^text\/html/);
        expect(response.body, call.what).toContain("Service momentanément indisponible");
      } else if (call.what !== "readiness") {
        expect(response.json(), call.what).toEqual({ error: "SERVICE_UNAVAILABLE" });
      }
    }

    await relay.open();
    const back = await visitor().get("/api/activities");
    expect(back.statusCode, back.body).toBe(200);
    expect((await customer.get("/api/session")).json().customer).toMatchObject({
      email: DEMO_CUSTOMER_EMAIL,
    });
    expect((await owner.get("/api/admin/customers")).statusCode).toBe(200);
    const again = await customer.request("GET", "/fr/catalogue", {
      headers: { accept: "text/html" },
    });
    expect(again.statusCode).toBe(200);
  });
});
