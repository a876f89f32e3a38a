/** The back office's routes — Reviews (content editors) and leads: questions, partner applications, installation appointments (managers). */
import { z } from 'zod';
import { LEAD_KINDS, LEAD_STATES, REVIEW_STATES } from '../../forms/index.ts';
import { LeadPage, LeadsPage, ReviewsPage } from '../views/inbox.tsx';
import { actorOf, emptyAsUndefined, frame, idParams, page, type StaffRoute, text } from './common.tsx';

export const inboxRoutes: StaffRoute[] = [
  // ---- reviews (content) --------------------------------------------------------------------------------------
  {
    method: 'GET',
    url: '/staff/reviews',
    access: 'reviews',
    schema: {
      querystring: z.object({
        status: z.enum(REVIEW_STATES).default('pending'),
        page: z.coerce.number().int().min(1).max(100_000).default(1),
        notice: text().max(20).optional(),
      }),
    },
    async handler(ctx, request, reply) {
      const { status, page: n } = request.query as { status: (typeof REVIEW_STATES)[number]; page: number };
      const { rows, more } = await ctx.services.reviews.forModeration(status, ctx.session!.member.sites, n);
      return page(reply, <ReviewsPage {...frame(ctx, request)} status={status} rows={rows} page={n} more={more} />);
    },
  },
  {
    method: 'POST',
    url: '/staff/reviews/:id',
    access: 'reviews',
    schema: {
      params: idParams,
      body: z.object({ _token: text().max(100), status: z.enum(['published', 'rejected']), reply: text(true).max(3000).default('') }),
    },
    async handler(ctx, request, reply) {
      const { id } = request.params as { id: number };
      const body = request.body as { status: 'published' | 'rejected'; reply: string };
      const done = await ctx.services.reviews.moderateAs(id, body, actorOf(ctx));
      if (done === 'not_found') return reply.callNotFound();
      return reply.redirect('/staff/reviews?notice=moderated', 303);
    },
  },

  // ---- leads (managers) --------------------------------------------------------------------------------------
  {
    method: 'GET',
    url: '/staff/leads',
    access: 'leads',
    schema: {
      querystring: z.object({
        kind: z.enum(LEAD_KINDS).default('message'),
        state: emptyAsUndefined(z.enum(LEAD_STATES)),
        page: z.coerce.number().int().min(1).max(100_000).default(1),
        notice: text().max(20).optional(),
      }),
    },
    async handler(ctx, request, reply) {
      const q = request.query as { kind: (typeof LEAD_KINDS)[number]; state?: (typeof LEAD_STATES)[number]; page: number };
      const scope = ctx.session!.member.sites;
      const [{ rows, more }, counts] = await Promise.all([
        ctx.services.leads.list(q.kind, q.state, scope, q.page),
        ctx.services.leads.newCounts(scope),
      ]);
      return page(
        reply,
        <LeadsPage {...frame(ctx, request)} kind={q.kind} state={q.state} rows={rows} counts={counts} page={q.page} more={more} />,
      );
    },
  },
  {
    method: 'GET',
    url: '/staff/leads/:kind/:id',
    access: 'leads',
    schema: {
      params: z.object({ kind: z.enum(LEAD_KINDS), id: idParams.shape.id }),
      querystring: z.object({ notice: text().max(20).optional() }),
    },
    async handler(ctx, request, reply) {
      const { kind, id } = request.params as { kind: (typeof LEAD_KINDS)[number]; id: number };
      const lead = await ctx.services.leads.find(kind, id, ctx.session!.member.sites);
      if (!lead) return reply.callNotFound();
      // Those who can be given it: members who see the lead's site.
      const staff = (await ctx.staff.list()).filter((m) => m.sites === null || m.sites.includes(lead.site));
      return page(reply, <LeadPage {...frame(ctx, request)} lead={lead} staff={staff} />);
    },
  },
  {
    method: 'POST',
    url: '/staff/leads/:kind/:id',
    access: 'leads',
    schema: {
      params: z.object({ kind: z.enum(LEAD_KINDS), id: idParams.shape.id }),
      body: z.object({
        _token: text().max(100),
        state: z.enum(LEAD_STATES),
        assignee: z.union([z.literal('').transform(() => null), z.coerce.number().int().min(1).max(2_147_483_647)]).default(null),
        notes: text(true).max(5000).default(''),
      }),
    },
    async handler(ctx, request, reply) {
      const { kind, id } = request.params as { kind: (typeof LEAD_KINDS)[number]; id: number };
      const body = request.body as { state: (typeof LEAD_STATES)[number]; assignee: number | null; notes: string };
      const done = await ctx.services.leads.update(kind, id, body, actorOf(ctx));
      if (done === 'not_found') return reply.callNotFound();
      return reply.redirect(`/staff/leads/${kind}/${id}?notice=${done === 'ok' ? 'lead' : done}`, 303);
    },
  },
];
