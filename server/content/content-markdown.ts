/**
 * Markdown → sanitised HTML, once, when content is saved (decision 027). marked parses; our renderer gives headings
 * stable ids (the table of contents), demotes a body's h1 (the page's own title is the h1), and turns images into
 * gallery items with their size and alt text; sanitize-html then keeps only an allowlist of tags, attributes and
 * link schemes, so raw HTML in a file (a script, an event handler, a javascript: link) never reaches a page.
 */
import { Marked, type Tokens } from 'marked';
import sanitizeHtml from 'sanitize-html';
import type { ContentImage } from '../../shared/content.ts';
import { escapeHtml } from '../../shared/escape-html.ts';
import { slugify } from '../../shared/slug.ts';

export interface TocEntry {
  id: string;
  text: string;
  level: 2 | 3;
}

export interface RenderedMarkdown {
  html: string;
  toc: TocEntry[];
  words: number;
}

export type { ContentImage };

export class ContentError extends Error {}

/** Words a reader gets through in a minute of a technical text. */
export const WORDS_PER_MINUTE = 180;

export function readingMinutes(words: number): number {
  return Math.max(1, Math.ceil(words / WORDS_PER_MINUTE));
}

/** An ASCII anchor id from a heading's text ('Слои и их порядок' → 'sloi-i-ih-poryadok'). */
export function anchorId(text: string): string {
  return slugify(text).slice(0, 60).replace(/-+$/, '') || 'section';
}

const ANCHOR = /^[a-z0-9][a-z0-9-]{0,70}$/;
/** Ids a body may not take: the page's own anchors. */
const RESERVED_IDS = new Set(['contacts', 'main', 'content', 'toc', 'section']);

function plainText(html: string): string {
  return sanitizeHtml(html, { allowedTags: [], allowedAttributes: {} })
    .replace(/&nbsp;/g, ' ')
    .replace(/&amp;/g, '&')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'");
}

export interface RenderOptions {
  /** The gallery the body's images belong to (the lightbox's slug). */
  gallery: string;
  /** An image's intrinsic size; undefined when it is unknown (the save is then refused: no layout shift). */
  sizeOf: (src: string) => { width: number; height: number } | undefined;
}

const LOCAL_OR_HTTPS = /^(\/(?![/\\])|https:\/\/)/;

/** Renders a body; throws ContentError naming the problem (an image without alt text or size, a bad address). */
export function renderMarkdown(markdown: string, options: RenderOptions): RenderedMarkdown {
  const gallery = options.gallery.replace(/[^\w-]/g, '-');
  const toc: TocEntry[] = [];
  const used = new Set<string>(RESERVED_IDS);
  const image = (token: Tokens.Image): string => {
    const src = token.href.trim();
    const alt = token.text.trim();
    if (!alt) throw new ContentError(`image ${src}: alt text is required`);
    if (!LOCAL_OR_HTTPS.test(src)) throw new ContentError(`image ${src}: a local path or an https:// address`);
    const size = options.sizeOf(src);
    if (!size) throw new ContentError(`image ${src}: width and height unknown (list it under images: with its size)`);
    return `<img src="${escapeHtml(src)}" alt="${escapeHtml(alt)}" width="${size.width}" height="${size.height}" loading="lazy" decoding="async">`;
  };
  const marked = new Marked({
    gfm: true,
    renderer: {
      heading(token) {
        const text = plainText(this.parser.parseInline(token.tokens)).trim();
        const level = token.depth <= 2 ? 2 : token.depth === 3 ? 3 : 4;
        let id = anchorId(text);
        for (let n = 2; used.has(id); n++) id = `${anchorId(text)}-${n}`;
        used.add(id);
        if (level !== 4) toc.push({ id, text, level });
        return `<h${level} id="${id}">${this.parser.parseInline(token.tokens)}</h${level}>\n`;
      },
      paragraph(token) {
        // A picture on its own line is a figure: a gallery item, its title as the caption.
        const only = token.tokens.filter((t) => !(t.type === 'text' && !t.raw.trim()));
        if (only.length === 1 && only[0]!.type === 'image') {
          const img = only[0] as Tokens.Image;
          const caption = img.title ? `<figcaption>${escapeHtml(img.title)}</figcaption>` : '';
          return `<figure><a href="${escapeHtml(img.href.trim())}" data-gallery="${gallery}">${image(img)}</a>${caption}</figure>\n`;
        }
        return `<p>${this.parser.parseInline(token.tokens)}</p>\n`;
      },
      image,
    },
  });
  const raw = marked.parse(markdown, { async: false });
  const html = sanitizeHtml(raw, {
    allowedTags: [
      'h2',
      'h3',
      'h4',
      'p',
      'a',
      'ul',
      'ol',
      'li',
      'strong',
      'em',
      'b',
      'i',
      'blockquote',
      'code',
      'pre',
      'hr',
      'br',
      'table',
      'thead',
      'tbody',
      'tr',
      'th',
      'td',
      'figure',
      'figcaption',
      'img',
      'del',
      'sup',
      'sub',
    ],
    allowedAttributes: {
      a: ['href', 'title', 'data-gallery', 'rel'],
      img: ['src', 'alt', 'width', 'height', 'loading', 'decoding'],
      h2: ['id'],
      h3: ['id'],
      h4: ['id'],
      ol: ['start'],
      th: ['scope'],
    },
    allowedSchemes: ['http', 'https', 'mailto', 'tel'],
    allowedSchemesByTag: { img: ['https'] },
    allowProtocolRelative: false,
    transformTags: {
      a: (tagName, attribs) => {
        const out: Record<string, string> = {};
        if (attribs.href) out.href = attribs.href;
        if (attribs.title) out.title = attribs.title;
        if (attribs['data-gallery'] === gallery) out['data-gallery'] = gallery;
        // Links out of the shop pass no ranking and no window handle.
        if (/^https?:/i.test(attribs.href ?? '')) out.rel = 'noopener noreferrer nofollow';
        return { tagName, attribs: out };
      },
      ...Object.fromEntries(
        ['h2', 'h3', 'h4'].map((tag) => [
          tag,
          (tagName: string, attribs: Record<string, string>) => ({
            tagName,
            attribs: attribs.id && ANCHOR.test(attribs.id) && !RESERVED_IDS.has(attribs.id) ? { id: attribs.id } : {},
          }),
        ]),
      ),
    },
    // A picture written as raw HTML must carry its alt text and size too, like a Markdown one.
    exclusiveFilter: (frame) =>
      frame.tag === 'img' &&
      (!frame.attribs.alt?.trim() || !/^\d{1,5}$/.test(frame.attribs.width ?? '') || !/^\d{1,5}$/.test(frame.attribs.height ?? '')),
  });
  const words = plainText(html)
    .split(/\s+/)
    .filter((w) => /[\p{L}\p{N}]/u.test(w)).length;
  return { html, toc, words };
}

/**
 * A page's stored HTML with its local page links in the visitor's language: "/stati/x" → "/en/stati/x". Links to
 * files (a path with an extension: pictures, PDFs) stay as they are: they are the same in every language.
 */
export function localizeLinks(html: string, basename: string): string {
  if (!basename || basename === '/') return html;
  return html.replace(/href="\/(?![/\\])([^"]*)"/g, (whole, path: string) =>
    /\.[a-z0-9]{2,5}(?:[?#]|$)/i.test(path.split('#')[0]!) ? whole : `href="${basename}/${path}"`,
  );
}

/**
 * A page's stored HTML with its tables reachable by keyboard: a table wider than a phone scrolls sideways inside its
 * own box (the stylesheet), and a keyboard user can only scroll what can take focus. Applied when served, so rows
 * saved before this existed get it too (the sanitiser leaves <table> without attributes).
 */
export function focusableTables(html: string): string {
  return html.replaceAll('<table>', '<table tabindex="0">');
}
