/**
 * Content as files (decision 027): one Markdown file per entry, its fields in YAML front matter. The owner's CLI
 * (scripts/content.ts) imports a folder of them into the database and exports the database back to one, and the
 * demo content (server/demo/demo-content.ts) is written in the same format, so there is one parser for both.
 *
 *   ---
 *   kind: article            # news | article | page | faq
 *   slug: sloi-shumoizolyacii
 *   site: '*'                # optional: a site id, or * for every site (default)
 *   language: ru             # optional, default ru
 *   title: …
 *   summary: …               # the meta description and the list's teaser
 *   date: 2026-03-12         # publication date (default: now)
 *   cover: { src, alt, width, height }
 *   gallery: [{ src, alt, width, height }]
 *   images: [{ src, width, height }]   # sizes of the body's pictures that cannot be read from public/
 *   products: [VIB-STD-22]   # SKUs shown beside an article
 *   related: [another-article]
 *   sort: 0                  # order of FAQ entries and sub-pages
 *   published: true
 *   ---
 *   Markdown body
 */
import { type Dirent, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { parse as parseYaml, stringify as stringifyYaml } from 'yaml';
import { z } from 'zod';
import { LANGUAGES } from '../../shared/languages.ts';
import { ContentError, type ContentImage } from './content-markdown.ts';

export const CONTENT_KINDS = ['news', 'article', 'page', 'faq'] as const;
export type ContentKind = (typeof CONTENT_KINDS)[number];

/** A page's path ('about', 'about_noise_insulation/sloi'); an item's slug. */
export const CONTENT_SLUG = /^[a-z0-9][a-z0-9_-]*(\/[a-z0-9][a-z0-9_-]*)?$/;

const picture = z.strictObject({
  src: z.string().regex(/^(\/(?![/\\])|https:\/\/)\S+$/, 'a local path or an https:// address'),
  alt: z.string().trim().min(1, 'alt text is required').max(300),
  width: z.number().int().min(1).max(10000),
  height: z.number().int().min(1).max(10000),
});

export const frontMatterSchema = z.strictObject({
  kind: z.enum(CONTENT_KINDS),
  slug: z.string().max(120).regex(CONTENT_SLUG, 'lower-case latin letters, digits, - and _, one / for a sub-page'),
  site: z
    .string()
    .regex(/^(\*|[a-z][a-z0-9-]*)$/)
    .default('*'),
  language: z.enum(LANGUAGES).default('ru'),
  title: z.string().trim().min(1).max(300),
  summary: z.string().trim().max(500).default(''),
  date: z.union([z.date(), z.iso.datetime({ offset: true }), z.iso.date()]).optional(),
  cover: picture.optional(),
  gallery: z.array(picture).max(50).default([]),
  images: z
    .array(z.strictObject({ src: z.string(), width: z.number().int().min(1).max(10000), height: z.number().int().min(1).max(10000) }))
    .max(100)
    .default([]),
  products: z
    .array(z.string().regex(/^[A-Za-z0-9-]{1,64}$/))
    .max(12)
    .default([]),
  related: z.array(z.string().regex(CONTENT_SLUG)).max(12).default([]),
  sort: z.number().int().min(-100000).max(100000).default(0),
  published: z.boolean().default(true),
});
export type FrontMatter = z.output<typeof frontMatterSchema>;

export interface ContentSource {
  meta: FrontMatter;
  /** The Markdown body. */
  body: string;
  /** The publication time, ISO 8601. */
  publishedAt: string;
}

const FENCE = /^---\r?\n([\s\S]*?)\r?\n---\r?\n?([\s\S]*)$/;

/**
 * A file's text → its front matter (checked) and body. `name` names the file in errors; `defaultDate` is the
 * publication time of a file without a date (default: now).
 */
export function parseContentFile(text: string, name: string, defaultDate?: Date): ContentSource {
  const m = FENCE.exec(text.replace(/^\uFEFF/, ''));
  if (!m) throw new ContentError(`${name}: no front matter (the file must start with a --- block)`);
  let raw: unknown;
  try {
    raw = parseYaml(m[1]!);
  } catch (err) {
    throw new ContentError(`${name}: front matter is not YAML: ${(err as Error).message}`);
  }
  const parsed = frontMatterSchema.safeParse(raw);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    throw new ContentError(`${name}: ${issue.path.join('.') || 'front matter'}: ${issue.message}`);
  }
  const meta = parsed.data;
  if (meta.kind !== 'page' && meta.slug.includes('/')) throw new ContentError(`${name}: only a page's slug may hold a /`);
  const date = meta.date === undefined ? (defaultDate ?? new Date()) : new Date(meta.date);
  if (Number.isNaN(date.getTime())) throw new ContentError(`${name}: date is not a date`);
  return { meta, body: m[2]!, publishedAt: date.toISOString() };
}

/** An entry back to a file's text (export): front matter without its defaults, then the body. */
export function formatContentFile(meta: FrontMatter, publishedAt: string, body: string): string {
  const out: Record<string, unknown> = { kind: meta.kind, slug: meta.slug };
  if (meta.site !== '*') out.site = meta.site;
  if (meta.language !== 'ru') out.language = meta.language;
  out.title = meta.title;
  if (meta.summary) out.summary = meta.summary;
  out.date = publishedAt;
  if (meta.cover) out.cover = meta.cover;
  if (meta.gallery.length) out.gallery = meta.gallery;
  if (meta.images.length) out.images = meta.images;
  if (meta.products.length) out.products = meta.products;
  if (meta.related.length) out.related = meta.related;
  if (meta.sort) out.sort = meta.sort;
  if (!meta.published) out.published = false;
  return `---\n${stringifyYaml(out, { lineWidth: 0 })}---\n${body.endsWith('\n') ? body : body + '\n'}`;
}

/** Where an entry lives in an exported folder: news/slug.md, kz/page/about.md, article/slug.en.md … */
export function contentFilePath(meta: Pick<FrontMatter, 'kind' | 'site' | 'language' | 'slug'>): string {
  const site = meta.site === '*' ? '' : `${meta.site}/`;
  const language = meta.language === 'ru' ? '' : `.${meta.language}`;
  return `${site}${meta.kind}/${meta.slug}${language}.md`;
}

/**
 * The intrinsic size of a picture in public/ (SVG width/height or viewBox, PNG, WebP VP8X/VP8L/VP8, GIF),
 * else undefined. Enough for the shop's own pictures; anything else is given in front matter `images`.
 */
export function probeImageSize(publicDir: string, src: string): { width: number; height: number } | undefined {
  if (!src.startsWith('/') || src.includes('..')) return undefined;
  let buf: Buffer;
  try {
    buf = readFileSync(join(publicDir, decodeURIComponent(src.split(/[?#]/)[0]!)));
  } catch {
    return undefined;
  }
  if (/\.svg$/i.test(src)) {
    const head = buf.subarray(0, 2000).toString('utf8');
    const tag = /<svg\b[^>]*>/i.exec(head)?.[0] ?? '';
    const w = /\bwidth="(\d+(?:\.\d+)?)(?:px)?"/.exec(tag)?.[1];
    const h = /\bheight="(\d+(?:\.\d+)?)(?:px)?"/.exec(tag)?.[1];
    if (w && h) return { width: Math.round(Number(w)), height: Math.round(Number(h)) };
    const box = /\bviewBox="\s*[-\d.]+[\s,]+[-\d.]+[\s,]+([\d.]+)[\s,]+([\d.]+)\s*"/.exec(tag);
    return box ? { width: Math.round(Number(box[1])), height: Math.round(Number(box[2])) } : undefined;
  }
  if (buf.length > 24 && buf.readUInt32BE(0) === 0x89504e47) return { width: buf.readUInt32BE(16), height: buf.readUInt32BE(20) };
  if (buf.length > 10 && buf.toString('ascii', 0, 3) === 'GIF') return { width: buf.readUInt16LE(6), height: buf.readUInt16LE(8) };
  if (buf.length > 30 && buf.toString('ascii', 0, 4) === 'RIFF' && buf.toString('ascii', 8, 12) === 'WEBP') {
    const chunk = buf.toString('ascii', 12, 16);
    if (chunk === 'VP8X') return { width: 1 + buf.readUIntLE(24, 3), height: 1 + buf.readUIntLE(27, 3) };
    if (chunk === 'VP8L') {
      const bits = buf.readUInt32LE(21);
      return { width: (bits & 0x3fff) + 1, height: ((bits >> 14) & 0x3fff) + 1 };
    }
    if (chunk === 'VP8 ') return { width: buf.readUInt16LE(26) & 0x3fff, height: buf.readUInt16LE(28) & 0x3fff };
  }
  return undefined;
}

export type { ContentImage };

/** Every *.md file under a folder, relative paths sorted (the import's input). */
export function markdownFiles(dir: string): string[] {
  return (readdirSync(dir, { recursive: true, withFileTypes: true }) as Dirent[])
    .filter((entry) => entry.isFile() && entry.name.endsWith('.md'))
    .map((entry) => relative(dir, join(entry.parentPath, entry.name)))
    .sort();
}

/** A folder of Markdown files → sources (checked; the first bad file stops it, named). */
export function readContentFolder(dir: string): ContentSource[] {
  return markdownFiles(dir).map((path) => parseContentFile(readFileSync(join(dir, path), 'utf8'), path));
}

/** Files (from ContentService.exportAll) written under a folder; returns how many. */
export function writeContentFolder(dir: string, files: { path: string; text: string }[]): number {
  for (const file of files) {
    const target = join(dir, file.path);
    mkdirSync(dirname(target), { recursive: true });
    writeFileSync(target, file.text);
  }
  return files.length;
}
