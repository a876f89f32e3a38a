/**
 * The back office's routes — the calculator's rows and cars (content editors and owners, decision 049): body types,
 * zones, layers and tiers added, retitled (in every language), reordered and removed, and the cars list. The change
 * goes through CalculatorDesk like the tables' cells: the same version check (409 for a form from before a colleague's
 * save), the same worked examples before and after, the same confirmation bound to the previewed change set.
 * Field names are listed in views/calculator-structure.tsx.
 */
import { z } from 'zod';
import { slugify } from '../../../shared/slug.ts';
import {
  CALC_CODE,
  CALC_ROW_KINDS,
  CALC_TRANSLATED_LANGUAGES,
  CAR_SLUG,
  type CalcCarChange,
  type CalcRowChange,
  type CalcRowKind,
} from '../../calculator/index.ts';
import { CalculatorStructurePage } from '../views/calculator-structure.tsx';
import { applyChange, mayEditCalculator, showTables } from './calculator.tsx';
import { forbidden, onFlag, type StaffRoute, text } from './common.tsx';

/** The demo has about 200 fields here; ten times that is no editor's form. */
const MAX_FIELDS = 3000;
const CONTROL_FIELDS = ['_token', 'intent', 'confirm', 'tablesVersion', 'previewed'];
const ROW_FIELDS = ['title', 'sort', 'group', 'defaultOn', 'category', 'remove'];
const NEW_ROW_FIELDS = ['code', 'title', 'group', 'defaultOn', 'category', 'copyFrom'];
const CAR_FIELDS = ['make', 'model', 'body', 'sort', 'remove'];
const NEW_CAR_FIELDS = ['slug', 'make', 'model', 'body'];
const SORT = /^\d{1,4}$/;

const isKind = (k: string): k is CalcRowKind => (CALC_ROW_KINDS as string[]).includes(k);

/** What a field name addresses, or null for a name the form never has. */
function fieldOf(key: string) {
  const [head = '', a = '', b = '', c, ...rest] = key.split('.');
  if (rest.length) return null;
  if (isKind(head) && CALC_CODE.test(a)) {
    if (b === 'tr' && c !== undefined && (CALC_TRANSLATED_LANGUAGES as string[]).includes(c))
      return { kind: head, code: a, field: `tr.${c}` };
    if (c === undefined && ROW_FIELDS.includes(b)) return { kind: head, code: a, field: b };
  }
  if (head === 'car' && CAR_SLUG.test(a) && c === undefined && CAR_FIELDS.includes(b)) return { kind: 'car' as const, code: a, field: b };
  const added = /^new-(body|zone|layer|tier|car)$/.exec(head)?.[1];
  if (added && b === '' && c === undefined && (added === 'car' ? NEW_CAR_FIELDS : NEW_ROW_FIELDS).includes(a))
    return { kind: `new-${added}`, code: '', field: a };
  return null;
}

const structureBody = z
  .object({
    _token: text().max(100),
    intent: z.enum(['preview', 'save']),
    confirm: onFlag,
    tablesVersion: text().max(100),
    previewed: text().max(100).optional(),
  })
  .catchall(text().max(200))
  .superRefine((body, ctx) => {
    const keys = Object.keys(body);
    if (keys.length > MAX_FIELDS) ctx.addIssue({ code: 'custom', message: `at most ${MAX_FIELDS} fields`, path: [] });
    for (const key of keys) {
      if (CONTROL_FIELDS.includes(key)) continue;
      const f = fieldOf(key);
      const value = String(body[key]).trim();
      const issue = (message: string) => ctx.addIssue({ code: 'custom', message, path: [key] });
      if (!f) issue('an unknown field');
      else if (f.field === 'sort' && !SORT.test(value)) issue('an order: a whole number from 0 to 9999');
      else if (f.field === 'defaultOn' && !['yes', 'no'].includes(value)) issue('yes or no');
      else if (f.field === 'remove' && value !== 'on') issue('on, or left out');
      else if (['group', 'copyFrom', 'code'].includes(f.field) && value !== '' && !CALC_CODE.test(value))
        issue('a code: a-z, digits, hyphens, starting with a letter');
      else if (f.field === 'body' && value !== '' && !CALC_CODE.test(value)) issue('a body code');
      else if (f.field === 'category' && value !== '' && !/^[a-z0-9-]{1,120}$/.test(value)) issue('a category address');
      else if (f.kind === 'new-car' && f.field === 'slug' && value !== '' && !CAR_SLUG.test(value))
        issue('an address: a-z, digits, hyphens');
    }
  })
  .transform((body) => {
    const rows = new Map<string, CalcRowChange>();
    const cars = new Map<string, CalcCarChange>();
    const added: Record<string, Record<string, string>> = {};
    const draft: Record<string, string> = {};
    for (const [key, raw] of Object.entries(body)) {
      if (CONTROL_FIELDS.includes(key)) continue;
      const value = String(raw ?? '').trim();
      draft[key] = value;
      const f = fieldOf(key)!;
      if (f.kind.startsWith('new-')) {
        added[f.kind] ??= {};
        added[f.kind]![f.field] = value;
      } else if (f.kind === 'car') {
        const car = cars.get(f.code) ?? { slug: f.code };
        cars.set(f.code, car);
        if (f.field === 'remove') car.remove = true;
        else if (f.field === 'sort') car.sort = Number(value);
        else car[f.field as 'make' | 'model' | 'body'] = value;
      } else {
        const id = `${f.kind}:${f.code}`;
        const row = rows.get(id) ?? { kind: f.kind as CalcRowKind, code: f.code };
        rows.set(id, row);
        if (f.field === 'remove') row.remove = true;
        else if (f.field === 'sort') row.sort = Number(value);
        else if (f.field === 'defaultOn') row.defaultOn = value === 'yes';
        else if (f.field.startsWith('tr.')) row.titles = { ...row.titles, [f.field.slice(3)]: value };
        else row[f.field as 'title' | 'group' | 'category'] = value;
      }
    }
    // A new row is asked for by its code (a new car by its make); the rest of an empty new row is the form's blanks.
    for (const kind of CALC_ROW_KINDS) {
      const n = added[`new-${kind}`];
      if (!n?.code) continue;
      rows.set(`new:${kind}`, {
        kind,
        isNew: true,
        code: n.code,
        title: n.title ?? '',
        ...(kind === 'zone' ? { group: n.group ?? '', defaultOn: n.defaultOn === 'yes' } : {}),
        ...(kind === 'layer' && n.category ? { category: n.category } : {}),
        ...(n.copyFrom ? { copyFrom: n.copyFrom } : {}),
      });
    }
    const car = added['new-car'];
    if (car?.make || car?.model) {
      const slug = car.slug || slugify(`${car.make ?? ''} ${car.model ?? ''}`).slice(0, 61);
      cars.set(`new:${slug}`, { slug, isNew: true, make: car.make ?? '', model: car.model ?? '', ...(car.body ? { body: car.body } : {}) });
    }
    return {
      intent: body.intent,
      confirm: body.confirm,
      version: body.tablesVersion,
      previewed: body.previewed || undefined,
      rows: [...rows.values()],
      cars: [...cars.values()],
      draft,
    };
  });

const URL = '/staff/calculator/structure';

export const calculatorStructureRoutes: StaffRoute[] = [
  {
    method: 'GET',
    url: URL,
    access: 'calculator',
    schema: { querystring: z.object({ notice: text().max(20).optional() }) },
    handler: (ctx, request, reply) => showTables(ctx, request, reply, CalculatorStructurePage),
  },
  {
    method: 'POST',
    url: URL,
    access: 'calculator',
    schema: { body: structureBody },
    async handler(ctx, request, reply) {
      if (!mayEditCalculator(ctx)) return forbidden(ctx, request, reply);
      const { rows, cars, ...posted } = request.body as z.output<typeof structureBody>;
      return applyChange(ctx, request, reply, { ...posted, change: { rows, cars } }, URL, CalculatorStructurePage);
    },
  },
];
