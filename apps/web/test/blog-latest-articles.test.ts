import type {
  BlogArticleView,
  PageView,
  StorefrontOrganiser,
  StorefrontReader,
} from "@booking/contracts";
import { afterEach, describe, expect, it, vi } from "vitest";
import { loadPageSections } from "../app/sections/load.server";

const article = (index: number): BlogArticleView => ({
  id: index,
  cuid: `article${index}`,
  slug: `article-${index}`,
  title: `Article ${index}`,
  content: `<p>Un <strong>été</strong> au lac.</p><script>alert(${index})</script>`,
  images: index === 1 ? [{ id: 9, public_url: "/uploads/x/y.webp", alt: "Le lac" }] : [],
  published_at: "2027-06-01T08:00:00.000Z",
  created_at: "2027-05-30T08:00:00.000Z",
  updated_at: "2027-06-01T08:00:00.000Z",
});

const organiser = {
  language: "fr",
  timezone: "Europe/Brussels",
  currency: "EUR",
} as unknown as StorefrontOrganiser;

function page(settings: Record<string, unknown>): PageView {
  return {
    id: 1,
    cuid: "page1",
    type: "DEFAULT",
    path: "/",
    title: "Accueil",
    seo_title: null,
    description: null,
    elements: [
      {
        id: 7,
        cuid: "section7",
        element: "section",
        family: "content",
        type: null,
        name: "blog-latest-articles",
        settings,
        children: [],
      },
    ],
  };
}

const warn = vi.spyOn(console, "warn").mockImplementation(() => undefined);
afterEach(() => warn.mockClear());

describe("the latest-articles section", () => {
  it("reads as many articles as its count (3 by default) and gives cards without HTML", async () => {
    const blogArticles = vi.fn(async (params: Record<string, string | undefined>) => ({
      data: [article(1), article(2)],
      count: 2,
      limit: Number(params.limit),
      offset: 0,
    }));
    const reader = { blogArticles } as unknown as StorefrontReader;
    const url = new URL("http://demo.localhost/fr");

    const loaded = await loadPageSections(page({ title: "Nouvelles", count: 2 }), {
      url,
      reader,
      organiser,
    });
    expect(blogArticles).toHaveBeenCalledWith({ limit: "2" });
    expect(loaded.data["7"]).toEqual([
      {
        slug: "article-1",
        title: "Article 1",
        date: "1 juin 2027",
        dateTime: "2027-06-01T08:00:00.000Z",
        excerpt: "Un été au lac.",
        image: { url: "/uploads/x/y.webp", alt: "Le lac" },
      },
      expect.objectContaining({ slug: "article-2", image: null, excerpt: "Un été au lac." }),
    ]);

    await loadPageSections(page({}), { url, reader, organiser });
    expect(blogArticles).toHaveBeenLastCalledWith({ limit: "3" });
  });

  it("renders nothing when its settings are invalid", async () => {
    const reader = { blogArticles: vi.fn() } as unknown as StorefrontReader;
    const loaded = await loadPageSections(page({ count: 13 }), {
      url: new URL("http://demo.localhost/fr"),
      reader,
      organiser,
    });
    expect(loaded.elements).toEqual([]);
    expect(reader.blogArticles).not.toHaveBeenCalled();
    expect(String(warn.mock.calls[0]?.[1])).toContain("count: TOO_BIG");
  });
});
