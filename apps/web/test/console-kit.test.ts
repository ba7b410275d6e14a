import { ALL_PERMISSIONS, type Permission } from "@booking/domain";
import { describe, expect, it } from "vitest";
import { auditChanges, auditText } from "../app/components/admin/audit-log/audit-diff";
import {
  filterGroups,
  groupPermissions,
  permissionGroups,
} from "../app/components/admin/roles/permission-groups";
import { CONSOLE_NAV, sectionOf, visibleNav } from "../app/components/admin/shell/nav";
import {
  changedSearch,
  dayRange,
  oneOf,
  readSort,
  sortRows,
  urlParam,
} from "../app/components/admin/table-query";
import type { TFunction } from "../app/i18n/translator";
import { consoleRedirect, loginHref, withQuery } from "../app/lib/admin/paths";

describe("consoleRedirect and loginHref", () => {
  it("keeps a console path with its query", () => {
    expect(consoleRedirect("/admin/roles/abc?x=1")).toBe("/admin/roles/abc?x=1");
    expect(loginHref("/admin/audit-log?page_number=2")).toBe(
      "/admin/login?redirect=%2Fadmin%2Faudit-log%3Fpage_number%3D2",
    );
  });

  it("sends anything else to the console's home", () => {
    for (const value of [
      null,
      "",
      "https://evil.test/admin",
      "//evil.test/admin",
      "/administrator",
      "/account",
      "/admin/login?redirect=/admin/roles",
      "/admin/password",
    ]) {
      expect(consoleRedirect(value)).toBe("/admin");
    }
    expect(loginHref("/admin")).toBe("/admin/login");
  });

  it("builds API paths without empty parameters", () => {
    expect(
      withQuery("/api/admin/audit-logs", { page_number: 2, entity: "", collaborator: undefined }),
    ).toBe("/api/admin/audit-logs?page_number=2");
  });
});

describe("console navigation", () => {
  const holding =
    (...granted: Permission[]) =>
    (permission: Permission) =>
      granted.includes(permission);

  it("shows a link only with its permission and drops an area left empty", () => {
    expect(visibleNav(holding()).map((area) => area.id)).toEqual(["home"]);
    const areas = visibleNav(holding("collaborators.roles.read"));
    expect(areas.flatMap((area) => area.links.map((link) => link.to))).toEqual([
      "/admin",
      "/admin/roles",
    ]);
  });

  it("shows a page of sections to a role that may read any one of them", () => {
    const links = (granted: Permission[]) =>
      visibleNav(holding(...granted)).flatMap((area) => area.links.map((link) => link.to));
    expect(links(["organiser.payments.read"])).toContain("/admin/settings");
    expect(links(["organiser.account.update"])).not.toContain("/admin/settings");
  });

  it("shows everything to a role holding every permission", () => {
    const all = CONSOLE_NAV.flatMap((area) => area.links).length;
    const shown = visibleNav(() => true).flatMap((area) => area.links).length;
    expect(shown).toBe(all);
  });

  it("finds the list page a path belongs to", () => {
    expect(sectionOf("/admin/roles/abc")).toBe("/admin/roles");
    expect(sectionOf("/admin/collaborators")).toBe("/admin/collaborators");
    expect(sectionOf("/admin/rolesx")).toBe("/admin");
    expect(sectionOf("/admin/dev/outbox")).toBe("/admin");
    expect(sectionOf("/admin/registrations/requests/abc")).toBe("/admin/registrations/requests");
    expect(sectionOf("/admin/registrations/xyz")).toBe("/admin/registrations");
  });
});

describe("list URL state", () => {
  const url = (query: string) => new URL(`http://admin.localhost/admin/collaborators${query}`);
  const fallback = { key: "name", descending: false };

  it("reads a known sort, ascending or descending, and ignores others", () => {
    expect(readSort(url("?sort=-email"), ["name", "email"], fallback)).toEqual({
      key: "email",
      descending: true,
    });
    expect(readSort(url("?sort=password"), ["name", "email"], fallback)).toEqual(fallback);
  });

  it("changes a parameter, keeps the others and goes back to page 1", () => {
    expect(changedSearch("?entity=role&page_number=3&page_size=50", { entity: "customer" })).toBe(
      "?entity=customer&page_size=50",
    );
    expect(changedSearch("?entity=role", { entity: null })).toBe("");
  });

  it("sorts rows by a key, missing values last either way", () => {
    const rows = [
      { name: "Émile", seen: 2 },
      { name: "adam", seen: null },
      { name: "Zoé", seen: 5 },
    ];
    const values = {
      name: (row: (typeof rows)[number]) => row.name,
      seen: (row: (typeof rows)[number]) => row.seen,
    };
    expect(
      sortRows(rows, { key: "name", descending: false }, values, "fr-BE").map((r) => r.name),
    ).toEqual(["adam", "Émile", "Zoé"]);
    expect(
      sortRows(rows, { key: "seen", descending: true }, values, "fr-BE").map((r) => r.name),
    ).toEqual(["Zoé", "Émile", "adam"]);
  });
});

describe("list filters read from the URL", () => {
  const url = (query: string) => new URL(`https://admin.example/admin/x?${query}`);

  it("keeps a trimmed parameter short enough for the API, and only known values", () => {
    expect(urlParam(url("q=%20ana%20"), "q")).toBe("ana");
    expect(urlParam(url(`q=${"a".repeat(101)}`), "q")).toBeUndefined();
    expect(urlParam(url("q=%20"), "q")).toBeUndefined();
    expect(oneOf(["EMAIL", "SMS"] as const, "SMS")).toBe("SMS");
    expect(oneOf(["EMAIL", "SMS"] as const, "FAX")).toBeUndefined();
  });

  it("reads a period of days, dropping malformed days and an end before the start", () => {
    expect(dayRange(url("from=2026-01-01&to=2026-01-31"))).toEqual({
      from: "2026-01-01",
      to: "2026-01-31",
    });
    expect(dayRange(url("from=2026-02-01&to=2026-01-31"))).toEqual({
      from: "2026-02-01",
      to: undefined,
    });
    expect(dayRange(url("from=01/02/2026&to=2026-01-31"))).toEqual({
      from: undefined,
      to: "2026-01-31",
    });
  });
});

describe("auditChanges", () => {
  it("lists only the keys whose value changed", () => {
    expect(
      auditChanges({ name: "Coach", is_owner: false }, { name: "Coaches", is_owner: false }),
    ).toEqual([{ key: "name", before: "Coach", after: "Coaches" }]);
  });

  it("lists every key of a creation or a deletion", () => {
    expect(auditChanges(null, { email: "a@b.test", role: "Coach" }).map((c) => c.key)).toEqual([
      "email",
      "role",
    ]);
    expect(auditChanges({ email: "a@b.test" }, null)).toEqual([
      { key: "email", before: "a@b.test", after: undefined },
    ]);
  });

  it("says what a list gained and lost", () => {
    const [change] = auditChanges(
      { permissions: ["customers.customers.read", "payments.payments.read"] },
      { permissions: ["customers.customers.read", "customers.customers.update"] },
    );
    expect(change).toMatchObject({
      added: ["customers.customers.update"],
      removed: ["payments.payments.read"],
    });
  });

  it("writes values as one line", () => {
    expect(auditText(null)).toBeNull();
    expect(auditText("")).toBeNull();
    expect(auditText(false)).toBe("false");
    expect(auditText({ a: 1 })).toBe('{"a":1}');
  });
});

describe("permission groups of the role editor", () => {
  const t = ((key: string, options?: { defaultValue?: string }) =>
    options?.defaultValue ?? key) as unknown as TFunction;
  const groups = permissionGroups(t);

  it("offers every permission of the catalogue exactly once", () => {
    const offered = groups.flatMap(groupPermissions);
    expect(offered).toHaveLength(ALL_PERMISSIONS.length);
    expect(new Set(offered)).toEqual(new Set(ALL_PERMISSIONS));
  });

  it("narrows to the resources matching the search, a whole area when its name matches", () => {
    const byName = filterGroups(groups, "wallet");
    expect(byName.map((group) => group.id)).toEqual(["customers"]);
    expect(byName[0]?.resources.map((resource) => resource.id)).toEqual(["customers.wallet"]);
    const area = filterGroups(groups, "bank");
    expect(area.find((group) => group.id === "bank")?.resources).toHaveLength(2);
    expect(filterGroups(groups, "  ")).toBe(groups);
  });
});
