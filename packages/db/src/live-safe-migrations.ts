import type { Migration } from "./migrate.ts";

/**
 * Migrations run on a live database while the previous release still serves (decision 0095).
 * These rules catch the common statements that hold a long exclusive lock on a table that
 * already has rows, or rewrite it; a table created in the same migration is empty and exempt.
 */
export interface LiveMigrationProblem {
  tag: string;
  table: string;
  rule: string;
  statement: string;
}

/** Splits SQL on `;` outside quotes, quoted identifiers, comments and dollar-quoted bodies. */
export function splitStatements(sql: string): string[] {
  const statements: string[] = [];
  let current = "";
  let index = 0;
  while (index < sql.length) {
    const rest = sql.slice(index);
    const skipped =
      /^--[^\n]*/.exec(rest)?.[0] ??
      /^\/\*[\s\S]*?\*\//.exec(rest)?.[0] ??
      /^'(?:[^']|'')*'/.exec(rest)?.[0] ??
      /^"(?:[^"]|"")*"/.exec(rest)?.[0] ??
      dollarQuoted(rest);
    if (skipped) {
      // Comments are dropped so that the rules never match their words.
      if (!skipped.startsWith("--") && !skipped.startsWith("/*")) current += skipped;
      index += skipped.length;
    } else if (sql[index] === ";") {
      statements.push(current);
      current = "";
      index += 1;
    } else {
      current += sql[index];
      index += 1;
    }
  }
  statements.push(current);
  return statements.map((each) => each.replace(/\s+/g, " ").trim()).filter(Boolean);
}

function dollarQuoted(rest: string): string | undefined {
  const tag = /^\$[A-Za-z_]*\$/.exec(rest)?.[0];
  if (!tag) return undefined;
  const end = rest.indexOf(tag, tag.length);
  return end === -1 ? rest : rest.slice(0, end + tag.length);
}

const NAME = String.raw`(?:"[^"]+"|[\w]+)`;
const TABLE = String.raw`((?:${NAME}\.)?${NAME})`;
const CREATE_TABLE = new RegExp(`^create (?:unlogged )?table (?:if not exists )?${TABLE}`, "i");
const RENAME_TABLE = new RegExp(`^alter table (?:if exists )?${TABLE} rename to (${NAME})`, "i");
const ALTER_TABLE = new RegExp(`^alter table (?:if exists )?(?:only )?${TABLE} (.*)$`, "i");
const CREATE_INDEX = new RegExp(
  `^create (?:unique )?index (concurrently )?(?:if not exists )?(?:${NAME} )?on (?:only )?${TABLE}`,
  "i",
);

/** `"public"."Orders"` and `orders` name the same table. */
function tableName(raw: string): string {
  const last = raw.split(".").at(-1) ?? raw;
  return last.startsWith('"') ? last.slice(1, -1).replaceAll('""', '"') : last.toLowerCase();
}

// Functions whose value differs per row: a column added with one as default rewrites the table.
const VOLATILE_DEFAULT =
  /\bdefault\s+(?:gen_random_uuid|uuid_generate_v4|random|clock_timestamp|nextval)\s*\(/i;

/** The rules an `ALTER TABLE` action breaks on a table that already has rows. */
function alterActionProblems(action: string, earlier: string[], table: string): string[] {
  const problems: string[] = [];
  for (const part of action.split(
    /,\s*(?=(?:add|alter|drop|validate|rename|enable|disable|force|no force|set|reset|owner|cluster|inherit|replica)\b)/i,
  )) {
    const clause = part.trim();
    if (/^add (?:column )?(?!constraint\b)/i.test(clause)) {
      if (/\bnot null\b/i.test(clause) && !/\bdefault\b/i.test(clause)) {
        problems.push("ADD COLUMN … NOT NULL without DEFAULT fails on rows, or needs a rewrite");
      }
      if (VOLATILE_DEFAULT.test(clause)) {
        problems.push("ADD COLUMN with a volatile DEFAULT rewrites the whole table");
      }
      if (/\b(?:primary key|unique)\b/i.test(clause)) {
        problems.push("ADD COLUMN … UNIQUE/PRIMARY KEY builds an index under an exclusive lock");
      }
    } else if (/^alter (?:column )?\S+ (?:set data )?type\b/i.test(clause)) {
      problems.push("ALTER COLUMN … TYPE rewrites the table under an exclusive lock");
    } else if (/^alter (?:column )?(\S+) set not null/i.test(clause)) {
      const column = /^alter (?:column )?(\S+)/i.exec(clause)?.[1] ?? "";
      const proven = earlier.some(
        (statement) =>
          statement.toLowerCase().includes(`check (${column.toLowerCase()} is not null)`) &&
          statement.toLowerCase().includes(table.toLowerCase()),
      );
      if (!proven) {
        problems.push(
          "SET NOT NULL scans the table under an exclusive lock (first add and validate a CHECK (… IS NOT NULL) NOT VALID)",
        );
      }
    } else if (/^add (?:constraint \S+ )?(?:foreign key|check)\b/i.test(clause)) {
      if (!/\bnot valid\b/i.test(clause)) {
        problems.push(
          "ADD CONSTRAINT … FOREIGN KEY/CHECK without NOT VALID checks every row under lock (VALIDATE CONSTRAINT in a later statement)",
        );
      }
    } else if (/^add (?:constraint \S+ )?(?:unique|primary key|exclude)\b/i.test(clause)) {
      if (!/\busing index\b/i.test(clause) || /^add (?:constraint \S+ )?exclude/i.test(clause)) {
        problems.push(
          "ADD CONSTRAINT … UNIQUE/PRIMARY KEY/EXCLUDE builds its index under an exclusive lock (CREATE UNIQUE INDEX CONCURRENTLY, then … USING INDEX)",
        );
      }
    } else if (/^set (?:logged|unlogged|tablespace)\b/i.test(clause)) {
      problems.push("SET LOGGED/UNLOGGED/TABLESPACE rewrites the table");
    }
  }
  return problems;
}

/**
 * Existing tables one transactional migration may ALTER. Each ALTER TABLE (but VALIDATE) takes a
 * lock that blocks reads or writes and keeps it until COMMIT: with many tables, the first waits
 * for the last statement, and traffic touching two of them in another order deadlocks with it
 * (bench/migrations.ts measured 0098's 110 tables stalling the storefront 5 s; decision 0106).
 */
export const MAX_TABLES_LOCKED_AT_ONCE = 10;

/** The existing tables that a transactional migration's ALTER TABLE statements lock. */
function tablesLockedTogether(statements: string[], existing: Set<string>, created: Set<string>) {
  const locked = new Set<string>();
  for (const statement of statements) {
    const alter = ALTER_TABLE.exec(statement);
    if (!alter?.[1] || !alter[2] || /^validate constraint\b/i.test(alter[2])) continue;
    const table = tableName(alter[1]);
    if (existing.has(table) && !created.has(table)) locked.add(table);
  }
  return locked;
}

/**
 * Every problem of `migrations` (in order): statements on tables an earlier migration created,
 * `CONCURRENTLY` in a migration that would run in a transaction, which PostgreSQL refuses, and a
 * transaction that locks more than MAX_TABLES_LOCKED_AT_ONCE existing tables.
 */
export function liveMigrationProblems(migrations: Migration[]): LiveMigrationProblem[] {
  const existing = new Set<string>();
  const earlier: string[] = [];
  const problems: LiveMigrationProblem[] = [];
  for (const migration of migrations) {
    const statements = migration.statements.flatMap(splitStatements);
    const createdHere = new Set<string>();
    for (const statement of statements) {
      const created = CREATE_TABLE.exec(statement);
      if (created?.[1]) createdHere.add(tableName(created[1]));
    }
    const report = (table: string, rule: string, statement: string) =>
      problems.push({ tag: migration.tag, table, rule, statement: statement.slice(0, 200) });
    for (const statement of statements) {
      if (/^(?:lock table|vacuum full|cluster)\b/i.test(statement)) {
        report("", "LOCK TABLE, VACUUM FULL and CLUSTER block the table", statement);
      }
      const index = CREATE_INDEX.exec(statement);
      if (index?.[2]) {
        const table = tableName(index[2]);
        if (index[1] && !migration.outsideTransaction) {
          report(
            table,
            "CREATE INDEX CONCURRENTLY needs the migration's first line `-- migrate:outside-transaction`",
            statement,
          );
        }
        if (!index[1] && existing.has(table) && !createdHere.has(table)) {
          report(
            table,
            "CREATE INDEX without CONCURRENTLY blocks writes while it builds",
            statement,
          );
        }
      }
      const alter = ALTER_TABLE.exec(statement);
      if (alter?.[1] && alter[2]) {
        const table = tableName(alter[1]);
        if (existing.has(table) && !createdHere.has(table)) {
          for (const rule of alterActionProblems(alter[2], earlier, alter[1])) {
            report(table, rule, statement);
          }
        }
      }
      earlier.push(statement);
    }
    const locked = migration.outsideTransaction
      ? new Set<string>()
      : tablesLockedTogether(statements, existing, createdHere);
    if (locked.size > MAX_TABLES_LOCKED_AT_ONCE) {
      report(
        [...locked].join(", "),
        `one transaction locks ${locked.size} existing tables until it commits (more than ${MAX_TABLES_LOCKED_AT_ONCE}): they all stall, and traffic deadlocks with it; split it into migrations of a few tables each`,
        statements[0] ?? "",
      );
    }
    for (const table of createdHere) existing.add(table);
    for (const statement of statements) {
      const renamed = RENAME_TABLE.exec(statement);
      if (renamed?.[1] && renamed[2]) {
        existing.delete(tableName(renamed[1]));
        existing.add(tableName(renamed[2]));
      }
    }
  }
  return problems;
}
