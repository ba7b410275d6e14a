import type { Readable } from "node:stream";
import type { ExportFilters, ExportFormat, ExportKind } from "@booking/contracts";
import { type Database, type Language, streamInTenant, type TenantTx } from "@booking/db";
import { localDay } from "@booking/domain";
import type pg from "pg";
import type { Column, ExportSettings, Translated } from "./columns.ts";
import { CSV_CONTENT_TYPE, csvEncoder } from "./csv.ts";
import { customerColumns } from "./customer-columns.ts";
import { outstandingColumns, outstandingRows } from "./outstanding-columns.ts";
import { paymentColumns } from "./payment-columns.ts";
import {
  customerRows,
  listChoiceLabels,
  listCustomFields,
  paymentRows,
  registrationRows,
} from "./queries.ts";
import { registrationColumns } from "./registration-columns.ts";
import { encodedRows, type RowCursor } from "./row-stream.ts";
import { sheetEncoder, XLSX_CONTENT_TYPE, xlsxFile } from "./xlsx.ts";

// The console's exports (docs/decisions/0021-exports.md). The route that serves them checks the
// collaborator's permission, then hands the stream to Fastify, which destroys it when the
// client goes away.

export type ExportContext = {
  db: Database;
  organiser: { id: number; language: Language; timezone: string; currency: string };
};

export type ExportFile = {
  /** the file's bytes, read from the database as they are sent */
  stream: Readable;
  contentType: string;
  fileName: string;
  /** a download under `fileName` */
  contentDisposition: string;
};

const TITLES: Record<ExportKind, Translated> = {
  registrations: { fr: "Inscriptions", en: "Registrations" },
  customers: { fr: "Clients", en: "Customers" },
  payments: { fr: "Paiements", en: "Payments" },
  outstanding: { fr: "Impayés", en: "Outstanding" },
};

/** The rows of an export and its columns. */
type Source<Row> = { cursor: RowCursor<Row>; columns: Column<Row>[] };
/** Writes a source in the requested format. */
type Encode = <Row>(source: Source<Row>) => Readable;

type ExportRequest = { [K in ExportKind]: { kind: K; filters: ExportFilters[K] } }[ExportKind];
type Organiser = ExportContext["organiser"];

/**
 * One export of the organiser's `kind` as `format`, streamed from a single tenant transaction
 * that lasts as long as the stream (`streamInTenant`): the rows are read a batch at a time as the
 * file is sent, whatever their number. From a Fastify handler:
 *
 *   const file = await exportRows(context, kind, format, filters);
 *   return reply.type(file.contentType).header("content-disposition", file.contentDisposition)
 *     .send(file.stream);
 */
export async function exportRows<K extends ExportKind>(
  context: ExportContext,
  kind: K,
  format: ExportFormat,
  filters: ExportFilters[K],
): Promise<ExportFile> {
  const { organiser } = context;
  const title = TITLES[kind][organiser.language];
  const settings: ExportSettings = { language: organiser.language, currency: organiser.currency };
  const request = { kind, filters } as ExportRequest;
  const encode: Encode = (source) =>
    format === "csv"
      ? encodedRows(source.cursor, csvEncoder(source.columns, settings))
      : xlsxFile(encodedRows(source.cursor, sheetEncoder(source.columns, settings)), {
          ...settings,
          sheetName: title,
        });
  const stream = await streamInTenant(context.db, organiser.id, (tx, client) =>
    openExport(tx, client, organiser, request, encode),
  );
  const fileName = `${title.toLowerCase()}-${localDay(new Date(), organiser.timezone)}.${format}`;
  return {
    stream,
    contentType: format === "csv" ? CSV_CONTENT_TYPE : XLSX_CONTENT_TYPE,
    fileName,
    contentDisposition: `attachment; filename="${fileName}"`,
  };
}

/**
 * Reads what names the columns (custom fields, options, questions), then opens the cursor of the
 * rows, encoded.
 */
async function openExport(
  tx: TenantTx,
  client: pg.PoolClient,
  organiser: Organiser,
  request: ExportRequest,
  encode: Encode,
): Promise<Readable> {
  switch (request.kind) {
    case "registrations": {
      const fields = await listCustomFields(tx, organiser.id);
      const { prices, questions } = await listChoiceLabels(tx, organiser.id);
      return encode({
        columns: registrationColumns(organiser.language, {
          fields,
          prices: new Map(prices.map((price) => [price.id, price])),
          questions: new Map(questions.map((question) => [question.id, question])),
        }),
        cursor: registrationRows(client, organiser, request.filters),
      });
    }
    case "customers": {
      const fields = await listCustomFields(tx, organiser.id);
      return encode({
        columns: customerColumns(organiser.language, fields),
        cursor: customerRows(client, organiser),
      });
    }
    case "payments":
      return encode({
        columns: paymentColumns(organiser.language),
        cursor: paymentRows(client, organiser, request.filters),
      });
    case "outstanding":
      return encode({
        columns: outstandingColumns(organiser.language, organiser.timezone, new Date()),
        cursor: outstandingRows(tx, organiser.id, request.filters),
      });
  }
}
