/**
 * The guard of the one text rule (shared/text.ts, docs/decisions/039-plain-text-inputs.md): every string field that
 * a form action or an API route declares refuses control characters, lone surrogates and bidirectional overrides —
 * tab and line breaks only in the multi-line fields named below. It walks what the routes declare, so a field added
 * with a bare `z.string()` fails here, not in production with a 500:
 *  - every server page module with an `action` exports the schemas that action reads (a zod schema, or a function
 *    named …Form / …Schema that builds one for a site); every field of every branch is found;
 *  - every /api route's body, querystring and params schemas, collected as the routes are registered.
 * For each field: an ordinary value it accepts, with a refused character put anywhere in it, is refused (fast-check).
 */
import fc from 'fast-check';
import Fastify from 'fastify';
import { validatorCompiler } from 'fastify-type-provider-zod';
import t from 'tap';
import type { z } from 'zod';
import { apiPlugin } from '../server/api/index.ts';
import { dateRange } from '../server/pages/handmade.ts';
import { demoSitesConfig } from '../server/platform/demo-sites.ts';
import type { Services } from '../server/services/index.ts';
import { STAFF_ROUTES } from '../server/staff/index.ts';
import { serverModuleIds } from '../shared/routes.ts';
import { hasRefusedCharacter } from '../shared/text.ts';

/**
 * Fields that are text areas: tab and line breaks allowed (a review, a message, an order or partner comment; the back
 * office's notes, review replies, content bodies and summaries, product descriptions and attributes).
 */
const MULTILINE_FIELDS = new Set(['text', 'comment', 'notes', 'reply', 'summary', 'body', 'description', 'attributes']);
const isMultiline = (field: string) => MULTILINE_FIELDS.has(field) || field.startsWith('description_');

const site = demoSitesConfig.sites.find((s) => s.id === 'ru')!;
// The day after tomorrow: still a valid date should the file run across midnight on the site.
const appointmentDay = dateRange(site.timeZone, Date.now() + 86400_000).min;
/** Ordinary values of every kind of field: each checked field must accept at least one (else it is not tested). */
const SAMPLES = [
  'Москва',
  'Анна Петрова',
  'ул. Ленина, д. 5, кв. 12',
  'Подвал гудит на 80 км/ч, а двери дребезжат.',
  'a@example.com',
  '+7 916 123-45-67',
  '7707083893',
  '770701001',
  '127000',
  '250 000',
  '0,15',
  'Тихо-авто 2024!',
  appointmentDay,
  '/cart',
  '?zone=roof&tier=max',
  '1:2,3:4',
  'optimalnyj',
  'pickup',
  `${'a'.repeat(22)}.${'b'.repeat(43)}`,
  'payment.succeeded',
  '2c5d3e4f-000f-5000-9000-1b2c3d4e5f60',
  'localhost',
  'on',
  '5',
  '0043-8547',
  '2026-11-20T10:00',
];

/** A character no text field takes; `multiline` leaves out tab and line breaks. */
function refused(multiline: boolean): fc.Arbitrary<string> {
  const c0 = fc.integer({ min: 0, max: 0x1f }).filter((c) => !multiline || ![9, 10, 13].includes(c));
  return fc.oneof(
    c0.map((c) => String.fromCharCode(c)),
    fc.integer({ min: 0x7f, max: 0x9f }).map((c) => String.fromCharCode(c)),
    fc.constantFrom('\u2028', '\u2029', '\u202a', '\u202b', '\u202c', '\u202d', '\u202e', '\u2066', '\u2067', '\u2068', '\u2069'),
    fc.integer({ min: 0xd800, max: 0xdfff }).map((c) => String.fromCharCode(c)),
  );
}

type Def = { type: string } & Record<string, any>;
const defOf = (schema: z.ZodType): Def => (schema as any)._zod.def as Def;
/** The wrappers whose inner schema is the field itself. */
const WRAPPERS = new Set(['optional', 'nullable', 'default', 'prefault', 'nonoptional', 'readonly', 'catch']);

/** The fields of a schema (dotted paths), through unions, pipes, preprocessing and wrappers; nested objects opened. */
function fieldsOf(schema: z.ZodType, prefix = '', out: Array<{ path: string; schema: z.ZodType }> = []) {
  const def = defOf(schema);
  if (def.type === 'object') {
    for (const [key, field] of Object.entries(def.shape as Record<string, z.ZodType>)) {
      if (containsObject(field)) fieldsOf(field, `${prefix}${key}.`, out);
      else out.push({ path: prefix + key, schema: field });
    }
  } else if (def.type === 'union') for (const option of def.options) fieldsOf(option, prefix, out);
  else if (def.type === 'pipe') {
    fieldsOf(def.in, prefix, out);
    fieldsOf(def.out, prefix, out);
  } else if (def.type === 'intersection') {
    fieldsOf(def.left, prefix, out);
    fieldsOf(def.right, prefix, out);
  } else if (def.type === 'lazy') fieldsOf(def.getter(), prefix, out);
  else if (WRAPPERS.has(def.type)) fieldsOf(def.innerType, prefix, out);
  return out;
}

/** Some part of the schema is of `type` (objects' own fields not looked into). */
function contains(schema: z.ZodType, type: string): boolean {
  const def = defOf(schema);
  if (def.type === type) return true;
  if (def.type === 'union') return def.options.some((o: z.ZodType) => contains(o, type));
  if (def.type === 'pipe') return contains(def.in, type) || contains(def.out, type);
  if (def.type === 'intersection') return contains(def.left, type) || contains(def.right, type);
  if (def.type === 'lazy') return contains(def.getter(), type);
  if (WRAPPERS.has(def.type)) return contains(def.innerType, type);
  return false;
}
const containsObject = (schema: z.ZodType) => contains(schema, 'object');

interface Field {
  where: string;
  path: string;
  schema: z.ZodType;
}

/** The input schemas every page action declares. */
async function actionFields(): Promise<{ fields: Field[]; schemaless: string[] }> {
  const fields: Field[] = [];
  const schemaless: string[] = [];
  for (const id of serverModuleIds) {
    const module = (await import(`../server/pages/${id}.ts`)) as Record<string, unknown>;
    if (typeof module.action !== 'function') continue;
    const schemas: Array<[string, z.ZodType]> = [];
    for (const [name, value] of Object.entries(module)) {
      if (isZod(value)) schemas.push([name, value]);
      else if (typeof value === 'function' && /(Form|Schema)$/.test(name)) {
        const built = (value as (s: typeof site) => unknown)(site);
        if (isZod(built)) schemas.push([`${name}(site)`, built]);
      }
    }
    if (schemas.length === 0) schemaless.push(id);
    for (const [name, schema] of schemas)
      for (const f of fieldsOf(schema)) fields.push({ where: `server/pages/${id}.ts ${name}`, path: f.path, schema: f.schema });
  }
  return { fields, schemaless };
}

/** The input schemas of every /api route, as the routes register them. */
async function apiFields(): Promise<Field[]> {
  const fields: Field[] = [];
  const api = Fastify();
  api.setValidatorCompiler(validatorCompiler);
  api.decorate('services', {} as Services);
  api.addHook('onRoute', (route) => {
    const schema = route.schema as Record<string, z.ZodType | undefined> | undefined;
    for (const part of ['body', 'querystring', 'params', 'headers'] as const) {
      const s = schema?.[part];
      if (s && isZod(s))
        for (const f of fieldsOf(s)) fields.push({ where: `${route.method} ${route.url} ${part}`, path: f.path, schema: f.schema });
    }
  });
  await api.register(apiPlugin, { docsPage: false });
  await api.close();
  return fields;
}

function isZod(value: unknown): value is z.ZodType {
  return typeof value === 'object' && value !== null && '_zod' in value;
}

/** The input schemas of every back-office route (decision 049), from its route table. */
function staffFields(): Field[] {
  const fields: Field[] = [];
  for (const route of STAFF_ROUTES)
    for (const part of ['body', 'querystring', 'params'] as const) {
      const s = route.schema?.[part];
      if (s) for (const f of fieldsOf(s)) fields.push({ where: `${route.method} ${route.url} ${part}`, path: f.path, schema: f.schema });
    }
  return fields;
}

const { fields: pageFields, schemaless } = await actionFields();
const all = [...pageFields, ...(await apiFields()), ...staffFields()].filter((f) => contains(f.schema, 'string'));

t.test('every page action declares the inputs it reads', async (t) => {
  t.same(schemaless, [], 'no action without an exported input schema');
  const paths = new Set(pageFields.map((f) => `${f.where.split(' ')[0]} ${f.path}`));
  // The fields the hostile fuzzer found reaching the database, and a field of each kind of form: the walk sees them.
  for (const known of [
    'server/pages/register.ts name',
    'server/pages/personal.ts name',
    'server/pages/personal.ts city',
    'server/pages/personal.ts address',
    'server/pages/calc.ts title',
    'server/pages/builder.ts title',
    'server/pages/cart.ts comment',
    'server/pages/reviews.ts text',
    'server/pages/partner.ts comment',
    'server/pages/handmade.ts car',
    'server/pages/auth.ts password',
  ])
    t.ok(paths.has(known), `found ${known}`);
  t.ok(
    all.some((f) => f.where === 'POST /api/site/search body' && f.path === 'search'),
    'found the API search body',
  );
  t.ok(
    all.some((f) => f.where === 'POST /api/payments/yookassa body' && f.path === 'object.id'),
    'found a nested API field',
  );
  t.ok(
    all.some((f) => f.where === 'POST /staff/sign-in body' && f.path === 'email'),
    'found the staff sign-in',
  );
});

t.test('every string field of every action and API route refuses control characters', async (t) => {
  const seen = new Set<z.ZodType>();
  for (const field of all) {
    if (seen.has(field.schema)) continue;
    seen.add(field.schema);
    const name = `${field.where}: ${field.path}`;
    const accepted = SAMPLES.filter((s) => field.schema.safeParse(s).success);
    if (accepted.length === 0) {
      t.fail(`${name}: accepts none of the ordinary values; add one of its kind to SAMPLES`);
      continue;
    }
    const multiline = isMultiline(field.path.split('.').pop()!);
    const result = fc.check(
      fc.property(fc.constantFrom(...accepted), fc.nat(), refused(multiline), (good, at, bad) => {
        const i = at % (good.length + 1);
        const value = good.slice(0, i) + bad + good.slice(i);
        // A lone surrogate placed next to one of the sample's own halves would make a pair: not the case here.
        if (!hasRefusedCharacter(value, multiline)) return true;
        return !field.schema.safeParse(value).success;
      }),
      { seed: 20261126, numRuns: 200 },
    );
    t.notOk(
      result.failed,
      `${name} refuses control characters${result.failed ? `: accepted ${shown(String(result.counterexample![0]))} with ${shown(String(result.counterexample![2]))}` : ''}`,
    );
    if (multiline) {
      const text = `${accepted[0]}\nвторая строка\tс табуляцией`;
      const parsed = field.schema.safeParse(text);
      t.ok(parsed.success, `${name}: a text area keeps its line breaks and tabs`);
    }
  }
  t.ok(seen.size > 40, `${seen.size} distinct string fields checked`);
});

/** A value as code points, safe in a TAP line (U+0085 and U+2028 would end it). */
const shown = (s: string) =>
  [...s].map((c) => (/^[\p{L}\p{N} ]$/u.test(c) ? c : `U+${c.codePointAt(0)!.toString(16).padStart(4, '0')}`)).join('');

t.test('the rule itself', async (t) => {
  for (const ok of ['Москва', 'Алматы, ул. Абая 1', 'مرحبا', '😀 ok', 'a\u200db', 'Zoë']) t.notOk(hasRefusedCharacter(ok), shown(ok));
  for (const bad of [
    'a\u0000',
    '\u0007',
    'a\tb',
    'a\nb',
    'a\rb',
    '\u007f',
    '\u0085',
    '\u2028',
    '\u202eevil',
    '\u2066x\u2069',
    '\ud800',
    'x\udc00',
  ])
    t.ok(hasRefusedCharacter(bad), shown(bad));
  for (const ok of ['a\tb', 'a\nb', 'a\r\nb']) t.notOk(hasRefusedCharacter(ok, true), `multi-line: ${shown(ok)}`);
  t.ok(hasRefusedCharacter('a\u0000\nb', true), 'multi-line still refuses NUL');
});
