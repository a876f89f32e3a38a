/**
 * The staff's editing of news, articles, info pages and FAQ (issue 21 item 4): the rows of content_entries as they are
 * (not the storefront's best-row pick), an editor's preview rendered by the very function that renders what shoppers
 * read (renderMarkdown: marked + the same sanitize-html allowlist), and saving through saveContent — in one
 * transaction with the audit row. A member scoped to sites edits only those sites' rows; an all-sites row ('*') needs
 * an unscoped member. The storefront's caches are cleared in this process; other pods follow within their TTL.
 */
import type { Language } from '../../shared/languages.ts';
import { type AuditActor, recordAudit } from '../audit/index.ts';
import type { Db } from '../db/index.ts';
import { saveContent } from './content.ts';
import { CONTENT_KINDS, type ContentKind, type FrontMatter, frontMatterSchema } from './content-files.ts';
import { ContentError, type ContentImage, renderMarkdown } from './content-markdown.ts';

export { CONTENT_KINDS };

export interface ContentRow {
  id: number;
  kind: ContentKind;
  site: string;
  language: Language;
  slug: string;
  title: string;
  published: boolean;
  publishedAt: string;
  updatedAt: string;
}

export interface ContentDraft {
  id?: number;
  kind: ContentKind;
  site: string;
  language: Language;
  slug: string;
  title: string;
  summary: string;
  body: string;
  products: string[];
  related: string[];
  sort: number;
  published: boolean;
  /** YYYY-MM-DDTHH:MM (UTC), as a datetime-local field sends it. */
  publishedAt: string;
}

export type ContentSaveResult = { ok: true; id: number } | { ok: false; error: string };

type Scope = readonly string[] | null;
const mayEdit = (scope: Scope, site: string) => scope === null || (site !== '*' && scope.includes(site));

export class ContentDesk {
  constructor(
    private readonly db: Db,
    /** The size of a local picture the body names (public/), for its width and height. */
    private readonly sizeOf: (src: string) => { width: number; height: number } | undefined,
    /** Called after a save: the storefront's caches of this process (content, feeds). */
    private readonly onSaved: () => void,
  ) {}

  async list(filter: { kind?: ContentKind; site?: string; language?: Language }, scope: Scope): Promise<ContentRow[]> {
    return this.db.query<ContentRow>(
      `SELECT id, kind, site, language, slug, title, published,
              to_char(published_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI') AS "publishedAt",
              to_char(updated_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI') AS "updatedAt"
         FROM content_entries
        WHERE ($1::text IS NULL OR kind = $1) AND ($2::text IS NULL OR site = $2) AND ($3::text IS NULL OR language = $3)
          AND ($4::text[] IS NULL OR site = ANY($4::text[]))
        ORDER BY kind, published_at DESC, slug, language LIMIT 1000`,
      [filter.kind ?? null, filter.site ?? null, filter.language ?? null, scope],
    );
  }

  /** One row as the editor shows it, or undefined (unknown, or outside the member's sites). */
  async find(
    id: number,
    scope: Scope,
  ): Promise<(ContentDraft & { id: number; cover: ContentImage | null; gallery: ContentImage[] }) | undefined> {
    const [row] = await this.db.query<ContentDraft & { id: number; cover: ContentImage | null; gallery: ContentImage[] }>(
      `SELECT id, kind, site, language, slug, title, summary, body_md AS body, products, related, sort, published, cover, gallery,
              to_char(published_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI') AS "publishedAt"
         FROM content_entries WHERE id = $1`,
      [id],
    );
    return row && mayEdit(scope, row.site) ? row : undefined;
  }

  /** The body as shoppers would read it, or the renderer's complaint (a picture without alt text or size …). */
  preview(draft: Pick<ContentDraft, 'kind' | 'slug' | 'body'>): { html: string } | { error: string } {
    try {
      return { html: renderMarkdown(draft.body, { gallery: `${draft.kind}-${draft.slug.replace(/\//g, '-')}`, sizeOf: this.sizeOf }).html };
    } catch (error) {
      if (error instanceof ContentError) return { error: error.message };
      throw error;
    }
  }

  async save(draft: ContentDraft, actor: AuditActor & { scope: Scope }): Promise<ContentSaveResult> {
    if (!mayEdit(actor.scope, draft.site)) return { ok: false, error: 'Этот сайт не входит в ваши сайты.' };
    if (draft.kind !== 'page' && draft.slug.includes('/')) return { ok: false, error: 'Косая черта в адресе допустима только у страниц.' };
    const parsed = frontMatterSchema.safeParse({
      kind: draft.kind,
      slug: draft.slug,
      site: draft.site,
      language: draft.language,
      title: draft.title,
      summary: draft.summary,
      products: draft.products,
      related: draft.related,
      sort: draft.sort,
      published: draft.published,
    });
    if (!parsed.success) {
      const issue = parsed.error.issues[0]!;
      return { ok: false, error: `${issue.path.join('.')}: ${issue.message}` };
    }
    const publishedAt = new Date(`${draft.publishedAt}:00Z`);
    if (Number.isNaN(publishedAt.getTime())) return { ok: false, error: 'Дата публикации не распознана.' };
    try {
      const id = await this.db.transaction(async (tx) => {
        const [clash] = await tx.query<{ id: number }>(
          'SELECT id FROM content_entries WHERE kind = $1 AND site = $2 AND language = $3 AND slug = $4',
          [draft.kind, draft.site, draft.language, draft.slug],
        );
        if (clash && clash.id !== draft.id) throw new ContentError('Запись с таким типом, сайтом, языком и адресом уже есть.');
        const [before] = draft.id
          ? await tx.query<{
              site: string;
              kind: string;
              slug: string;
              title: string;
              published: boolean;
              body_md: string;
              cover: ContentImage | null;
              gallery: ContentImage[];
            }>('SELECT site, kind, slug, title, published, body_md, cover, gallery FROM content_entries WHERE id = $1 FOR UPDATE', [
              draft.id,
            ])
          : [];
        if (draft.id && (!before || !mayEdit(actor.scope, before.site))) throw new ContentError('Запись не найдена.');
        // The pictures the editor does not edit (cover, gallery) stay as they were.
        const meta: FrontMatter = { ...parsed.data, cover: before?.cover ?? undefined, gallery: before?.gallery ?? [] };
        if (!meta.cover) delete meta.cover;
        const saved = await saveContent(tx, { meta, body: draft.body, publishedAt: publishedAt.toISOString() }, { sizeOf: this.sizeOf });
        // The key (kind, site, language, slug) changed: the row under the old key goes.
        if (draft.id && saved !== draft.id) await tx.query('DELETE FROM content_entries WHERE id = $1', [draft.id]);
        await recordAudit(tx, actor, {
          action: draft.id ? 'content.update' : 'content.create',
          entity: 'content',
          entityId: String(saved),
          site: draft.site === '*' ? null : draft.site,
          before: before
            ? { kind: before.kind, slug: before.slug, title: before.title, published: before.published, body: before.body_md }
            : null,
          after: { kind: draft.kind, slug: draft.slug, title: draft.title, published: draft.published, body: draft.body },
        });
        return saved;
      });
      this.onSaved();
      return { ok: true, id };
    } catch (error) {
      if (error instanceof ContentError) return { ok: false, error: error.message };
      throw error;
    }
  }
}
