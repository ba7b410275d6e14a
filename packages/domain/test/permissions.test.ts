import { describe, expect, it } from "vitest";
import {
  ALL_PERMISSIONS,
  effectivePermissions,
  grants,
  isPermission,
  normalisePermissions,
  PERMISSION_CATALOGUE,
  SPECIAL_PERMISSIONS,
} from "../src/permissions.ts";

describe("permission catalogue", () => {
  it("names every permission area.resource.action, once, plus the spec's special ones", () => {
    const regular = ALL_PERMISSIONS.filter(
      (p) => !(SPECIAL_PERMISSIONS as readonly string[]).includes(p),
    );
    for (const name of regular) expect(name).toMatch(/^[a-z_]+\.[a-z_]+\.[a-z_]+$/);
    expect(new Set(ALL_PERMISSIONS).size).toBe(ALL_PERMISSIONS.length);
    expect(ALL_PERMISSIONS).toContain("collaborators.impersonate");
    expect(ALL_PERMISSIONS).toContain("customers.impersonate");
    expect(ALL_PERMISSIONS).toContain("notifications.trigger");
  });

  it("covers the areas platform-and-account.md §6 lists", () => {
    for (const area of [
      "organiser",
      "vouchers",
      "memberships",
      "bank",
      "collaborators",
      "customers",
      "participants",
      "documents",
      "activities",
      "availabilities",
      "registrations",
      "waiting_list",
      "payments",
      "carts",
      "exports",
      "imports",
      "integrations",
      "segments",
      "reports",
      "resources",
      "bookings",
    ]) {
      expect(Object.keys(PERMISSION_CATALOGUE)).toContain(area);
    }
    expect(ALL_PERMISSIONS).toContain("registrations.attendances.register");
    expect(ALL_PERMISSIONS).toContain("organiser.preferences.update");
    expect(ALL_PERMISSIONS).toContain("integrations.integrations.deactivate");
  });

  it("tells known names from unknown ones", () => {
    expect(isPermission("activities.activities.read")).toBe(true);
    expect(isPermission("activities.activities.fly")).toBe(false);
    expect(isPermission("")).toBe(false);
  });
});

describe("role grants", () => {
  const clerk = { isOwner: false, permissions: ["customers.customers.read", "retired.old.read"] };
  const owner = { isOwner: true, permissions: [] };

  it("grants a role its listed permissions only", () => {
    expect(grants(clerk, "customers.customers.read")).toBe(true);
    expect(grants(clerk, "customers.customers.update")).toBe(false);
  });

  it("grants the owner every permission, whatever its stored list", () => {
    for (const permission of ALL_PERMISSIONS) expect(grants(owner, permission)).toBe(true);
    expect(effectivePermissions(owner)).toEqual(ALL_PERMISSIONS);
  });

  it("lists a role's effective permissions without names the catalogue no longer has", () => {
    expect(effectivePermissions(clerk)).toEqual(["customers.customers.read"]);
  });

  it("normalises a stored list: catalogue order, no duplicates, no unknown names", () => {
    expect(
      normalisePermissions([
        "customers.customers.read",
        "activities.activities.read",
        "customers.customers.read",
        "nope",
      ]),
    ).toEqual(["customers.customers.read", "activities.activities.read"]);
  });
});
