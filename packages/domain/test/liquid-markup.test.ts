import { describe, expect, it } from "vitest";
import { plainLiquidMarkup } from "../src/liquid-markup.ts";

describe("plainLiquidMarkup", () => {
  it("gives back the comparison signs, quotes and spaces the rich editor escaped inside Liquid", () => {
    expect(
      plainLiquidMarkup(
        "<p>{% if cart.outstanding_amount_minor &gt; 0 and a &lt; b %}Reste&nbsp;dû{% endif %}</p>",
      ),
    ).toBe("<p>{% if cart.outstanding_amount_minor > 0 and a < b %}Reste&nbsp;dû{% endif %}</p>");
    expect(
      plainLiquidMarkup("<p>{{&nbsp;customer.firstname\u00a0| default: &quot;vous&quot; }}</p>"),
    ).toBe('<p>{{ customer.firstname | default: "vous" }}</p>');
    expect(plainLiquidMarkup("<p>{% if a == &#39;x&#39; &amp;&amp; b %}</p>")).toBe(
      "<p>{% if a == 'x' && b %}</p>",
    );
  });

  it("leaves the HTML outside Liquid, and markup spread over lines, as written", () => {
    const html = '<p>Tom &amp; Jerry &lt;3</p><a href="{{ cart.url }}">x</a>';
    expect(plainLiquidMarkup(html)).toBe(html);
    expect(plainLiquidMarkup("{% for r in\nregistrations %}&gt;{% endfor %}")).toBe(
      "{% for r in\nregistrations %}&gt;{% endfor %}",
    );
  });
});
