import { randomBytes } from "node:crypto";
import { activities, organisers, pages } from "@booking/db";
import { and, eq } from "@booking/db/orm";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  collaboratorWith,
  consoleLogin,
  DEMO_OWNER_EMAIL,
  lastAuditByAction,
  organiserIdOf,
  storefrontOrganiserAt,
} from "./console-fixtures.ts";
import { Client, createTestApp, DEMO_HOST, type TestApp } from "./harness.ts";

let t: TestApp;
let owner: Client;
let demoId: number;

beforeAll(async () => {
  // The public answers cache on, as in production, to see the saves drop it.
  t = await createTestApp({ publicCacheTtlMs: 60_000 });
  owner = await consoleLogin(t.app, DEMO_OWNER_EMAIL);
  demoId = await organiserIdOf(t.db, "demo");
});
afterAll(() => t.close());

const patch = (client: Client, body: unknown) =>
  client.request("PATCH", "/api/admin/website", { body });

async function storedWebsite() {
  const [row] = await t.db
    .select({ website: organisers.website })
    .from(organisers)
    .where(eq(organisers.id, demoId));
  return row!.website;
}

const storefrontOrganiser = () => storefrontOrganiserAt(t.db, DEMO_HOST);

const lastAudit = (action: string) => lastAuditByAction(t.db, demoId, action);

const link = (id: string, name: string, href: string, children: unknown[] = []) => ({
  id,
  name,
  href,
  children,
});

describe("website settings: reading", () => {
  it("answers the layout, theme and what links may point to", async () => {
    const response = await owner.get("/api/admin/website");
    expect(response.statusCode).toBe(200);
    const view = response.json();
    expect(view).toMatchObject({
      theme: "default",
      css: "",
      favicon_url: null,
      register: { title: null, subtitle: null },
      header: { logo_position: "left", links_position: "right", sticky: true },
    });
    expect(view.navigation.length).toBeGreaterThan(0);
    expect(view.link_targets.routes).toContain("/blog");
    expect(view.link_targets.pages.length).toBeGreaterThan(0);
    expect(view.link_targets.activities.length).toBeGreaterThan(0);
    expect(view.link_targets.categories[0].href).toMatch(/\?category-[a-z0-9]+=[a-z0-9]+$/);
  });
});

describe("website settings: saving each part", () => {
  it("saves the top bar, header, navigation and footer; the storefront renders them", async () => {
    const [page] = await t.db
      .select({ path: pages.path })
      .from(pages)
      .where(and(eq(pages.organiserId, demoId), eq(pages.published, true)))
      .limit(1);
    const topbar = {
      email: " Hello@Example.org ",
      phone: "+32 2 555 00 00",
      announcement: { text: "Summer camps are open", href: "/fr/catalogue" },
      text_color: "#ffffff",
      background_color: "#112233",
    };
    const navigation = [
      link("first", "First", page!.path, [
        link("group", "Group", "#", [link("deep", "Deep", "/nowhere-at-all")]),
      ]),
      link("mail", "Write to us", "mailto:hello@example.org"),
    ];
    const footer = {
      brand: "Brand",
      quote: "A quote",
      columns: [{ id: "col", title: "Column", links: [link("c1", "Terms", "/terms")] }],
      legal_links: [link("l1", "Privacy", "/privacy-missing")],
      call_to_action: { text: "Book now", href: "https://example.org/book" },
    };
    const response = await patch(owner, {
      topbar,
      header: { logo_position: "center", links_position: "left", sticky: false },
      navigation,
      footer,
    });
    expect(response.statusCode, response.body).toBe(200);
    const view = response.json();
    expect(view.topbar).toMatchObject({
      email: "hello@example.org",
      text_color: "#FFFFFF",
      background_color: "#112233",
    });
    expect(view.unresolved_links).toEqual(["/nowhere-at-all", "/privacy-missing"]);

    const organiser = await storefrontOrganiser();
    expect(organiser.layout).toEqual({
      topbar: { ...topbar, email: "hello@example.org", text_color: "#FFFFFF" },
      header: { logo_position: "center", links_position: "left", sticky: false, links: navigation },
      footer,
    });
    const audit = await lastAudit("website.updated");
    expect(Object.keys(audit!.after as object).sort()).toEqual([
      "footer",
      "header",
      "navigation",
      "topbar",
    ]);

    // The header alone keeps the navigation, and the navigation alone the header settings.
    await patch(owner, {
      header: { logo_position: "left", links_position: "right", sticky: true },
    });
    expect((await storefrontOrganiser()).layout.header).toMatchObject({
      logo_position: "left",
      links: navigation,
    });
  });

  it("saves the theme, the accent colour (warning below 4.5:1) and the register texts", async () => {
    const response = await patch(owner, {
      theme: "rounded",
      accent_color: "#ffcc00",
      register: { title: "Join us", subtitle: "  " },
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({ theme: "rounded", accent_color: "#FFCC00" });
    expect(response.json().accent_contrast).toBeLessThan(4.5);
    const organiser = await storefrontOrganiser();
    expect(organiser).toMatchObject({
      theme: "rounded",
      accent_color: "#FFCC00",
      register_texts: { title: "Join us", subtitle: null },
    });
    // Other page settings are kept beside the register texts.
    expect((await storedWebsite()).pages_settings.catalogue).toBeDefined();

    const dark = await patch(owner, { accent_color: "#1D4ED8" });
    expect(dark.json().accent_contrast).toBeGreaterThanOrEqual(4.5);
  });

  it("keeps custom CSS made safe: no remote loads, no </style>", async () => {
    const css = [
      "@import url(https://evil.example/x.css);",
      ".hero h1 { letter-spacing: -0.02em }",
      "body { background: url(https://evil.example/t.gif) }",
      '.note::after { content: "</style><script>alert(1)</script>" }',
      "@font-face { font-family: x; src: url(//evil.example/f.woff2) }",
    ].join("\n");
    const response = await patch(owner, { css });
    expect(response.statusCode, response.body).toBe(200);
    const saved = response.json().css as string;
    expect(saved).toContain(".hero h1 { letter-spacing: -0.02em }");
    expect(saved).not.toMatch(/evil|@import|@font-face|</);
    expect((await storefrontOrganiser()).custom_css).toBe(saved);

    const unreadable = await patch(owner, { css: ".a { color: red" });
    expect(unreadable.statusCode).toBe(400);
    expect(unreadable.json()).toEqual({
      error: "VALIDATION_ERROR",
      fields: { css: "INVALID_FORMAT" },
    });
  });
});

describe("website settings: saves at once", () => {
  it("keeps every part of saves made at the same time (each replaces only its own part)", async () => {
    const navigation = [link("race", "Race", "/terms")];
    const answers = await Promise.all([
      patch(owner, { theme: "classic" }),
      patch(owner, { navigation }),
      patch(owner, { accent_color: "#123456" }),
      patch(owner, { register: { title: "Race", subtitle: null } }),
      patch(owner, { css: ".race { color: red }" }),
    ]);
    expect(answers.map((answer) => answer.statusCode)).toEqual([200, 200, 200, 200, 200]);
    const website = await storedWebsite();
    expect(website).toMatchObject({
      theme: "classic",
      accent_color: "#123456",
      css: ".race { color: red }",
      pages_settings: { register: { title: "Race", subtitle: null } },
    });
    expect(website.layout.header.links).toEqual(navigation);
  });
});

describe("website settings: bad input changes nothing", () => {
  const deep = [
    link("a", "A", "#", [link("b", "B", "#", [link("c", "C", "#", [link("d", "D", "/")])])]),
  ];
  it.each([
    [{}, "REQUIRED"],
    [{ unknown: 1 }, null],
    [
      {
        topbar: {
          email: "not-an-email",
          phone: null,
          announcement: null,
          text_color: "#FFFFFF",
          background_color: "#000000",
        },
      },
      { "topbar.email": "INVALID_EMAIL" },
    ],
    [
      { navigation: [link("x", "X", "javascript:alert(1)")] },
      { "navigation.0.href": "INVALID_FORMAT" },
    ],
    [{ navigation: [link("x", "X", `/${"a".repeat(600)}`)] }, { "navigation.0.href": "TOO_LONG" }],
    [{ navigation: deep }, { "navigation.0.children.0.children.0.children": "TOO_BIG" }],
    [{ navigation: [link("x", "", "/")] }, { "navigation.0.name": "REQUIRED" }],
    [{ accent_color: "red" }, { accent_color: "INVALID_FORMAT" }],
    [{ theme: "neon" }, { theme: "INVALID_CHOICE" }],
    [{ css: "a{}".repeat(7000) }, { css: "TOO_LONG" }],
    [
      { header: { logo_position: "right", links_position: "left", sticky: true } },
      { "header.logo_position": "INVALID_CHOICE" },
    ],
    [{ register: { title: "x".repeat(101), subtitle: null } }, { "register.title": "TOO_LONG" }],
  ])("refuses %j", async (body, fields) => {
    const before = await storedWebsite();
    const response = await patch(owner, body);
    expect(response.statusCode, response.body).toBe(400);
    expect(response.json().error).toBe("VALIDATION_ERROR");
    if (fields && typeof fields === "object") expect(response.json().fields).toMatchObject(fields);
    expect(await storedWebsite()).toEqual(before);
  });
});

describe("website settings: who may", () => {
  it("lets a read-only role read but not save, and no role neither", async () => {
    const reader = await collaboratorWith(t, ["website.website.read"]);
    expect((await reader.client.get("/api/admin/website")).statusCode).toBe(200);
    const before = await storedWebsite();
    const refused = await patch(reader.client, {
      theme: before.theme === "classic" ? "rounded" : "classic",
    });
    expect(refused.statusCode).toBe(403);
    expect(await storedWebsite()).toEqual(before);
    const nobody = await collaboratorWith(t, []);
    expect((await nobody.client.get("/api/admin/website")).statusCode).toBe(403);
  });
});

describe("website settings: favicon", () => {
  async function upload(client: Client, file: Buffer) {
    const boundary = `----test${randomBytes(8).toString("hex")}`;
    return t.app.inject({
      method: "POST",
      url: "/api/admin/website/favicon",
      headers: {
        host: client.host,
        cookie: [...client.cookies].map(([key, value]) => `${key}=${value}`).join("; "),
        "x-xsrf-token": client.cookies.get("XSRF-TOKEN") ?? "",
        "content-type": `multipart/form-data; boundary=${boundary}`,
      },
      payload: Buffer.concat([
        Buffer.from(
          `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="icon.png"\r\n` +
            "Content-Type: image/png\r\n\r\n",
        ),
        file,
        Buffer.from(`\r\n--${boundary}--\r\n`),
      ]),
    });
  }

  it("uploads a square favicon served on the organiser's host, and removes it", async () => {
    const png = await sharp({
      create: { width: 300, height: 120, channels: 4, background: "#1d4ed8" },
    })
      .png()
      .toBuffer();
    const response = await upload(owner, png);
    expect(response.statusCode, response.body).toBe(200);
    const url = response.json().favicon_url as string;
    expect(url).toMatch(/^\/uploads\/[a-z0-9]+\/[a-f0-9]{32}\.webp$/);
    expect((await storefrontOrganiser()).favicon_url).toBe(url);
    const served = await new Client(t.app, DEMO_HOST).get(url);
    expect(served.statusCode).toBe(200);
    expect(await sharp(served.rawPayload).metadata()).toMatchObject({ width: 192, height: 192 });
    expect((await lastAudit("website.favicon_updated"))!.after).toEqual({ favicon_url: url });

    const notImage = await upload(owner, Buffer.from("<svg onload=alert(1)>"));
    expect(notImage.statusCode).toBe(415);

    const removed = await owner.delete("/api/admin/website/favicon");
    expect(removed.json().favicon_url).toBeNull();
    expect((await storefrontOrganiser()).favicon_url).toBeNull();
  });
});

describe("website settings: the public cache", () => {
  it("shows a console save on the storefront at once, the organiser cached with its host included", async () => {
    const visitor = new Client(t.app, DEMO_HOST);
    const sitemap = async () => (await visitor.get("/sitemap.xml")).body;
    expect(await sitemap()).toContain("/fr/");
    const account = (await owner.get("/api/admin/settings/account")).json();
    const { logo_url: _logo, currency_locked: _locked, ...editable } = account;
    const saved = await owner.put("/api/admin/settings/account", { ...editable, language: "en" });
    expect(saved.statusCode, saved.body).toBe(200);
    try {
      // The host's organiser row was cached for 60 s; the save dropped it.
      expect(await sitemap()).toContain("/en/");
    } finally {
      await owner.put("/api/admin/settings/account", editable);
    }
  });

  it("drops the organiser's cached public answers on a save", async () => {
    const visitor = new Client(t.app, DEMO_HOST);
    const titles = async () =>
      ((await visitor.get("/api/activities?limit=100")).json().data as { title: string }[]).map(
        (activity) => activity.title,
      );
    const [activity] = await t.db
      .select()
      .from(activities)
      .where(and(eq(activities.organiserId, demoId), eq(activities.published, true)))
      .limit(1);
    const first = await titles();
    expect(first).toContain(activity!.title);
    // Written behind the server's back: the cached answer stays…
    await t.db
      .update(activities)
      .set({ title: "Renamed behind the cache" })
      .where(eq(activities.id, activity!.id));
    expect(await titles()).toEqual(first);
    // …until a website save drops the organiser's cache.
    expect((await patch(owner, { theme: "classic" })).statusCode).toBe(200);
    expect(await titles()).toContain("Renamed behind the cache");
  });
});
