import { ARTICLE_SLUG } from "@booking/contracts";
import { describe, expect, it } from "vitest";
import {
  articleExcerpt,
  articleStatus,
  BLOG_SLUG_MAX_LENGTH,
  BLOG_SLUG_PATTERN,
  slugCandidate,
  slugFromTitle,
} from "../src/blog.ts";

describe("slugFromTitle", () => {
  it("drops accents and punctuation, joining words with single hyphens", () => {
    expect(slugFromTitle("L'été à la ferme !")).toBe("l-ete-a-la-ferme");
    expect(slugFromTitle("  Œuvres -- d'art & Straße  ")).toBe("oeuvres-d-art-strasse");
    expect(slugFromTitle("Stages 2027 : les inscriptions")).toBe("stages-2027-les-inscriptions");
  });

  it("gives 'article' for a title without letters or digits", () => {
    expect(slugFromTitle("!!! ???")).toBe("article");
    expect(slugFromTitle("")).toBe("article");
  });

  it("cuts long titles at a word boundary and always gives a valid slug", () => {
    const slug = slugFromTitle(`${"semaine ".repeat(30)}fin`);
    expect(slug.length).toBeLessThanOrEqual(BLOG_SLUG_MAX_LENGTH);
    expect(slug).toMatch(BLOG_SLUG_PATTERN);
    expect(slug.endsWith("semaine")).toBe(true);
    expect(slugFromTitle("x".repeat(200))).toHaveLength(BLOG_SLUG_MAX_LENGTH);
  });
});

describe("the slug rule", () => {
  it("is the one the console's contract checks typed slugs with", () => {
    expect(ARTICLE_SLUG.pattern.source).toBe(BLOG_SLUG_PATTERN.source);
    expect(ARTICLE_SLUG.maxLength).toBe(BLOG_SLUG_MAX_LENGTH);
  });
});

describe("slugCandidate", () => {
  it("numbers the next tries and keeps them within the length", () => {
    expect(slugCandidate("camp", 1)).toBe("camp");
    expect(slugCandidate("camp", 2)).toBe("camp-2");
    const long = slugCandidate("a".repeat(BLOG_SLUG_MAX_LENGTH), 12);
    expect(long).toHaveLength(BLOG_SLUG_MAX_LENGTH);
    expect(long.endsWith("-12")).toBe(true);
    expect(slugCandidate(`${"a".repeat(77)}-bc`, 2)).toBe(`${"a".repeat(77)}-2`);
  });
});

describe("articleStatus", () => {
  const now = new Date("2027-03-01T10:00:00Z");
  it("is a draft until published, scheduled before its date, published from it", () => {
    expect(articleStatus({ published: false, publishedAt: null }, now)).toBe("DRAFT");
    expect(articleStatus({ published: false, publishedAt: now }, now)).toBe("DRAFT");
    expect(
      articleStatus({ published: true, publishedAt: new Date("2027-03-01T10:00:01Z") }, now),
    ).toBe("SCHEDULED");
    expect(articleStatus({ published: true, publishedAt: now }, now)).toBe("PUBLISHED");
  });
});

describe("articleExcerpt", () => {
  it("strips the tags and cuts long text at a word with an ellipsis", () => {
    expect(articleExcerpt("<p>Un <strong>été</strong> au&nbsp;lac.</p><script>x()</script>")).toBe(
      "Un été au lac.",
    );
    const excerpt = articleExcerpt(`<p>${"mot ".repeat(100)}</p>`, 20);
    expect(excerpt).toBe("mot mot mot mot mot…");
  });
});
