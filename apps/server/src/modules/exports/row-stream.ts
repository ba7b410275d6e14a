import { Readable } from "node:stream";

/** Rows read a batch at a time (a server-side cursor). */
export interface RowCursor<Row> {
  /** the next rows, at most `count`; none once all were read */
  read(count: number): Promise<Row[]>;
  close(): Promise<void>;
}

/** Turns rows into a file's text: what comes first, each batch of rows, what comes last. */
export interface Encoder<Row> {
  head(): string;
  rows(batch: readonly Row[]): string;
  tail(): string;
}

/** Rows read from the cursor per step: large enough to cost few round trips, small in memory. */
export const BATCH_SIZE = 1000;

/**
 * The encoded text of every row of `cursor`, as a byte stream. A batch is read only when the
 * stream's reader asks for more (`read`), so memory holds about one batch whatever the number of
 * rows, and a slow reader slows the reading down instead of piling rows up. Each `read` pushes
 * once: pushing again before the next `read` could overtake the batch still being read.
 * Destroying the stream (an error, the HTTP client gone) closes the cursor first.
 */
export function encodedRows<Row>(cursor: RowCursor<Row>, encoder: Encoder<Row>): Readable {
  let started = false;
  return new Readable({
    async read() {
      try {
        const rows = await cursor.read(BATCH_SIZE);
        if (this.destroyed) return;
        const head = started ? "" : encoder.head();
        started = true;
        if (rows.length === 0) {
          this.push(head + encoder.tail());
          this.push(null);
        } else {
          this.push(head + encoder.rows(rows));
        }
      } catch (error) {
        this.destroy(error as Error);
      }
    },
    destroy(error, callback) {
      cursor.close().then(
        () => callback(error),
        (closeError: Error) => callback(error ?? closeError),
      );
    },
  });
}
