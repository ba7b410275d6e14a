import { type DraftElement, parseElementTree } from "@booking/contracts";
import { pageElements, pages } from "@booking/db";
import { and, eq } from "@booking/db/orm";
import type { FastifyRequest } from "fastify";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { findOrganiserByHost } from "../src/modules/organisers/queries.ts";
import {
  collaboratorWith,
  consoleLogin,
  DEMO_OWNER_EMAIL,
  lastAuditOf,
} from "./console-fixtures.ts";
import {
  type Client,
  createTestApp,
  DEMO_HOST,
  storefrontContextFactory,
  type TestApp,
} from "./harness.ts";

/** The console's page builder: pages, drafts, publication, versions (API, real PostgreSQL). */

let t: TestApp;
let owner: Client;
let sequence = 0;
const BASE = "/api/admin/website/pages";

beforeAll(async () => {
  t = await createTestApp();
  owner = await consoleLogin(t.app, DEMO_OWNER_EMAIL);
  const session = (await owner.get("/api/admin/session")).json();
  if (session.organiser.slug !== "demo") {
    const demo = session.organisers.find((o: { slug: string }) => o.slug === "demo");
    await owner.put("/api/admin/session/organiser", { organiser: demo.cuid });
  }
});
afterAll(async () => {
  await t.close();
});

/** What the storefront's page route reads for `path` on the demo host (no cache). */
async function storefrontPage(path: string) {
  const organiser = await findOrganiserByHost(t.db, DEMO_HOST, "localhost");
  const request = {
    tenant: { kind: "storefront", organiser },
    cookies: {},
    cspNonce: "nonce",
    log: { error: () => undefined },
  } as unknown as FastifyRequest;
  const context = await storefrontContextFactory(t.db)(request);
  if (context.kind !== "storefront") throw new Error("expected a storefront context");
  return context.reader.page(path);
}

async function newPage(client = owner) {
  sequence += 1;
  const response = await client.post(BASE, {
    title: `Page ${sequence}`,
    path: `/builder-test-${sequence}-${Date.now()}`,
  });
  expect(response.statusCode).toBe(201);
  return response.json() as { cuid: string; path: string };
}

const heading = (cuid: string, text: string): DraftElement => ({
  cuid,
  element: "block",
  family: "content",
  type: null,
  name: "heading",
  settings: { text, level: 2 },
});

const section = (cuid: string, children: DraftElement[]): DraftElement => ({
  cuid,
  element: "section",
  family: "content",
  type: null,
  name: "basic",
  settings: {},
  children: [
    {
      cuid: `${cuid}box`,
      element: "container",
      family: "layout",
      type: null,
      name: "basic",
      settings: {},
      children,
    },
  ],
});

const lastAudit = (entityId: string) => lastAuditOf(t.db, entityId);

describe("pages", () => {
  it("creates, lists, renames, moves (normalised path), sets the SEO texts and deletes a page", async () => {
    const created = await owner.post(BASE, { title: "À propos", path: " /a-propos-test/ " });
    expect(created.statusCode).toBe(201);
    const page = created.json();
    expect(page).toMatchObject({
      type: "DEFAULT",
      title: "À propos",
      path: "/a-propos-test",
      published: false,
      has_draft: false,
      deletable: true,
    });
    expect((await lastAudit(page.cuid))?.action).toBe("page.created");

    const list = (await owner.get(BASE)).json().data as Array<{ cuid: string; path: string }>;
    expect(list.map((item) => item.cuid)).toContain(page.cuid);
    expect(list[0]).toMatchObject({ path: "/", deletable: false });

    const updated = await owner.put(`${BASE}/${page.cuid}`, {
      title: "Qui sommes-nous",
      path: "/qui-sommes-nous-test///",
      seo_title: "Qui sommes-nous — le club",
      description: "Le club, ses moniteurs, ses lieux.",
    });
    expect(updated.statusCode).toBe(200);
    expect(updated.json()).toMatchObject({
      title: "Qui sommes-nous",
      path: "/qui-sommes-nous-test",
      seo_title: "Qui sommes-nous — le club",
      description: "Le club, ses moniteurs, ses lieux.",
    });
    const audit = await lastAudit(page.cuid);
    expect(audit?.action).toBe("page.updated");
    expect(audit?.before).toMatchObject({ path: "/a-propos-test" });

    expect((await owner.delete(`${BASE}/${page.cuid}`)).statusCode).toBe(200);
    const gone = await owner.get(`${BASE}/${page.cuid}`);
    expect(gone.statusCode).toBe(404);
    expect(gone.json()).toEqual({ error: "PAGE_NOT_FOUND" });
  });

  it("refuses bad titles and paths, and a path another page has", async () => {
    const bad = await owner.post(BASE, { title: " ", path: "no-slash", type: "OTHER" });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().fields).toEqual({
      title: "REQUIRED",
      path: "INVALID_FORMAT",
      type: "INVALID_CHOICE",
    });
    expect((await owner.post(BASE, { title: "X", path: "/a b" })).json().fields).toEqual({
      path: "INVALID_FORMAT",
    });
    expect((await owner.post(BASE, { title: "X", path: `/${"x".repeat(600)}` })).statusCode).toBe(
      400,
    );
    const taken = await owner.post(BASE, { title: "Accueil bis", path: "/" });
    expect(taken.statusCode).toBe(400);
    expect(taken.json()).toEqual({ error: "VALIDATION_ERROR", fields: { path: "DUPLICATE" } });
    const page = await newPage();
    const moved = await owner.put(`${BASE}/${page.cuid}`, { title: "X", path: "/" });
    expect(moved.json().fields).toEqual({ path: "DUPLICATE" });
  });

  it("gives a path to one page when many requests race for it", async () => {
    const path = `/course-${Date.now()}`;
    const answers = await Promise.all(
      Array.from({ length: 8 }, (_, index) => owner.post(BASE, { title: `Course ${index}`, path })),
    );
    const statuses = answers.map((answer) => answer.statusCode).sort();
    expect(statuses).toEqual([201, 400, 400, 400, 400, 400, 400, 400]);
    for (const answer of answers.filter((item) => item.statusCode === 400)) {
      expect(answer.json().fields).toEqual({ path: "DUPLICATE" });
    }
    const rows = await t.db.select().from(pages).where(eq(pages.path, path));
    expect(rows).toHaveLength(1);
  });

  it("never deletes the home page nor the last availability page template, nor moves the home page", async () => {
    const list = (await owner.get(BASE)).json().data as Array<{
      cuid: string;
      path: string;
      type: string;
    }>;
    const home = list.find((item) => item.path === "/")!;
    const refused = await owner.delete(`${BASE}/${home.cuid}`);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toEqual({ error: "PAGE_UNDELETABLE" });
    const moved = await owner.put(`${BASE}/${home.cuid}`, { title: "Accueil", path: "/accueil" });
    expect(moved.json().fields).toEqual({ path: "INVALID_CHOICE" });

    const template = await owner.post(BASE, {
      title: "Disponibilité",
      path: `/dispo-${Date.now()}`,
      type: "AVAILABILITY",
    });
    expect(template.statusCode).toBe(201);
    const templates = ((await owner.get(BASE)).json().data as typeof list).filter(
      (item) => item.type === "AVAILABILITY",
    );
    // With two templates one may go; the last one stays.
    for (const [index, item] of templates.entries()) {
      const answer = await owner.delete(`${BASE}/${item.cuid}`);
      expect(answer.statusCode).toBe(index < templates.length - 1 ? 200 : 409);
    }
  });
});

describe("drafts, publication and versions", () => {
  it("refuses a draft with invalid settings, an unknown or misplaced element, with the errors of each element", async () => {
    const page = await newPage();
    const answer = await owner.put(`${BASE}/${page.cuid}/draft`, {
      content: [
        section("sa", [heading("ha", ""), heading("hb", "Fine")]),
        { ...heading("hc", "At the top"), settings: { text: "x", color: "red" } },
        { ...section("sb", []), name: "nope" },
      ],
    });
    expect(answer.statusCode).toBe(400);
    expect(answer.json()).toEqual({
      error: "VALIDATION_ERROR",
      fields: {
        "elements.ha.settings.text": "REQUIRED",
        "elements.hc": "INVALID_CHOICE",
        "elements.hc.settings.color": "INVALID_FORMAT",
        "elements.sb": "INVALID_CHOICE",
      },
    });
    const shapeless = await owner.put(`${BASE}/${page.cuid}/draft`, {
      content: [{ element: "section", family: "content", name: "basic" }],
    });
    expect(shapeless.json().fields).toEqual({ "content.0.cuid": "REQUIRED" });
    const draft = (await owner.get(`${BASE}/${page.cuid}/draft`)).json();
    expect(draft).toMatchObject({ is_draft: false, content: [] });
  });

  it("refuses to save or publish again a page whose stored settings are invalid; the storefront skips that element", async () => {
    const page = await newPage();
    expect(
      (
        await owner.put(`${BASE}/${page.cuid}/draft`, {
          content: [section("ok1", [heading("ok2", "Titre")])],
        })
      ).statusCode,
    ).toBe(200);
    expect((await owner.post(`${BASE}/${page.cuid}/publish`)).statusCode).toBe(200);
    // Written behind the builder's back (an older console, a seed): a colour the schema refuses.
    await t.db
      .update(pageElements)
      .set({ settings: { text: "Titre", color: "red" } })
      .where(eq(pageElements.cuid, "ok2"));
    const live = await storefrontPage(page.path);
    expect(parseElementTree(live!.elements)[0]!.children[0]!.children).toEqual([]);
    const draft = (await owner.get(`${BASE}/${page.cuid}/draft`)).json();
    expect(draft.content[0].children[0].children[0].settings.color).toBe("red");
    const saved = await owner.put(`${BASE}/${page.cuid}/draft`, { content: draft.content });
    expect(saved.json().fields).toEqual({ "elements.ok2.settings.color": "INVALID_FORMAT" });
    const republished = await owner.post(`${BASE}/${page.cuid}/publish`);
    expect(republished.statusCode).toBe(400);
  });

  it("keeps the published page while the draft changes, publishes it, lists versions and restores one", async () => {
    const page = await newPage();
    const first = [section("s1", [heading("h1", "Première version")])];
    const saved = await owner.put(`${BASE}/${page.cuid}/draft`, { content: first });
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toMatchObject({ is_draft: true, page: { has_draft: true } });
    // Not published yet: the storefront has no page there.
    expect(await storefrontPage(page.path)).toBeNull();

    const published = await owner.post(`${BASE}/${page.cuid}/publish`);
    expect(published.statusCode).toBe(200);
    expect(published.json()).toMatchObject({ published: true, has_draft: false });
    expect((await lastAudit(page.cuid))?.action).toBe("page.published");
    const live = await storefrontPage(page.path);
    expect(live?.elements[0]?.cuid).toBe("s1");
    expect(live?.elements[0]?.children[0]?.children[0]).toMatchObject({
      cuid: "h1",
      settings: { text: "Première version", level: 2 },
    });

    // A second draft: the storefront keeps the first until it is published.
    const second = [
      section("s2", [heading("h2", "Seconde")]),
      section("s1", [heading("h1", "Première, revue")]),
    ];
    await owner.put(`${BASE}/${page.cuid}/draft`, { content: second });
    expect((await storefrontPage(page.path))?.elements).toHaveLength(1);
    expect((await owner.get(`${BASE}/${page.cuid}/draft`)).json().content[0].cuid).toBe("s2");
    await owner.post(`${BASE}/${page.cuid}/publish`);
    const after = await storefrontPage(page.path);
    expect(after?.elements.map((node) => node.cuid)).toEqual(["s2", "s1"]);

    const versions = (await owner.get(`${BASE}/${page.cuid}/versions`)).json().data;
    expect(versions.map((v: { status: string }) => v.status)).toEqual(["PUBLISHED", "ARCHIVED"]);
    expect(versions[0]).toMatchObject({ sections: 2 });
    expect(versions[0].created_by).toBeTruthy();

    const restored = await owner.post(`${BASE}/${page.cuid}/versions/${versions[1].cuid}/restore`);
    expect(restored.statusCode).toBe(200);
    expect(restored.json().content[0].children[0].children[0].settings.text).toBe(
      "Première version",
    );
    // Restoring fills the draft; the storefront changes only on publish.
    expect((await storefrontPage(page.path))?.elements).toHaveLength(2);
    await owner.post(`${BASE}/${page.cuid}/publish`);
    expect((await storefrontPage(page.path))?.elements.map((node) => node.cuid)).toEqual(["s1"]);

    // Discarding a draft goes back to the published content.
    await owner.put(`${BASE}/${page.cuid}/draft`, { content: [] });
    const discarded = await owner.delete(`${BASE}/${page.cuid}/draft`);
    expect(discarded.json()).toMatchObject({ is_draft: false, content: [{ cuid: "s1" }] });

    const unknown = await owner.post(`${BASE}/${page.cuid}/versions/nothing/restore`);
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ error: "PAGE_VERSION_NOT_FOUND" });
  });

  it("stores rich text sanitised", async () => {
    const page = await newPage();
    const saved = await owner.put(`${BASE}/${page.cuid}/draft`, {
      content: [
        section("rt1", [
          {
            cuid: "rt2",
            element: "block",
            family: "content",
            type: null,
            name: "rich-text",
            settings: {
              html: '<p onclick="steal()">Bonjour <script>alert(1)</script><a href="javascript:x">lien</a></p>',
            },
          },
        ]),
      ],
    });
    const html = saved.json().content[0].children[0].children[0].settings.html;
    expect(html).toContain("Bonjour");
    expect(html).not.toMatch(/script|onclick|javascript:/);
  });

  it("opens an existing page's published elements as its draft, with their cuids", async () => {
    const list = (await owner.get(BASE)).json().data as Array<{ cuid: string; path: string }>;
    const home = list.find((item) => item.path === "/")!;
    const draft = (await owner.get(`${BASE}/${home.cuid}/draft`)).json();
    expect(draft.is_draft).toBe(false);
    expect(draft.content.length).toBeGreaterThan(0);
    const [row] = await t.db
      .select()
      .from(pageElements)
      .where(and(eq(pageElements.cuid, draft.content[0].cuid)));
    expect(row?.parentId).toBeNull();
    expect(draft.content[0].id).toBe(draft.content[0].cuid);
  });
});

describe("a page made before the builder (seed, sign-up)", () => {
  it("keeps its first content as an earlier version when first published, to restore it", async () => {
    const list = (await owner.get(BASE)).json().data as Array<{ cuid: string; path: string }>;
    const home = list.find((item) => item.path === "/")!;
    const original = (await owner.get(`${BASE}/${home.cuid}/draft`)).json().content;
    const changed = structuredClone(original);
    changed.reverse();
    expect((await owner.put(`${BASE}/${home.cuid}/draft`, { content: changed })).statusCode).toBe(
      200,
    );
    expect((await owner.post(`${BASE}/${home.cuid}/publish`)).statusCode).toBe(200);
    const versions = (await owner.get(`${BASE}/${home.cuid}/versions`)).json().data;
    expect(versions.map((v: { status: string }) => v.status)).toEqual(["PUBLISHED", "ARCHIVED"]);
    expect(versions[1].created_by).toBeNull();
    const restored = await owner.post(`${BASE}/${home.cuid}/versions/${versions[1].cuid}/restore`);
    expect(restored.json().content).toEqual(original);
    await owner.post(`${BASE}/${home.cuid}/publish`);
    const live = await storefrontPage("/");
    expect(live?.elements.map((node) => node.cuid)).toEqual(
      original.map((node: { cuid: string }) => node.cuid),
    );
  });
});

describe("images", () => {
  it("stores an uploaded image for an element's settings and answers its address", async () => {
    const file = await sharp({
      create: { width: 2400, height: 1200, channels: 3, background: "#2a7" },
    })
      .png()
      .toBuffer();
    const boundary = "----builder-test";
    const payload = Buffer.concat([
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="hero.png"\r\n` +
          "Content-Type: image/png\r\n\r\n",
      ),
      file,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]);
    await owner.get("/api/admin/session");
    const response = await t.app.inject({
      method: "POST",
      url: "/api/admin/website/images",
      headers: {
        host: owner.host,
        cookie: [...owner.cookies].map(([key, value]) => `${key}=${value}`).join("; "),
        "x-xsrf-token": owner.cookies.get("XSRF-TOKEN") ?? "",
        "content-type": `multipart/form-data; boundary=${boundary}`,
      },
      payload,
    });
    expect(response.statusCode, response.body).toBe(201);
    expect(response.json()).toMatchObject({ width: 1600, height: 800 });
    expect(response.json().url).toMatch(/^\/uploads\/[a-z0-9]+\/[a-f0-9]{32}\.webp$/);
    // The address passes the image rule of the elements' settings.
    const page = await newPage();
    const saved = await owner.put(`${BASE}/${page.cuid}/draft`, {
      content: [
        section("im1", [
          {
            cuid: "im2",
            element: "block",
            family: "content",
            type: null,
            name: "image",
            settings: { src: response.json().url, alt: "" },
          },
        ]),
      ],
    });
    expect(saved.statusCode).toBe(200);
  });
});

describe("access", () => {
  it("answers 404 for another organiser's pages", async () => {
    const other = await collaboratorWith(t, "owner", "demo-en");
    const theirs = await newPage(other.client);
    for (const answer of [
      await owner.get(`${BASE}/${theirs.cuid}`),
      await owner.put(`${BASE}/${theirs.cuid}`, { title: "Mine", path: "/mine" }),
      await owner.delete(`${BASE}/${theirs.cuid}`),
      await owner.get(`${BASE}/${theirs.cuid}/draft`),
      await owner.put(`${BASE}/${theirs.cuid}/draft`, { content: [] }),
      await owner.post(`${BASE}/${theirs.cuid}/publish`),
      await owner.get(`${BASE}/${theirs.cuid}/versions`),
    ]) {
      expect(answer.statusCode).toBe(404);
      expect(answer.json()).toEqual({ error: "PAGE_NOT_FOUND" });
    }
    const list = (await owner.get(BASE)).json().data as Array<{ cuid: string }>;
    expect(list.map((item) => item.cuid)).not.toContain(theirs.cuid);
  });

  it("lets a read-only role look but not change", async () => {
    const page = await newPage();
    const { client } = await collaboratorWith(t, ["website.pages.read"]);
    expect((await client.get(BASE)).statusCode).toBe(200);
    expect((await client.get(`${BASE}/${page.cuid}/draft`)).statusCode).toBe(200);
    for (const answer of [
      await client.post(BASE, { title: "X", path: "/x-readonly" }),
      await client.put(`${BASE}/${page.cuid}/draft`, { content: [] }),
      await client.post(`${BASE}/${page.cuid}/publish`),
      await client.delete(`${BASE}/${page.cuid}`),
    ]) {
      expect(answer.statusCode).toBe(403);
    }
  });
});
