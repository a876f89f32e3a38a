/**
 * /records (personal guard): the shopper's saved things on this site — calculator and constructor results, installation
 * appointments (RecordService; /calc, /constructor and /handmade save them) — newest first, RECORDS_PAGE_SIZE a page,
 * each with its date, a link back to the result, and delete (the action, intent=delete).
 */
import { z } from 'zod';
import { formatDate } from '../../shared/format.ts';
import type { GuardName } from '../../shared/routes.ts';
import { plainText } from '../../shared/text.ts';
import { type ActionArgs, type LoaderArgs, mutationDone, mutationFailed, queryObject, readForm } from './helpers/route-module.ts';

export const guard: GuardName = 'personal';

export const RECORDS_PAGE_SIZE = 20;

const pageQuery = z.object({ page: z.coerce.number().int().min(1).max(100000).catch(1).default(1) });

export async function loader({ request, context }: LoaderArgs) {
  const { page } = pageQuery.parse(queryObject(request));
  const rows = await context.services.records.list(context.session.snapshot.userId!, context.site.id, {
    limit: RECORDS_PAGE_SIZE + 1,
    offset: (page - 1) * RECORDS_PAGE_SIZE,
  });
  const { language, site } = context;
  // Dates formatted here: browsers lack some languages' date formats (shared/format.ts), the page prints this string.
  const records = rows.slice(0, RECORDS_PAGE_SIZE).map((r) => ({ ...r, date: formatDate(r.createdAt, language, site.timeZone, 'medium') }));
  return { records, page, hasNext: rows.length > RECORDS_PAGE_SIZE };
}

export const recordsForm = z.object({
  intent: z.literal('delete', 'form.invalid'),
  id: z.coerce.number('form.invalid').int('form.invalid').min(1, 'form.invalid').max(2147483647, 'form.invalid'),
  next: plainText().max(2000).optional(),
});

export async function action(args: ActionArgs) {
  const { request, context } = args;
  const form = await readForm(request, recordsForm);
  if (!form.ok) return mutationFailed(args, form, form.values.next, '/records', form.result, 400);
  const removed = await context.services.records.remove(context.session.snapshot.userId!, form.data.id);
  if (!removed)
    return mutationFailed(args, form, form.data.next, '/records', { ok: false, errors: { '': 'account.errors.recordGone' } }, 404);
  return mutationDone(args, form.data.next, '/records', { ok: true });
}
