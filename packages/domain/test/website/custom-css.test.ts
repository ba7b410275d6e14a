import fc from "fast-check";
import postcss from "postcss";
import { describe, expect, it } from "vitest";
import { CustomCssSyntaxError, sanitiseCustomCss } from "../../src/website/custom-css.ts";

const kept = (input: string) => sanitiseCustomCss(input).css;

describe("sanitiseCustomCss: what it keeps", () => {
  it("keeps ordinary rules, media queries, keyframes and site-path images as written", () => {
    const input = [
      ".hero h1 { letter-spacing: -0.02em; color: #123456 }",
      "@media (min-width: 768px) { .site-nav a { font-weight: 600 } }",
      "@keyframes pulse { from { opacity: 1 } to { opacity: .5 } }",
      ".banner { background: url(/uploads/abc/def.webp) center / cover }",
      'a[href^="https"]::after { content: "↗" }',
      ".dot { background-image: url(data:image/png;base64,iVBORw0KGgo=) }",
    ].join("\n");
    const result = sanitiseCustomCss(input);
    expect(result.removed).toEqual([]);
    expect(result.css).toBe(input);
  });
});

describe("sanitiseCustomCss: hostile input", () => {
  it.each([
    ['@import url("https://evil.example/x.css");', "@import"],
    ["@import 'https://evil.example/x.css';", "@import"],
    ["@IMPORT url(//evil.example/x.css);", "@IMPORT"],
    ['@font-face { font-family: x; src: url("https://evil.example/f.woff2") }', "@font-face"],
    ["@namespace svg url(http://www.w3.org/2000/svg);", "@namespace"],
    ["@media screen { @import url(https://evil.example/a.css); }", "@import"],
  ])("drops the at-rule of %s", (input, name) => {
    const result = sanitiseCustomCss(input);
    expect(result.css).not.toMatch(/import|font-face|namespace|evil/i);
    expect(result.removed.join(" ")).toContain(name);
  });

  it.each([
    "body { background: url(https://evil.example/track.gif) }",
    'body { background: url("http://evil.example/track.gif") }',
    "body { background: url( '//evil.example/track.gif' ) }",
    "body { background: url(/\\/evil.example/track.gif) }",
    "body { background: \\75 rl(https://evil.example/t.gif) }",
    "body { background: u\\rl(https://evil.example/t.gif) }",
    "body { background: URL(https://evil.example/t.gif) }",
    'body { background: image-set("/ok.png" 1x, "https://evil.example/t.png" 2x) }',
    'body { background: -webkit-image-set(url("https://evil.example/t.png") 1x) }',
    "body { background: src(https://evil.example/t.png) }",
    "body { --x:url(https://evil.example/t.png) }",
    "body { background: url(data:text/html;base64,PHNjcmlwdD4=) }",
    "body { width: expression(alert(1)) }",
    "body { width: expr\\65ssion(alert(1)) }",
    "body { background: url(javascript:alert(1)) }",
    "body { behavior: url(/x.htc) }",
    "body { -moz-binding: url(/x.xml#xss) }",
    "body { list-style: url(https://evil.example/li.png) }",
    "body { cursor: url(https://evil.example/c.cur), auto }",
  ])("drops the declaration of %s", (input) => {
    const result = sanitiseCustomCss(input);
    expect(result.css.replace(/\s/g, "")).toBe("body{}");
    expect(result.removed).toHaveLength(1);
  });

  it("refuses an escaped at-rule name as unreadable rather than guess", () => {
    expect(() => sanitiseCustomCss("@\\69mport url(https://evil.example/x.css);")).toThrow(
      CustomCssSyntaxError,
    );
  });

  it("cannot end the <style> element, whatever the strings and selectors hold", () => {
    const inputs = [
      'a::after { content: "</style><script>alert(1)</script>" }',
      '[title="</style><img src=x onerror=alert(1)>"] { color: red }',
      "</style><script>alert(1)</script>",
      "a { color: red } </STYLE>",
      "<!-- a { color: red } -->",
    ];
    for (const input of inputs) {
      let css: string;
      try {
        css = kept(input);
      } catch (error) {
        expect(error).toBeInstanceOf(CustomCssSyntaxError);
        continue;
      }
      expect(css).not.toContain("<");
    }
  });

  it("keeps the content of a string with < escaped, as the browser reads it", () => {
    expect(kept('a::after { content: "1 < 2" }')).toBe('a::after { content: "1 \\3c  2" }');
  });

  it("drops comments (they could hide markup)", () => {
    expect(kept("/* </style> */ a { color: red /* x */ }")).toBe("a { color: red }");
  });

  it("refuses text that is not CSS", () => {
    expect(() => sanitiseCustomCss("a { color: red")).toThrow(CustomCssSyntaxError);
    expect(() => sanitiseCustomCss('a { content: "unterminated }')).toThrow(CustomCssSyntaxError);
  });

  it("never lets out '<', an @import or a remote url(), whatever the input (property)", () => {
    const piece = fc.constantFrom(
      "a{",
      "}",
      "color:red;",
      "background:url(",
      "https://evil.example/x)",
      "@import ",
      "'",
      '"',
      "</style>",
      "\\75 rl(",
      "/*",
      "*/",
      ";",
      "@media screen{",
      "expression(",
      "//evil.example)",
    );
    fc.assert(
      fc.property(fc.array(piece, { maxLength: 20 }), (pieces) => {
        let css: string;
        try {
          css = kept(pieces.join(""));
        } catch (error) {
          return error instanceof CustomCssSyntaxError;
        }
        if (css.includes("<")) return false;
        // Read back as a browser would: no at-rule but the allowed ones, no remote resource.
        let safe = true;
        postcss.parse(css).walk((node) => {
          if (node.type === "atrule" && !["media"].includes(node.name)) safe = false;
          if (node.type === "decl") {
            const value = node.value.replace(/\\75 ?/gi, "u").toLowerCase();
            if (/url\(\s*['"]?(https?:)?\/\//.test(value) || value.includes("expression(")) {
              safe = false;
            }
          }
        });
        return safe;
      }),
      { numRuns: 500 },
    );
  });
});
