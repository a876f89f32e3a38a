/** One shape for every error answer: { statusCode, error, message, issues? } — issues name the fields at fault. */

import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
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

/** A 400 for bad input in one part of a request ("query", "body", "params"), naming each bad field. */
export function invalidInput(part: string, issues: ErrorIssue[]): HttpError {
  return badRequest(`Invalid ${part}: ${issues.map((i) => `${i.field} — ${i.message}`).join('; ')}`, issues);
}

/** Validates one part of a request with zod, or throws invalidInput(). Routes declare schemas instead (server/api/). */
export function parseInput<S extends z.ZodType>(schema: S, value: unknown, part: string): z.output<S> {
  const result = schema.safeParse(value ?? {});
  if (result.success) return result.data;
  throw invalidInput(
    part,
    result.error.issues.map((i) => ({ field: [part, ...i.path.map(String)].join('.'), message: i.message })),
  );
}

/** Fastify's names of the request parts → the ones our answers use. */
const PART_NAMES: Record<string, string> = { querystring: 'query', body: 'body', params: 'params', headers: 'headers' };

/**
 * A route schema's validation failure (fastify-type-provider-zod, before the handler ran) as the same 400
 * that parseInput() gives; undefined for any other error.
 */
export function fromSchemaValidation(error: unknown): HttpError | undefined {
  if (!hasZodFastifySchemaValidationErrors(error)) return undefined;
  const context = (error as { validationContext?: string }).validationContext ?? 'body';
  const part = PART_NAMES[context] ?? context;
  // The provider writes a zod issue's path as "/a/b" ("/" for the part itself).
  const issues = error.validation.map((v) => ({
    field: [part, ...(v.instancePath.length > 1 ? v.instancePath.slice(1).split('/') : [])].join('.'),
    message: v.message ?? 'invalid value',
  }));
  return invalidInput(part, issues);
}
