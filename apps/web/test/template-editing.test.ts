import { describe, expect, it } from "vitest";
import { templateHref } from "../app/components/admin/notifications/template-editing";

describe("templateHref (the links a notification template may hold)", () => {
  it("takes a link made from the data, and the rich text's links", () => {
    expect(templateHref("{{ cart.url }}")).toBe("{{ cart.url }}");
    expect(templateHref(" {{account.registrations_url}}#avis ")).toBe(
      "{{account.registrations_url}}#avis",
    );
    expect(templateHref("https://example.org/stages")).toBe("https://example.org/stages");
    expect(templateHref("mailto:contact@example.org")).toBe("mailto:contact@example.org");
    expect(templateHref("/terms")).toBe("/terms");
  });

  it("refuses scripts, other schemes and Liquid that is not one plain value", () => {
    expect(templateHref("javascript:alert(1)")).toBeNull();
    expect(templateHref("data:text/html,<b>x</b>")).toBeNull();
    expect(templateHref("{{ cart.url }} onclick=x")).toBeNull();
    expect(templateHref('{{ cart.url }}"><script>')).toBeNull();
    expect(templateHref("{% if x %}https://a{% endif %}")).toBeNull();
    expect(templateHref("{{ cart.url | prepend: 'javascript:' }}")).toBeNull();
  });
});
