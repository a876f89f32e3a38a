/** The back office's routes — News, articles, pages and FAQ (content editors). */
import { z } from 'zod';
import { LANGUAGES } from '../../../shared/languages.ts';
import { CONTENT_KINDS, type ContentDraft } from '../../content/index.ts';
import { ContentEditPage, ContentListPage } from '../views/content.tsx';
import { actorOf, contentSites, emptyAsUndefined, frame, idParams, page, type StaffRoute, text } from './common.tsx';

const commaList = text()
  .max(2000)
  .default('')
  .transform((v) =>
    v
      .split(',')
      .map((x) => x.trim())
      .filter(Boolean),
  );

const contentBody = z.object({
  _token: text().max(100),
  intent: z.enum(['preview', 'save']),
  id: z.coerce.number().int().min(1).max(2_147_483_647).optional(),
  kind: z.enum(CONTENT_KINDS),
  site: text().max(20),
  language: z.enum(LANGUAGES),
  slug: text().trim().max(120),
  title: text().trim().max(300),
  summary: text(true).trim().max(500).default(''),
  body: text(true).max(100_000).default(''),
  products: commaList,
  related: commaList,
  sort: z.coerce.number().int().min(-100_000).max(100_000).default(0),
  published: z
    .literal('on')
    .optional()
    .transform((v) => v === 'on'),
  publishedAt: text().regex(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/, 'YYYY-MM-DDTHH:MM'),
});

export const contentRoutes: StaffRoute[] = [
  // ---- content (content editors) -----------------------------------------------------------------------------
  {
    method: 'GET',
    url: '/staff/content',
    access: 'content',
    schema: { querystring: z.object({ kind: emptyAsUndefined(z.enum(CONTENT_KINDS)), notice: text().max(20).optional() }) },
    async handler(ctx, request, reply) {
      const { kind } = request.query as { kind?: (typeof CONTENT_KINDS)[number] };
      const rows = await ctx.services.contentDesk.list({ kind }, ctx.session!.member.sites);
      return page(reply, <ContentListPage {...frame(ctx, request)} kind={kind} rows={rows} />);
    },
  },
  {
    method: 'GET',
    url: '/staff/content/new',
    access: 'content',
    schema: { querystring: z.object({ kind: z.enum(CONTENT_KINDS).default('news') }) },
    async handler(ctx, request, reply) {
      const scope = ctx.session!.member.sites;
      const draft: ContentDraft = {
        kind: (request.query as { kind: (typeof CONTENT_KINDS)[number] }).kind,
        site: scope?.[0] ?? '*',
        language: 'ru',
        slug: '',
        title: '',
        summary: '',
        body: '',
        products: [],
        related: [],
        sort: 0,
        published: true,
        publishedAt: new Date().toISOString().slice(0, 16),
      };
      return page(reply, <ContentEditPage {...frame(ctx, request)} draft={draft} sites={contentSites(ctx)} />);
    },
  },
  {
    method: 'GET',
    url: '/staff/content/:id',
    access: 'content',
    schema: { params: idParams, querystring: z.object({ notice: text().max(20).optional() }) },
    async handler(ctx, request, reply) {
      const entry = await ctx.services.contentDesk.find((request.params as { id: number }).id, ctx.session!.member.sites);
      if (!entry) return reply.callNotFound();
      return page(reply, <ContentEditPage {...frame(ctx, request)} draft={entry} sites={contentSites(ctx)} />);
    },
  },
  {
    method: 'POST',
    url: '/staff/content',
    access: 'content',
    schema: { body: contentBody },
    async handler(ctx, request, reply) {
      const { intent, ...draft } = request.body as z.infer<typeof contentBody>;
      if (intent === 'preview') {
        const preview = ctx.services.contentDesk.preview(draft);
        return page(reply, <ContentEditPage {...frame(ctx, request)} draft={draft} sites={contentSites(ctx)} preview={preview} />);
      }
      const result = await ctx.services.contentDesk.save(draft, actorOf(ctx));
      if (result.ok) return reply.redirect(`/staff/content/${result.id}?notice=contentSaved`, 303);
      return page(
        reply,
        <ContentEditPage {...frame(ctx, request)} draft={draft} sites={contentSites(ctx)} preview={{ error: result.error }} />,
        422,
      );
    },
  },
];
