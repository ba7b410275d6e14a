import type { TenantTx } from "@booking/db";
import { rollUp, total } from "@booking/domain";
import { listWorkedSessions, type ReportScope } from "./queries.ts";
import { figure, type ReportContent, table } from "./tables.ts";

/**
 * Timesheet: the collaborators' hours per session — each date of the period of an availability
 * they are assigned to, for their minutes per session (else the whole session).
 */
export async function timesheetReport(
  tx: TenantTx,
  scope: ReportScope,
  previous: ReportScope,
): Promise<ReportContent> {
  const sessions = await listWorkedSessions(tx, scope);
  const before = await listWorkedSessions(tx, previous);
  const people = rollUp(
    sessions.map((row) => ({
      collaborator_cuid: row.collaborator_cuid,
      collaborator: `${row.firstname} ${row.lastname}`.trim(),
      sessions: 1,
      minutes: row.minutes,
    })),
    (row) => row.collaborator_cuid,
    ["sessions", "minutes"],
  );
  return {
    summary: [
      figure(
        "minutes",
        "minutes",
        total(sessions, (row) => row.minutes),
        total(before, (row) => row.minutes),
      ),
      figure("sessions", "integer", sessions.length, before.length),
      figure(
        "collaborators",
        "integer",
        people.length,
        new Set(before.map((row) => row.collaborator_cuid)).size,
      ),
    ],
    chart: {
      key: "hours",
      kind: "bar",
      label_type: "text",
      series: [{ key: "minutes", type: "minutes" }],
      points: people.map((row) => ({ label: row.collaborator, values: { minutes: row.minutes } })),
    },
    tables: [
      table(
        "by_collaborator",
        [
          ["collaborator", "text"],
          ["sessions", "integer"],
          ["minutes", "minutes"],
        ],
        people.map(({ collaborator_cuid: _, ...row }) => row),
      ),
      table(
        "sessions",
        [
          ["collaborator", "text"],
          ["role", "text"],
          ["activity", "text"],
          ["location", "text"],
          ["start_at", "datetime"],
          ["end_at", "datetime"],
          ["minutes", "minutes"],
        ],
        sessions.map((row) => ({
          collaborator: `${row.firstname} ${row.lastname}`.trim(),
          role: row.role,
          activity: row.activity_title,
          location: row.location_title,
          start_at: row.start_at,
          end_at: row.end_at,
          minutes: row.minutes,
        })),
      ),
    ],
  };
}
