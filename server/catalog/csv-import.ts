/**
 * What the back office's CSV imports share (decision 049): the upload streamed through csv-parse (any size — rows are
 * planned as they arrive, the file is never held as one string), the delimiter taken from the header line (';' as a
 * Russian Excel writes it, or ','), header names lower-cased, a cell read back from the export's formula guard, and
 * the plan's shape — rows read, every row's error with its line, every change (field: before → after). A plan with
 * errors, or a dry run, changes nothing; otherwise it is applied whole in one transaction by its own module
 * (merchandise.ts: prices and stock; product-csv.ts: products).
 */
import { Readable } from 'node:stream';
import { CsvError, parse } from 'csv-parse';

export type CsvRecord = Record<string, string>;

/** A row's error; line 1 is the header, line 0 the file as a whole. A line is a spreadsheet row (a quoted cell may span lines). */
export interface RowError {
  line: number;
  message: string;
}

/** A row of a CSV that would change something, as the dry run lists it. */
export interface PlannedChange<V = number | null> {
  line: number;
  sku: string;
  field: string;
  before: V;
  after: V;
}

export interface CsvPlan {
  rows: number;
  errors: RowError[];
}

/** The largest cell-and-row size csv-parse accepts (a product's description is at most 10,000 characters). */
const MAX_RECORD_SIZE = 100_000;

/** The export's formula guard (server/staff/csv.ts neutraliseFormula): an apostrophe before =, +, -, @, tab or CR. */
const GUARDED = /^'(?=[=+\-@\t\r])/;

/** A cell as the import reads it: trimmed, the export's formula guard taken off; an absent column reads as ''. */
export function csvCell(record: CsvRecord, name: string): string {
  return (record[name] ?? '').trim().replace(GUARDED, '');
}

/**
 * Streams an uploaded CSV into `plan` (records as they are parsed, with the lower-cased header). A malformed file is
 * the plan's error (through `unreadable`), not a throw. The upload is always read to its end, even when the plan
 * stopped early (a bad header, a parse error): a multipart stream left unread would keep the answer from coming.
 */
export async function planCsvStream<P extends CsvPlan>(
  file: NodeJS.ReadableStream,
  plan: (records: AsyncIterable<CsvRecord>, header: string[]) => Promise<P>,
  unreadable: (error: RowError) => P,
): Promise<P> {
  const chunks = (file as Readable)[Symbol.asyncIterator]() as AsyncIterator<Buffer>;
  const firstChunk = await chunks.next();
  const head = firstChunk.done ? '' : firstChunk.value.toString('utf8').split(/\r?\n/)[0]!;
  const delimiter = head.includes(';') ? ';' : ',';
  let header: string[] = [];
  const parser = Readable.from(
    (async function* () {
      if (!firstChunk.done) yield firstChunk.value;
      for (;;) {
        const next = await chunks.next();
        if (next.done) return;
        yield next.value;
      }
    })(),
  ).pipe(
    parse({
      bom: true,
      delimiter,
      skip_empty_lines: true,
      trim: true,
      max_record_size: MAX_RECORD_SIZE,
      columns: (names: string[]) => {
        header = names.map((n) => n.trim().toLowerCase());
        return header;
      },
    }),
  );
  const records = parser[Symbol.asyncIterator]();
  try {
    // The header is known once the first record (or the end) has been read.
    const first = await records.next();
    async function* rows() {
      if (!first.done) yield first.value as CsvRecord;
      for (;;) {
        const next = await records.next();
        if (next.done) return;
        yield next.value as CsvRecord;
      }
    }
    return await plan(rows(), header);
  } catch (error) {
    if (!(error instanceof CsvError)) throw error;
    return unreadable({ line: (error as CsvError & { lines?: number }).lines ?? 0, message: `CSV не читается: ${error.message}` });
  } finally {
    parser.destroy();
    while (!(await chunks.next()).done) {}
  }
}

/** The header's complaints: columns not in `known`, a column given twice, a required column missing. */
export function headerErrors(header: string[], known: (column: string) => boolean, required: readonly string[]): RowError[] {
  const errors: RowError[] = [];
  const seen = new Set<string>();
  for (const column of header) {
    if (seen.has(column)) errors.push({ line: 1, message: `колонка «${column}» повторяется` });
    else if (!known(column)) errors.push({ line: 1, message: `неизвестная колонка «${column}»` });
    seen.add(column);
  }
  for (const column of required) if (!header.includes(column)) errors.push({ line: 1, message: `нет колонки ${column}` });
  return errors;
}
