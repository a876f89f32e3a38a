/**
 * What the back office's CSV imports share (decision 049): the upload streamed through csv-parse (any size — rows are
 * planned as they arrive, the file is never held as one string), the delimiter taken from the header line (';' as a
 * Russian Excel writes it, or ','), header names lower-cased, a cell read back from the export's formula guard, and
 * the plan's shape — rows read, every row's error with its line, every change (field: before → after). A plan with
 * errors, or a dry run, changes nothing; otherwise it is applied whole in one transaction by its own module
 * (merchandise.ts: prices and stock; product-csv.ts: products).
 *
 * What a plan holds is bounded whatever is uploaded (a 20 MB file of empty rows is millions of rows with several errors
 * each): at most CSV_MAX_ROWS data rows are read — past them the plan stops with a named error and the rest of the
 * upload is drained, not parsed —, at most CSV_MAX_ERRORS errors are kept (the rest are counted), and at most
 * CSV_MAX_CHANGES_LISTED changes are listed for the page and the audit (the rest are counted; what is applied is
 * kept apart, in compact form).
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
  /** The first CSV_MAX_ERRORS errors. */
  errors: RowError[];
  /** Errors past those kept: counted, not kept. */
  errorsOmitted: number;
}

/** A plan's listed changes: the first CSV_MAX_CHANGES_LISTED, and how many more there are. */
export interface ListedChanges<V> {
  changes: Array<PlannedChange<V>>;
  changesOmitted: number;
}

/** The most data rows an import reads (the 50,000-row files of the tests are well within it). */
export const CSV_MAX_ROWS = 100_000;
/** The most row errors a plan keeps; the rest are counted. */
export const CSV_MAX_ERRORS = 1_000;
/** The most changes a plan lists (for the page and the audit row); the rest are counted, and applied all the same. */
export const CSV_MAX_CHANGES_LISTED = 2_000;

/** A row's error, kept while there are fewer than CSV_MAX_ERRORS, counted otherwise. */
export function addRowError(plan: CsvPlan, line: number, message: string): void {
  if (plan.errors.length < CSV_MAX_ERRORS) plan.errors.push({ line, message });
  else plan.errorsOmitted++;
}

/** An error about the file as a whole (too long, too large): named first; the last kept row error makes room for it. */
export function addFileError(plan: CsvPlan, error: RowError): void {
  plan.errors.unshift(error);
  if (plan.errors.length > CSV_MAX_ERRORS) {
    plan.errors.pop();
    plan.errorsOmitted++;
  }
}

/** A change, listed while there are fewer than CSV_MAX_CHANGES_LISTED, counted otherwise. */
export function listChange<V>(plan: ListedChanges<V>, change: PlannedChange<V>): void {
  if (plan.changes.length < CSV_MAX_CHANGES_LISTED) plan.changes.push(change);
  else plan.changesOmitted++;
}

/** Every error of the plan, kept or counted. */
export const errorCount = (plan: CsvPlan) => plan.errors.length + plan.errorsOmitted;

const PLURAL = new Intl.PluralRules('ru');
const ERRORS_WORD: Partial<Record<Intl.LDMLPluralRule, string>> = { one: 'ошибка', few: 'ошибки' };

/** "и ещё N ошибок" for the errors a plan counted but did not keep ('' when it kept them all). */
export function omittedErrorsNote(plan: CsvPlan): string {
  const n = plan.errorsOmitted;
  return n > 0 ? `и ещё ${n} ${ERRORS_WORD[PLURAL.select(n)] ?? 'ошибок'}` : '';
}

/** The error that stops a file longer than CSV_MAX_ROWS data rows, at the first row past them. */
export const tooManyRowsError = (): RowError => ({
  line: CSV_MAX_ROWS + 2,
  message: `в файле больше ${CSV_MAX_ROWS} строк: проверка остановлена на этой строке, остаток файла не читался — разбейте файл на части`,
});

/** The largest cell-and-row size csv-parse accepts (a product's description is at most 10,000 characters). */
const MAX_RECORD_SIZE = 100_000;

/** The most bytes handed to csv-parse at once. */
const SLICE = 64 * 1024;

/** The export's formula guard (server/staff/csv.ts neutraliseFormula): an apostrophe before =, +, -, @, tab or CR. */
const GUARDED = /^'(?=[=+\-@\t\r])/;

/** A cell as the import reads it: trimmed, the export's formula guard taken off; an absent column reads as ''. */
export function csvCell(record: CsvRecord, name: string): string {
  return (record[name] ?? '').trim().replace(GUARDED, '');
}

/**
 * Streams an uploaded CSV into `plan` (records as they are parsed, with the lower-cased header). A malformed file is
 * the plan's error (through `unreadable`), not a throw. At most CSV_MAX_ROWS data rows reach `plan`: a longer file
 * ends there with tooManyRowsError. The upload is always read to its end, even when the plan stopped early (a bad
 * header, a parse error, too many rows) — drained, not parsed: a multipart stream left unread would keep the answer
 * from coming.
 */
export async function planCsvStream<P extends CsvPlan>(
  file: NodeJS.ReadableStream,
  plan: (records: AsyncIterable<CsvRecord>, header: string[]) => Promise<P>,
  unreadable: (error: RowError) => P,
): Promise<P> {
  const source = (file as Readable)[Symbol.asyncIterator]() as AsyncIterator<Buffer | string>;
  const chunks: AsyncIterator<Buffer> = {
    next: async () => {
      const next = await source.next();
      return next.done ? next : { value: typeof next.value === 'string' ? Buffer.from(next.value) : next.value };
    },
  };
  const firstChunk = await chunks.next();
  // The header line is looked for in the chunk's start only (a test's upload may come as one chunk of 20 MB).
  const head = firstChunk.done ? '' : firstChunk.value.subarray(0, SLICE).toString('utf8').split(/\r?\n/, 1)[0]!;
  const delimiter = head.includes(';') ? ';' : ',';
  let header: string[] = [];
  const parser = Readable.from(
    (async function* () {
      if (firstChunk.done) return;
      // In slices: csv-parse turns a chunk into records all at once, so a large chunk would be a large batch of them.
      for (let chunk = firstChunk.value; ; ) {
        for (let at = 0; at < chunk.length; at += SLICE) yield chunk.subarray(at, at + SLICE);
        const next = await chunks.next();
        if (next.done) return;
        chunk = next.value;
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
    let tooLong = false;
    async function* rows() {
      if (first.done) return;
      yield first.value as CsvRecord;
      for (let read = 1; ; read++) {
        const next = await records.next();
        if (next.done) return;
        if (read >= CSV_MAX_ROWS) {
          tooLong = true;
          return;
        }
        yield next.value as CsvRecord;
      }
    }
    const planned = await plan(rows(), header);
    if (tooLong) addFileError(planned, tooManyRowsError());
    return planned;
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
