import { readdir, readFile } from "node:fs/promises";
import path from "node:path";
import { ALL_PERMISSIONS, RESERVED_PERMISSIONS } from "@booking/domain";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "./harness.ts";

/**
 * Every permission the role editor offers guards something: a console route declares it, or a
 * route's handler checks it for part of its answer (`grants(role, "…")`, such as the notes of a
 * customer's page). A permission nothing checks yet is listed in RESERVED_PERMISSIONS with the
 * reason; a reserved one that something starts checking must leave that list.
 */

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const SERVER_SOURCES = path.resolve(import.meta.dirname, "../src");

async function sourceFiles(directory: string): Promise<string[]> {
  const entries = await readdir(directory, { withFileTypes: true, recursive: true });
  return entries
    .filter((entry) => entry.isFile() && entry.name.endsWith(".ts"))
    .map((entry) => path.join(entry.parentPath, entry.name));
}

/**
 * The permissions handlers check themselves: `grants(<role>, "area.resource.action")`, or
 * `grants(<role>, \`area.resource.${action}\`)` for each action of the resource.
 */
async function permissionsCheckedInHandlers(): Promise<Set<string>> {
  const checked = new Set<string>();
  for (const file of await sourceFiles(SERVER_SOURCES)) {
    const text = await readFile(file, "utf8");
    for (const match of text.matchAll(/\bgrants\([^,()]+,\s*"([a-z_.]+)"\)/g)) {
      checked.add(match[1]!);
    }
    for (const match of text.matchAll(
      /\bgrants\([^,()]+,\s*`([a-z_]+\.[a-z_]+\.)\$\{[^}]+\}`\)/g,
    )) {
      for (const permission of ALL_PERMISSIONS) {
        if (permission.startsWith(match[1]!)) checked.add(permission);
      }
    }
  }
  return checked;
}

describe("the permission catalogue", () => {
  it("has no permission that no route checks, unless it is reserved with a reason", async () => {
    const checked = new Set<string>(t.app.consoleRoutes.map((route) => route.access));
    for (const permission of await permissionsCheckedInHandlers()) checked.add(permission);

    const unchecked = ALL_PERMISSIONS.filter(
      (permission) => !checked.has(permission) && !(permission in RESERVED_PERMISSIONS),
    );
    expect(unchecked, "checked by no route and not reserved").toEqual([]);

    const reservedYetChecked = Object.keys(RESERVED_PERMISSIONS).filter((permission) =>
      checked.has(permission),
    );
    expect(reservedYetChecked, "reserved, yet a route checks them").toEqual([]);
  });

  it("reserves only permissions of the catalogue, each with its reason", () => {
    for (const [permission, reason] of Object.entries(RESERVED_PERMISSIONS)) {
      expect(ALL_PERMISSIONS, permission).toContain(permission);
      expect(reason.length, permission).toBeGreaterThan(20);
    }
  });
});
