/** The back office's routes — The dashboard, the staff members and the audit log (owners). */
import type { FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { readAudit } from '../../audit/index.ts';
import { readDashboard } from '../dashboard.ts';
import { mayEnter, STAFF_ROLES } from '../roles.ts';
import { StaffError } from '../staff.ts';
import { AuditPage, DashboardPage, MembersPage } from '../views/admin.tsx';
import { actorOf, date, frame, idParams, optionalText, page, type StaffContext, type StaffRoute, sitesOf, text } from './common.tsx';

const sitesField = z
  .union([text(), z.array(text())])
  .optional()
  .transform((v) => (v === undefined ? [] : Array.isArray(v) ? v : [v]));

const memberBody = z.object({
  _token: text().max(100),
  role: z.enum(STAFF_ROLES),
  sites: sitesField,
  disabled: z.literal('on').optional(),
});

/** The members' page; `password` is a new member's (or a reset) first password, shown in this answer only. */
async function membersPage(ctx: StaffContext, request: FastifyRequest, reply: FastifyReply, password?: { email: string; value: string }) {
  const members = await ctx.staff.list();
  return page(
    reply,
    <MembersPage {...frame(ctx, request)} members={members} sites={ctx.services.sites.all.map((s) => s.id)} password={password} />,
  );
}

export const adminRoutes: StaffRoute[] = [
  // ---- dashboard ---------------------------------------------------------------------------------------------
  {
    method: 'GET',
    url: '/staff',
    access: 'dashboard',
    async handler(ctx, request, reply) {
      const member = ctx.session!.member;
      const dashboard = await readDashboard(ctx.services.db, member.sites, ctx.services.sites.all);
      return page(reply, <DashboardPage {...frame(ctx, request)} dashboard={dashboard} showOrders={mayEnter(member.role, 'orders')} />);
    },
  },

  // ---- staff members (owners) --------------------------------------------------------------------------------
  {
    method: 'GET',
    url: '/staff/members',
    access: 'staff',
    schema: { querystring: z.object({ notice: text().max(20).optional() }) },
    async handler(ctx, request, reply) {
      return membersPage(ctx, request, reply);
    },
  },
  {
    method: 'POST',
    url: '/staff/members',
    access: 'staff',
    schema: {
      body: memberBody.omit({ disabled: true }).extend({ email: z.email().max(254), name: text().trim().max(100).default('') }),
    },
    async handler(ctx, request, reply) {
      const body = request.body as { email: string; name: string; role: (typeof STAFF_ROLES)[number]; sites: string[] };
      try {
        const { member, password } = await ctx.staff.add({ ...body, sites: sitesOf(ctx, body.sites) }, actorOf(ctx));
        return membersPage(ctx, request, reply, { email: member.email, value: password });
      } catch (error) {
        if (error instanceof StaffError) return reply.redirect(`/staff/members?notice=${error.code}`, 303);
        throw error;
      }
    },
  },
  {
    method: 'POST',
    url: '/staff/members/:id',
    access: 'staff',
    schema: { params: idParams, body: memberBody },
    async handler(ctx, request, reply) {
      const { id } = request.params as { id: number };
      const body = request.body as z.infer<typeof memberBody>;
      try {
        await ctx.staff.update(id, { role: body.role, sites: sitesOf(ctx, body.sites), disabled: body.disabled === 'on' }, actorOf(ctx));
      } catch (error) {
        if (!(error instanceof StaffError)) throw error;
        if (error.code === 'not_found') return reply.callNotFound();
        return reply.redirect(`/staff/members?notice=${error.code}`, 303);
      }
      return reply.redirect('/staff/members?notice=saved', 303);
    },
  },
  {
    method: 'POST',
    url: '/staff/members/:id/reset',
    access: 'staff',
    schema: { params: idParams, body: z.object({ _token: text().max(100) }) },
    async handler(ctx, request, reply) {
      const { id } = request.params as { id: number };
      const member = await ctx.staff.find(id);
      if (!member) return reply.callNotFound();
      // Resetting oneself would end this session before the new password could be read: another owner (or the CLI) does it.
      if (id === ctx.session!.member.id) return reply.redirect('/staff/members?notice=self_reset', 303);
      const password = await ctx.staff.resetCredentials(id, { totp: true }, actorOf(ctx));
      return membersPage(ctx, request, reply, { email: member.email, value: password });
    },
  },

  // ---- the audit log (owners) --------------------------------------------------------------------------------
  {
    method: 'GET',
    url: '/staff/audit',
    access: 'audit',
    schema: {
      querystring: z.object({
        staffEmail: optionalText(254),
        action: optionalText(50),
        entityId: optionalText(100),
        from: date,
        to: date,
        page: z.coerce.number().int().min(1).max(100_000).default(1),
      }),
    },
    async handler(ctx, request, reply) {
      const { page: n, ...filter } = request.query as {
        page: number;
        staffEmail?: string;
        action?: string;
        entityId?: string;
        from?: string;
        to?: string;
      };
      const { rows, more } = await readAudit(ctx.services.db, filter, n);
      return page(reply, <AuditPage {...frame(ctx, request)} filter={filter} rows={rows} page={n} more={more} />);
    },
  },
];
