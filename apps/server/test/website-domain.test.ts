import { organisers } from "@booking/db";
import { eq } from "@booking/db/orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { checkDueDomains } from "../src/jobs/domain-checks.ts";
import {
  collaboratorWith,
  consoleLogin,
  DEMO_OWNER_EMAIL,
  organiserIdOf,
} from "./console-fixtures.ts";
import { type DnsStandIn, startDnsStandIn } from "./dns-stand-in.ts";
import { type Client, createTestApp, DEMO_HOST, type TestApp } from "./harness.ts";

/**
 * The organiser's own domain (decision 0044): entered in the console, verified through DNS (a
 * real DNS server on a loopback port stands in for the world's), served once verified, known to
 * the TLS proxy's ask endpoint, and one organiser's only.
 */

const URL = "/api/admin/website/domain";
const DOMAIN = "shop.example.org";

let t: TestApp;
let dns: DnsStandIn;
let owner: Client;
let otherOwner: Client;

beforeAll(async () => {
  dns = await startDnsStandIn();
  t = await createTestApp({ dnsResolver: dns.resolver });
  owner = await consoleLogin(t.app, DEMO_OWNER_EMAIL);
  otherOwner = (await collaboratorWith(t, "owner", "demo-en")).client;
  // The platform's hosts, as its wildcard record would give them.
  dns.zone.set("demo.localhost", { A: ["192.0.2.10"], AAAA: ["2001:db8::10"] });
  dns.zone.set("demo-en.localhost", { A: ["192.0.2.10"], AAAA: ["2001:db8::10"] });
});

afterAll(async () => {
  await t?.close();
  await dns?.close();
});

/** What a storefront visitor's robots.txt says on `host`: null when the host serves no site. */
async function robotsOn(host: string): Promise<string | null> {
  const response = await t.app.inject({ method: "GET", url: "/robots.txt", headers: { host } });
  if (response.statusCode === 404) return null;
  expect(response.statusCode).toBe(200);
  return response.body;
}

async function tlsAllows(domain: string): Promise<number> {
  const response = await t.app.inject({
    method: "GET",
    url: `/api/tls/allow?domain=${encodeURIComponent(domain)}`,
    headers: { host: "127.0.0.1:3000" },
  });
  return response.statusCode;
}

async function verify(client: Client) {
  const response = await client.post(`${URL}/verify`);
  expect(response.statusCode).toBe(200);
  return response.json().domain;
}

describe("own domain", () => {
  it("starts without one and refuses bad input, changing nothing", async () => {
    const empty = await owner.get(URL);
    expect(empty.statusCode).toBe(200);
    expect(empty.json()).toEqual({ platform_host: "demo.localhost", domain: null });

    for (const [domain, code] of [
      ["other.localhost", "PLATFORM_DOMAIN"],
      ["localhost", "INVALID_DOMAIN"],
      ["not a domain", "INVALID_DOMAIN"],
      ["shop.example.org:8443", "INVALID_DOMAIN"],
      ["10.0.0.1", "INVALID_DOMAIN"],
      ["", "REQUIRED"],
      ["a".repeat(10_000), "TOO_LONG"],
    ] as const) {
      const response = await owner.put(URL, { domain });
      expect(response.statusCode, domain.slice(0, 40)).toBe(400);
      expect(response.json()).toEqual({ error: "VALIDATION_ERROR", fields: { domain: code } });
    }
    expect((await owner.put(URL, { domain: 42 })).statusCode).toBe(400);
    expect((await owner.put(URL, {})).statusCode).toBe(400);
    expect((await owner.post(`${URL}/verify`)).json()).toEqual({ error: "DOMAIN_NOT_FOUND" });
    expect((await owner.delete(URL)).statusCode).toBe(404);
    expect((await owner.get(URL)).json().domain).toBeNull();
  });

  it("shows the records to create for an entered domain, which serves nothing yet", async () => {
    const response = await owner.put(URL, { domain: "  HTTPS://Shop.Example.org/ " });
    expect(response.statusCode).toBe(200);
    const { domain } = response.json();
    expect(domain).toMatchObject({
      name: DOMAIN,
      status: "PENDING",
      checked_at: null,
      check_error: null,
      url: null,
    });
    expect(domain.records).toEqual([
      {
        type: "TXT",
        name: `_booking-verify.${DOMAIN}`,
        value: expect.stringMatching(/^[0-9a-f]{32}$/),
      },
      { type: "CNAME", name: DOMAIN, value: "demo.localhost" },
    ]);
    // The same domain again keeps its token.
    const again = await owner.put(URL, { domain: DOMAIN });
    expect(again.json().domain.records).toEqual(domain.records);

    expect(await robotsOn(DOMAIN)).toBeNull();
    expect(await tlsAllows(DOMAIN)).toBe(404);
    expect(await robotsOn(DEMO_HOST)).toContain("Sitemap: http://demo.localhost/sitemap.xml");
  });

  it("fails with the reason while the records are missing or wrong", async () => {
    const missing = await verify(owner);
    expect(missing).toMatchObject({ status: "FAILING", check_error: "DNS_TXT_MISSING" });
    expect(Date.parse(missing.checked_at)).toBeGreaterThan(Date.now() - 60_000);

    dns.zone.set(`_booking-verify.${DOMAIN}`, { TXT: [["v=spf1 -all"], ["0123456789abcdef"]] });
    expect(await verify(owner)).toMatchObject({
      status: "FAILING",
      check_error: "DNS_TXT_MISMATCH",
    });

    const token = (await owner.get(URL)).json().domain.records[0].value;
    dns.zone.set(`_booking-verify.${DOMAIN}`, { TXT: [["v=spf1 -all"], [token]] });
    expect(await verify(owner)).toMatchObject({
      status: "FAILING",
      check_error: "DNS_NOT_POINTING",
    });
    dns.zone.set(DOMAIN, { A: ["192.0.2.10", "198.51.100.7"] });
    expect(await verify(owner)).toMatchObject({
      status: "FAILING",
      check_error: "DNS_NOT_POINTING",
    });
    expect(await robotsOn(DOMAIN)).toBeNull();
  });

  it("verifies a CNAME to the organiser's platform host and then serves the storefront on it", async () => {
    dns.zone.set(DOMAIN, { CNAME: "demo.localhost" });
    const verified = await verify(owner);
    expect(verified).toMatchObject({
      status: "VERIFIED",
      check_error: null,
      url: `http://${DOMAIN}`,
    });

    // Served on the domain, and every absolute address of the organiser names it.
    expect(await robotsOn(DOMAIN)).toContain(`Sitemap: http://${DOMAIN}/sitemap.xml`);
    expect(await robotsOn(DEMO_HOST)).toContain(`Sitemap: http://${DOMAIN}/sitemap.xml`);
    const sitemap = await t.app.inject({ url: "/sitemap.xml", headers: { host: DOMAIN } });
    expect(sitemap.body).toContain(`<loc>http://${DOMAIN}/fr`);
    expect(sitemap.body).not.toContain("demo.localhost");
  });

  it("verifies an apex domain whose addresses are the platform's", async () => {
    dns.zone.set(DOMAIN, { A: ["192.0.2.10"], AAAA: ["2001:db8::10"] });
    expect(await verify(owner)).toMatchObject({ status: "VERIFIED", check_error: null });
  });

  it("answers the TLS proxy for served hosts only, on any host", async () => {
    expect(await tlsAllows(DOMAIN)).toBe(200);
    expect(await tlsAllows("SHOP.example.org")).toBe(200);
    expect(await tlsAllows("demo.localhost")).toBe(200);
    expect(await tlsAllows("demo-en.localhost")).toBe(200);
    expect(await tlsAllows("admin.localhost")).toBe(200);
    expect(await tlsAllows("localhost")).toBe(200);
    expect(await tlsAllows("nobody.localhost")).toBe(404);
    expect(await tlsAllows("elsewhere.example.org")).toBe(404);
    expect(await tlsAllows("bad host!")).toBe(400);
    const missing = await t.app.inject({ url: "/api/tls/allow", headers: { host: "127.0.0.1" } });
    expect(missing.statusCode).toBe(400);
  });

  it("keeps a verified domain on line when DNS does not answer, and not when its records go", async () => {
    dns.failing.add(`_booking-verify.${DOMAIN}`);
    expect(await verify(owner)).toMatchObject({
      status: "VERIFIED",
      check_error: "DNS_LOOKUP_FAILED",
    });
    expect(await robotsOn(DOMAIN)).not.toBeNull();
    dns.failing.delete(`_booking-verify.${DOMAIN}`);

    const txt = dns.zone.get(`_booking-verify.${DOMAIN}`)!;
    dns.zone.delete(`_booking-verify.${DOMAIN}`);
    expect(await verify(owner)).toMatchObject({
      status: "FAILING",
      check_error: "DNS_TXT_MISSING",
    });
    expect(await robotsOn(DOMAIN)).toBeNull();
    expect(await robotsOn(DEMO_HOST)).toContain("Sitemap: http://demo.localhost/sitemap.xml");
    expect(await tlsAllows(DOMAIN)).toBe(404);

    // The periodic check puts it back once the record is there again.
    dns.zone.set(`_booking-verify.${DOMAIN}`, txt);
    const later = new Date(Date.now() + 60 * 60 * 1000);
    expect(
      await checkDueDomains(t.db, { resolver: dns.resolver, platformDomain: "localhost" }, later),
    ).toBeGreaterThan(0);
    expect((await owner.get(URL)).json().domain).toMatchObject({ status: "VERIFIED" });
    expect(await robotsOn(DOMAIN)).not.toBeNull();
  });

  it("is invisible to another organiser, who cannot take it while it is verified", async () => {
    const other = await otherOwner.get(URL);
    expect(other.json()).toEqual({ platform_host: "demo-en.localhost", domain: null });
    const taken = await otherOwner.put(URL, { domain: DOMAIN });
    expect(taken.statusCode).toBe(409);
    expect(taken.json()).toEqual({ error: "DOMAIN_TAKEN", fields: { domain: "DOMAIN_TAKEN" } });
    expect((await otherOwner.get(URL)).json().domain).toBeNull();
    // Its storefront host is its own whatever the demo's domain.
    expect(await robotsOn("demo-en.localhost")).toContain("http://demo-en.localhost/sitemap.xml");
  });

  it("needs website.website permissions", async () => {
    const reader = await collaboratorWith(t, ["website.website.read"]);
    expect((await reader.client.get(URL)).json().domain.name).toBe(DOMAIN);
    expect((await reader.client.put(URL, { domain: "x.example.org" })).statusCode).toBe(403);
    expect((await reader.client.post(`${URL}/verify`)).statusCode).toBe(403);
    expect((await reader.client.delete(URL)).statusCode).toBe(403);
    const nobody = await collaboratorWith(t, []);
    expect((await nobody.client.get(URL)).statusCode).toBe(403);
  });

  it("is removed: the domain stops serving at once", async () => {
    const removed = await owner.delete(URL);
    expect(removed.statusCode).toBe(204);
    expect((await owner.get(URL)).json().domain).toBeNull();
    expect(await robotsOn(DOMAIN)).toBeNull();
    expect(await tlsAllows(DOMAIN)).toBe(404);
    const [row] = await t.db
      .select({ domain: organisers.domain, token: organisers.domainToken })
      .from(organisers)
      .where(eq(organisers.id, await organiserIdOf(t.db, "demo")));
    expect(row).toEqual({ domain: null, token: null });
  });

  it("goes to exactly one organiser when two verify it at once", async () => {
    const race = "race.example.org";
    expect((await owner.put(URL, { domain: race })).json().domain.status).toBe("PENDING");
    expect((await otherOwner.put(URL, { domain: race })).json().domain.status).toBe("PENDING");
    const tokens = await Promise.all(
      [owner, otherOwner].map(
        async (client) => (await client.get(URL)).json().domain.records[0].value,
      ),
    );
    // Whoever controls the zone could publish both tokens: the database still picks one.
    dns.zone.set(`_booking-verify.${race}`, { TXT: tokens.map((token) => [token]) });
    dns.zone.set(race, { A: ["192.0.2.10"] });
    await Promise.all(
      Array.from({ length: 6 }, (_, index) => (index % 2 === 0 ? owner : otherOwner)).map(
        (client) => client.post(`${URL}/verify`),
      ),
    );
    const states = await Promise.all(
      [owner, otherOwner].map(async (client) => (await client.get(URL)).json().domain),
    );
    const verified = states.filter((state) => state.status === "VERIFIED");
    expect(verified).toHaveLength(1);
    expect(states.find((state) => state.status !== "VERIFIED")).toMatchObject({
      status: "FAILING",
      check_error: "DOMAIN_TAKEN",
    });
    const rows = await t.db
      .select({ id: organisers.id })
      .from(organisers)
      .where(eq(organisers.domain, race));
    expect(rows).toHaveLength(2);
    expect(await robotsOn(race)).not.toBeNull();
  });
});
