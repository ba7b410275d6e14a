import { randomBytes } from "node:crypto";
import { auditLogs, blogArticles } from "@booking/db";
import { and, desc, eq } from "@booking/db/orm";
import { slugFromTitle } from "@booking/domain/blog";
import { XMLParser, XMLValidator } from "fast-xml-parser";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  collaboratorWith,
  consoleLogin,
  DEMO_OWNER_EMAIL,
  organiserIdOf,
} from "./console-fixtures.ts";
import { Client, createTestApp, DEMO_EN_HOST, DEMO_HOST, type TestApp } from "./harness.ts";

/** The blog: console articles, the storefront's calls, feed and sitemap (API, real PostgreSQL). */

let t: TestApp;
let owner: Client;
let organiserId: number;
let storefront: Client;
let sequence = 0;

beforeAll(async () => {
  t = await createTestApp();
  owner = await consoleLogin(t.app, DEMO_OWNER_EMAIL);
  organiserId = await organiserIdOf(t.db, "demo");
  const session = (await owner.get("/api/admin/session")).json();
  if (session.organiser.slug !== "demo") {
    const demo = session.organisers.find((o: { slug: string }) => o.slug === "demo");
    await owner.put("/api/admin/session/organiser", { organiser: demo.cuid });
  }
  storefront = new Client(t.app, DEMO_HOST);
});
afterAll(async () => {
  await t.close();
});

const PATH = "/api/admin/blog/articles";

/** A title no other test uses. */
function uniqueTitle(base = "Article") {
  sequence += 1;
  return `${base} ${sequence} ${randomBytes(3).toString("hex")}`;
}

async function createArticle(input: Record<string, unknown> = {}) {
  const response = await owner.post(PATH, {
    title: uniqueTitle(),
    content: "<p>Un texte.</p>",
    ...input,
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json();
}

async function publish(cuid: string, published = true) {
  const response = await owner.put(`${PATH}/${cuid}/published`, { published });
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
}

/** Slugs of the storefront's visible articles (GET /api/blog/articles, every page). */
async function visibleSlugs(client = storefront): Promise<string[]> {
  const response = await client.get("/api/blog/articles?limit=50");
  expect(response.statusCode).toBe(200);
  return response.json().data.map((article: { slug: string }) => article.slug);
}

describe("console articles", () => {
  it("creates a draft with a slug from the title, edits, publishes, unpublishes and deletes it, audited", async () => {
    const created = await createArticle({ title: "L'été à la ferme !" });
    expect(created).toMatchObject({
      slug: expect.stringMatching(/^l-ete-a-la-ferme(-\d+)?$/),
      title: "L'été à la ferme !",
      status: "DRAFT",
      published: false,
      published_at: null,
      author: "Claire Martin",
      images: [],
    });
    const read = await owner.get(`${PATH}/${created.cuid}`);
    expect(read.json()).toEqual(created);

    const updated = await owner.put(`${PATH}/${created.cuid}`, {
      title: "La ferme en été",
      slug: `ferme-${created.id}`,
      content: "<h2>Au programme</h2><p>Des <em>poules</em>.</p>",
      published_at: null,
    });
    expect(updated.statusCode, updated.body).toBe(200);
    expect(updated.json()).toMatchObject({
      title: "La ferme en été",
      slug: `ferme-${created.id}`,
      content: "<h2>Au programme</h2><p>Des <em>poules</em>.</p>",
    });

    const published = await publish(created.cuid);
    expect(published.status).toBe("PUBLISHED");
    expect(Date.parse(published.published_at)).toBeLessThanOrEqual(Date.now());
    expect(await visibleSlugs()).toContain(`ferme-${created.id}`);

    const unpublished = await publish(created.cuid, false);
    expect(unpublished).toMatchObject({ status: "DRAFT", published_at: published.published_at });
    expect(await visibleSlugs()).not.toContain(`ferme-${created.id}`);

    const removed = await owner.delete(`${PATH}/${created.cuid}`);
    expect(removed.statusCode).toBe(200);
    expect((await owner.get(`${PATH}/${created.cuid}`)).json()).toEqual({
      error: "BLOG_ARTICLE_NOT_FOUND",
    });
    const actions = await t.db
      .select({ action: auditLogs.action })
      .from(auditLogs)
      .where(and(eq(auditLogs.organiserId, organiserId), eq(auditLogs.entityId, created.cuid)))
      .orderBy(auditLogs.id);
    expect(actions.map((row) => row.action)).toEqual([
      "blog_article.created",
      "blog_article.updated",
      "blog_article.published",
      "blog_article.unpublished",
      "blog_article.deleted",
    ]);
  });

  it("stores hostile HTML sanitised and the storefront gives it sanitised", async () => {
    const hostile =
      '<p onclick="x()">Bonjour<script>alert(1)</script><img src=x onerror=alert(2)>' +
      '<a href="javascript:alert(3)">lien</a> <a href="/blog">blog</a></p>' +
      '<iframe src="https://evil.example"></iframe><style>body{}</style>';
    const article = await createArticle({ content: hostile });
    expect(article.content).toBe('<p>Bonjourlien <a href="/blog">blog</a></p>');
    await publish(article.cuid);
    const shown = (await storefront.get(`/api/blog/articles/${article.slug}`)).json();
    expect(shown.content).not.toMatch(/script|onerror|onclick|javascript|iframe|style/i);
    const [row] = await t.db
      .select({ content: blogArticles.content })
      .from(blogArticles)
      .where(eq(blogArticles.cuid, article.cuid));
    expect(row!.content).toBe(article.content);
  });

  it("refuses bad input with field errors and changes nothing", async () => {
    const before = (await owner.get(`${PATH}?page_size=1`)).json().count;
    for (const [body, field, code] of [
      [{ title: "" }, "title", "REQUIRED"],
      [{ title: "x".repeat(300) }, "title", "TOO_LONG"],
      [{ title: "Ok", slug: "Pas un slug !" }, "slug", "INVALID_FORMAT"],
      [{ title: "Ok", slug: "a".repeat(81) }, "slug", "TOO_LONG"],
      [{ title: "Ok", published_at: "demain" }, "published_at", "INVALID_DATE"],
      [{ title: "Ok", content: "x".repeat(60_000) }, "content", "TOO_LONG"],
    ] as const) {
      const response = await owner.post(PATH, body);
      expect(response.statusCode, JSON.stringify(body).slice(0, 80)).toBe(400);
      expect(response.json().fields).toMatchObject({ [field]: code });
    }
    expect((await owner.get(`${PATH}?page_size=1`)).json().count).toBe(before);
    const unknown = await owner.put(`${PATH}/nosucharticle`, { title: "x" });
    expect(unknown.statusCode).toBe(404);
    const badStatus = await owner.get(`${PATH}?status=LIVE`);
    expect(badStatus.statusCode).toBe(400);
  });

  it("refuses a slug another article has, on create and on edit", async () => {
    const first = await createArticle();
    const second = await createArticle();
    const create = await owner.post(PATH, { title: uniqueTitle(), slug: first.slug });
    expect(create.statusCode).toBe(400);
    expect(create.json().fields).toEqual({ slug: "SLUG_TAKEN" });
    const edit = await owner.put(`${PATH}/${second.cuid}`, {
      title: second.title,
      slug: first.slug,
    });
    expect(edit.json().fields).toEqual({ slug: "SLUG_TAKEN" });
    // A blank slug keeps the current one: the article's address stays valid.
    const kept = await owner.put(`${PATH}/${second.cuid}`, { title: "Autre titre", slug: "" });
    expect(kept.json()).toMatchObject({ slug: second.slug, title: "Autre titre" });
  });

  it("gives articles saved at once under the same title distinct slugs, and one typed slug to one of them", async () => {
    const title = uniqueTitle("Course");
    const generated = await Promise.all(
      Array.from({ length: 8 }, () => owner.post(PATH, { title, content: "" })),
    );
    expect(generated.map((response) => response.statusCode)).toEqual(Array(8).fill(201));
    const slugs = generated.map((response) => response.json().slug);
    expect(new Set(slugs).size).toBe(8);
    const base = slugFromTitle(title);
    expect(slugs.sort()).toEqual(
      [base, ...Array.from({ length: 7 }, (_, index) => `${base}-${index + 2}`)].sort(),
    );

    const typed = `course-typee-${randomBytes(3).toString("hex")}`;
    const racing = await Promise.all(
      Array.from({ length: 8 }, () => owner.post(PATH, { title: uniqueTitle(), slug: typed })),
    );
    const statuses = racing.map((response) => response.statusCode).sort();
    expect(statuses).toEqual([201, 400, 400, 400, 400, 400, 400, 400]);
    const rows = await t.db
      .select({ id: blogArticles.id })
      .from(blogArticles)
      .where(and(eq(blogArticles.organiserId, organiserId), eq(blogArticles.slug, typed)));
    expect(rows).toHaveLength(1);
  });

  it("lists with search, status filter and paging", async () => {
    const word = `zebre${randomBytes(3).toString("hex")}`;
    const draft = await createArticle({ title: `Brouillon ${word}` });
    const live = await createArticle({ title: `En ligne ${word}` });
    await publish(live.cuid);
    const later = await createArticle({
      title: `Plus tard ${word}`,
      published_at: new Date(Date.now() + 7 * 86_400_000).toISOString(),
    });
    await publish(later.cuid);

    const all = (await owner.get(`${PATH}?q=${word}`)).json();
    expect(all.count).toBe(3);
    const byStatus = async (status: string) =>
      (await owner.get(`${PATH}?q=${word}&status=${status}`))
        .json()
        .data.map((item: { cuid: string }) => item.cuid);
    expect(await byStatus("DRAFT")).toEqual([draft.cuid]);
    expect(await byStatus("PUBLISHED")).toEqual([live.cuid]);
    expect(await byStatus("SCHEDULED")).toEqual([later.cuid]);

    const first = (await owner.get(`${PATH}?q=${word}&page_size=2&sort=title`)).json();
    const second = (
      await owner.get(`${PATH}?q=${word}&page_size=2&page_number=2&sort=title`)
    ).json();
    expect(first).toMatchObject({ count: 3, limit: 2, offset: 0 });
    expect(first.data.map((item: { title: string }) => item.title)).toEqual([
      `Brouillon ${word}`,
      `En ligne ${word}`,
    ]);
    expect(second.data.map((item: { title: string }) => item.title)).toEqual([`Plus tard ${word}`]);
  });

  it("uploads, describes, reorders and removes an article's images, which the storefront shows", async () => {
    const article = await createArticle();
    const picture = (color: string) =>
      sharp({ create: { width: 800, height: 600, channels: 3, background: color } })
        .png()
        .toBuffer();
    const first = await upload(article.cuid, await picture("#ff0000"));
    const second = await upload(article.cuid, await picture("#00ff00"));
    expect(first.statusCode, first.body).toBe(201);
    const [a, b] = [first.json(), second.json()];
    const described = await owner.put(`${PATH}/${article.cuid}/images/${b.cuid}`, {
      alt: "Des enfants",
    });
    expect(described.json().alt).toBe("Des enfants");
    const order = await owner.put(`${PATH}/${article.cuid}/images/order`, {
      cuids: [b.cuid, a.cuid],
    });
    expect(order.json().data.map((image: { cuid: string }) => image.cuid)).toEqual([
      b.cuid,
      a.cuid,
    ]);
    await publish(article.cuid);
    const shown = (await storefront.get(`/api/blog/articles/${article.cuid}`)).json();
    expect(shown.images).toEqual([
      { id: b.id, public_url: b.public_url, alt: "Des enfants" },
      { id: a.id, public_url: a.public_url, alt: null },
    ]);
    const removed = await owner.delete(`${PATH}/${article.cuid}/images/${a.cuid}`);
    expect(removed.statusCode).toBe(200);
    expect((await owner.get(`${PATH}/${article.cuid}`)).json().images).toHaveLength(1);
    expect((await storefront.get(a.public_url)).statusCode).toBe(404);
  });

  it("refuses a read-only role every change, and a collaborator without blog permission the list", async () => {
    const article = await createArticle();
    const reader = await collaboratorWith(t, ["blog.articles.read"]);
    expect((await reader.client.get(PATH)).statusCode).toBe(200);
    expect((await reader.client.post(PATH, { title: "Non" })).statusCode).toBe(403);
    expect((await reader.client.put(`${PATH}/${article.cuid}`, { title: "Non" })).statusCode).toBe(
      403,
    );
    expect(
      (await reader.client.put(`${PATH}/${article.cuid}/published`, { published: true }))
        .statusCode,
    ).toBe(403);
    expect((await reader.client.delete(`${PATH}/${article.cuid}`)).statusCode).toBe(403);
    const outsider = await collaboratorWith(t, ["activities.activities.read"]);
    expect((await outsider.client.get(PATH)).statusCode).toBe(403);
    expect((await owner.get(`${PATH}/${article.cuid}`)).json().published).toBe(false);
  });
});

async function upload(articleCuid: string, file: Buffer) {
  const boundary = `----test${randomBytes(8).toString("hex")}`;
  const payload = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="photo.png"\r\n` +
        "Content-Type: image/png\r\n\r\n",
    ),
    file,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return t.app.inject({
    method: "POST",
    url: `${PATH}/${articleCuid}/images`,
    headers: {
      host: owner.host,
      cookie: [...owner.cookies].map(([key, value]) => `${key}=${value}`).join("; "),
      "x-xsrf-token": owner.cookies.get("XSRF-TOKEN") ?? "",
      "content-type": `multipart/form-data; boundary=${boundary}`,
    },
    payload,
  });
}

describe("storefront blog", () => {
  it("shows published articles whose date has come, latest first, never drafts or scheduled ones", async () => {
    const draft = await createArticle();
    const scheduled = await createArticle({
      published_at: new Date(Date.now() + 3_600_000).toISOString(),
    });
    await publish(scheduled.cuid);
    const older = await createArticle({ published_at: "2026-01-10T09:00:00+01:00" });
    await publish(older.cuid);
    const newer = await createArticle({
      published_at: new Date(Date.now() - 60_000).toISOString(),
    });
    await publish(newer.cuid);

    const slugs = await visibleSlugs();
    expect(slugs).toContain(older.slug);
    expect(slugs.indexOf(newer.slug)).toBeLessThan(slugs.indexOf(older.slug));
    expect(slugs).not.toContain(draft.slug);
    expect(slugs).not.toContain(scheduled.slug);
    for (const hidden of [draft, scheduled]) {
      for (const key of [hidden.slug, hidden.cuid]) {
        const response = await storefront.get(`/api/blog/articles/${key}`);
        expect(response.statusCode).toBe(404);
        expect(response.json()).toEqual({ error: "BLOG_ARTICLE_NOT_FOUND" });
      }
    }
    const byCuid = await storefront.get(`/api/blog/articles/${newer.cuid}`);
    expect(byCuid.json()).toMatchObject({ slug: newer.slug, title: newer.title });
  });

  it("answers the latest 3 by default, pages with limit and offset, and refuses bad paging", async () => {
    for (let index = 0; index < 4; index++) await publish((await createArticle()).cuid);
    const latest = (await storefront.get("/api/blog/articles")).json();
    expect(latest).toMatchObject({ limit: 3, offset: 0 });
    expect(latest.data).toHaveLength(3);
    expect(latest.count).toBeGreaterThanOrEqual(4);
    expect(Object.keys(latest.data[0]).sort()).toEqual(
      [
        "content",
        "created_at",
        "cuid",
        "id",
        "images",
        "published_at",
        "slug",
        "title",
        "updated_at",
      ].sort(),
    );
    const page = (await storefront.get("/api/blog/articles?limit=2&offset=2")).json();
    expect(page.data.map((item: { cuid: string }) => item.cuid)).toEqual(
      (await storefront.get("/api/blog/articles?limit=4"))
        .json()
        .data.slice(2)
        .map((item: { cuid: string }) => item.cuid),
    );
    for (const query of ["limit=0", "limit=51", "limit=abc", "offset=-1"]) {
      expect((await storefront.get(`/api/blog/articles?${query}`)).statusCode, query).toBe(400);
    }
  });

  it("keeps an organiser's articles to its own storefront", async () => {
    const article = await createArticle();
    await publish(article.cuid);
    const other = new Client(t.app, DEMO_EN_HOST);
    expect(await visibleSlugs(other)).not.toContain(article.slug);
    expect((await other.get(`/api/blog/articles/${article.slug}`)).statusCode).toBe(404);
    expect((await other.get("/blog/feed.xml")).body).not.toContain(article.slug);
    expect((await other.get("/sitemap.xml")).body).not.toContain(article.slug);
    // The other organiser's owner sees none of them in the console either.
    const [row] = await t.db
      .select({ organiserId: blogArticles.organiserId })
      .from(blogArticles)
      .where(eq(blogArticles.cuid, article.cuid));
    expect(row!.organiserId).toBe(organiserId);
    const enOwner = await collaboratorWith(t, "owner", "demo-en");
    const list = (await enOwner.client.get(`${PATH}?page_size=100`)).json();
    expect(list.data.map((item: { cuid: string }) => item.cuid)).not.toContain(article.cuid);
    expect((await enOwner.client.get(`${PATH}/${article.cuid}`)).statusCode).toBe(404);
  });

  it("writes a valid Atom feed of the visible articles with absolute links", async () => {
    const article = await createArticle({
      title: "Feed <test> & co",
      content: '<p>Voir <a href="/activities">nos activités</a>.</p>',
    });
    await publish(article.cuid);
    const draft = await createArticle();
    const response = await storefront.get("/blog/feed.xml");
    expect(response.statusCode).toBe(200);
    expect(response.headers["content-type"]).toContain("application/atom+xml");
    expect(XMLValidator.validate(response.body)).toBe(true);
    const feed = new XMLParser({ ignoreAttributes: false }).parse(response.body).feed;
    const entries = [feed.entry].flat();
    const entry = entries.find((item: { title: unknown }) =>
      JSON.stringify(item.title).includes("Feed <test> & co"),
    );
    expect(entry).toBeDefined();
    expect(entry.link["@_href"]).toBe(`http://demo.localhost/fr/blog/${article.slug}`);
    expect(JSON.stringify(entry.content)).toContain("http://demo.localhost/fr/activities");
    expect(response.body).not.toContain(draft.slug);
  });

  it("lists the blog and its visible articles in the sitemap", async () => {
    const article = await createArticle();
    await publish(article.cuid);
    const draft = await createArticle();
    const sitemap = (await storefront.get("/sitemap.xml")).body;
    expect(sitemap).toContain("<loc>http://demo.localhost/fr/blog</loc>");
    expect(sitemap).toContain(`<loc>http://demo.localhost/fr/blog/${article.slug}</loc>`);
    expect(sitemap).not.toContain(draft.slug);
  });
});

describe("audit of image changes", () => {
  it("logs the upload under the article", async () => {
    const article = await createArticle();
    const picture = await sharp({
      create: { width: 10, height: 10, channels: 3, background: "#000" },
    })
      .png()
      .toBuffer();
    expect((await upload(article.cuid, picture)).statusCode).toBe(201);
    const [last] = await t.db
      .select({ action: auditLogs.action })
      .from(auditLogs)
      .where(eq(auditLogs.entityId, article.cuid))
      .orderBy(desc(auditLogs.id))
      .limit(1);
    expect(last!.action).toBe("blog_article.image_added");
  });
});

describe("public answers cache", () => {
  it("drops the organiser's cached blog answers when an article is published or unpublished", async () => {
    const cached = await createTestApp({ publicCacheTtlMs: 60_000 });
    try {
      const editor = await consoleLogin(cached.app, DEMO_OWNER_EMAIL);
      const session = (await editor.get("/api/admin/session")).json();
      const demo = session.organisers.find((o: { slug: string }) => o.slug === "demo");
      await editor.put("/api/admin/session/organiser", { organiser: demo.cuid });
      const visitor = new Client(cached.app, DEMO_HOST);
      const slugs = async () =>
        (await visitor.get("/api/blog/articles?limit=50"))
          .json()
          .data.map((item: { slug: string }) => item.slug);
      const created = (await editor.post(PATH, { title: uniqueTitle("Cache") })).json();
      expect(await slugs()).not.toContain(created.slug);
      await editor.put(`${PATH}/${created.cuid}/published`, { published: true });
      expect(await slugs()).toContain(created.slug);
      await editor.put(`${PATH}/${created.cuid}/published`, { published: false });
      expect(await slugs()).not.toContain(created.slug);
      expect((await visitor.get(`/api/blog/articles/${created.slug}`)).statusCode).toBe(404);
    } finally {
      await cached.close();
    }
  });
});
