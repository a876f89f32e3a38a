/** One shape for every error answer: { statusCode, error, message, issues? } — issues name the fields at fault. */
import type { z } from 'zod';

export interface ErrorIssue {
  /** Where the bad value was: "query.domain", "body.search". */
  field: string;
  message: string;
}

export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    readonly code: string,
    message: string,
    readonly issues?: ErrorIssue[],
  ) {
    super(message);
  }
}

export const badRequest = (message: string, issues?: ErrorIssue[]) => new HttpError(400, 'bad_request', message, issues);
export const forbidden = (code: string, message: string) => new HttpError(403, code, message);
export const notFound = (message: string) => new HttpError(404, 'not_found', message);
export const conflict = (code: string, message: string) => new HttpError(409, code, message);

/** Validates one part of a request ("query", "body", "params") with zod, or throws a 400 naming each bad field. */
export function parseInput<S extends z.ZodType>(schema: S, value: unknown, part: string): z.output<S> {
  const result = schema.safeParse(value ?? {});
  if (result.success) return result.data;
  const issues = result.error.issues.map((i) => ({
    field: [part, ...i.path.map(String)].join('.'),
    message: i.message,
  }));
  throw badRequest(`Invalid ${part}: ${issues.map((i) => `${i.field} — ${i.message}`).join('; ')}`, issues);
}
