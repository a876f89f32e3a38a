/** The dashboard, the staff members (owners) and the audit log (owners). */

import { formatMoney } from '../../../shared/format.ts';
import type { AuditFilter, AuditRow } from '../../audit/index.ts';
import type { Dashboard } from '../dashboard.ts';
import { ROLE_LABELS, STAFF_ROLES } from '../roles.ts';
import type { StaffMember } from '../staff.ts';
import { Frame, type FrameProps, StaffPager, TokenField } from './layout.tsx';
import { stateLabel } from './orders.tsx';

type Page = Pick<FrameProps, 'nonce' | 'assets' | 'member' | 'areas' | 'path' | 'notice'> & { token: string };

export function DashboardPage(props: Page & { dashboard: Dashboard; showOrders: boolean }) {
  const d = props.dashboard;
  return (
    <Frame title="Сводка" {...props}>
      {props.showOrders && (
        <>
          <h2>Заказы и выручка (без отменённых)</h2>
          <table className="staff-table">
            <thead>
              <tr>
                <th>Сайт</th>
                <th className="num">Сегодня</th>
                <th className="num">Выручка сегодня</th>
                <th className="num">За неделю</th>
                <th className="num">Выручка за неделю</th>
              </tr>
            </thead>
            <tbody>
              {d.sites.map((s) => (
                <tr key={s.site}>
                  <td>{s.site}</td>
                  <td className="num">{s.todayOrders}</td>
                  <td className="num">{formatMoney(s.todayRevenue, s.currency, 'ru')}</td>
                  <td className="num">{s.weekOrders}</td>
                  <td className="num">{formatMoney(s.weekRevenue, s.currency, 'ru')}</td>
                </tr>
              ))}
            </tbody>
          </table>
          <h2>Ждут действия</h2>
          {d.waiting.length === 0 ? (
            <p className="staff-muted">Открытых заказов нет.</p>
          ) : (
            <ul className="staff-chips">
              {d.waiting.map((w) => (
                <li key={w.status}>
                  <a href={`/staff/orders?status=${w.status}`}>
                    {stateLabel(w.status)}: {w.count}
                  </a>
                </li>
              ))}
            </ul>
          )}
          <h2>Заканчиваются на складе</h2>
          {d.lowStock.length === 0 ? (
            <p className="staff-muted">Всего хватает.</p>
          ) : (
            <ul>
              {d.lowStock.map((p) => (
                <li key={p.sku}>
                  {p.sku} · {p.title}: {p.stock} шт.
                </li>
              ))}
            </ul>
          )}
        </>
      )}
      <h2>Обращения за 7 дней</h2>
      <p>
        Вопросы: {d.newLeads.messages} · заявки партнёров: {d.newLeads.partners} · записи на установку: {d.newLeads.appointments} · отзывы
        на модерации: {d.pendingReviews}
      </p>
    </Frame>
  );
}

function MemberFields({ member, sites }: { member?: StaffMember; sites: string[] }) {
  return (
    <>
      <label>
        Роль
        <select name="role" defaultValue={member?.role ?? 'manager'}>
          {STAFF_ROLES.map((r) => (
            <option key={r} value={r}>
              {ROLE_LABELS[r]}
            </option>
          ))}
        </select>
      </label>
      <fieldset className="staff-sites">
        <legend>Сайты (ни одного — все)</legend>
        {sites.map((s) => (
          <label key={s}>
            <input type="checkbox" name="sites" value={s} defaultChecked={member?.sites?.includes(s) ?? false} /> {s}
          </label>
        ))}
      </fieldset>
    </>
  );
}

export function MembersPage(props: Page & { members: StaffMember[]; sites: string[]; password?: { email: string; value: string } }) {
  return (
    <Frame title="Сотрудники" {...props}>
      {props.password && (
        <div className="staff-notice staff-notice-ok" role="status">
          Пароль для {props.password.email}: <code className="staff-secret">{props.password.value}</code> — передайте его сотруднику
          надёжным способом; больше он показан не будет. При первом входе сотрудник подключит приложение-аутентификатор.
        </div>
      )}
      <div className="staff-table-wrap">
        <table className="staff-table">
          <thead>
            <tr>
              <th>Сотрудник</th>
              <th>Доступ</th>
              <th>Второй фактор</th>
              <th>Изменить</th>
            </tr>
          </thead>
          <tbody>
            {props.members.map((m) => (
              <tr key={m.id} className={m.disabled ? 'staff-disabled' : undefined}>
                <td>
                  {m.email}
                  {m.name && <div className="staff-muted">{m.name}</div>}
                  {m.disabled && <div className="staff-muted">отключён</div>}
                </td>
                <td>
                  {ROLE_LABELS[m.role]} · {m.sites ? m.sites.join(', ') : 'все сайты'}
                </td>
                <td>{m.hasTotp ? 'подключён' : 'при первом входе'}</td>
                <td>
                  <form method="post" action={`/staff/members/${m.id}`} className="staff-form staff-inline">
                    <TokenField token={props.token} />
                    <MemberFields member={m} sites={props.sites} />
                    <label>
                      <input type="checkbox" name="disabled" value="on" defaultChecked={m.disabled} /> отключён
                    </label>
                    <button type="submit">Сохранить</button>
                  </form>
                  <form
                    method="post"
                    action={`/staff/members/${m.id}/reset`}
                    className="staff-form staff-inline"
                    data-confirm="Выдать новый пароль и заново подключить аутентификатор?"
                  >
                    <TokenField token={props.token} />
                    <button type="submit">Новый пароль и второй фактор</button>
                  </form>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <h2>Добавить сотрудника</h2>
      <form method="post" action="/staff/members" className="staff-form staff-narrow">
        <TokenField token={props.token} />
        <label>
          Эл. почта
          <input type="email" name="email" required maxLength={254} />
        </label>
        <label>
          Имя
          <input name="name" maxLength={100} />
        </label>
        <MemberFields sites={props.sites} />
        <button type="submit">Добавить</button>
      </form>
    </Frame>
  );
}

const json = (v: unknown) => (v === null || v === undefined ? '—' : JSON.stringify(v));

export function AuditPage(props: Page & { filter: AuditFilter; rows: AuditRow[]; page: number; more: boolean }) {
  const { filter, page } = props;
  const link = (p: number) => {
    const q = new URLSearchParams(Object.entries({ ...filter, page: String(p) }).filter(([, v]) => v) as [string, string][]);
    return `/staff/audit?${q}`;
  };
  return (
    <Frame title="Журнал изменений" {...props}>
      <form method="get" action="/staff/audit" className="staff-filters">
        <label>
          Сотрудник (почта)
          <input name="staffEmail" defaultValue={filter.staffEmail} maxLength={254} />
        </label>
        <label>
          Действие
          <input name="action" defaultValue={filter.action} placeholder="order.status" maxLength={50} />
        </label>
        <label>
          Объект
          <input name="entityId" defaultValue={filter.entityId} placeholder="номер заказа, id" maxLength={100} />
        </label>
        <label>
          С
          <input type="date" name="from" defaultValue={filter.from} />
        </label>
        <label>
          По
          <input type="date" name="to" defaultValue={filter.to} />
        </label>
        <button type="submit">Показать</button>
      </form>
      <div className="staff-table-wrap">
        <table className="staff-table">
          <thead>
            <tr>
              <th>Когда (UTC)</th>
              <th>Кто</th>
              <th>Что</th>
              <th>Объект</th>
              <th>Было</th>
              <th>Стало</th>
            </tr>
          </thead>
          <tbody>
            {props.rows.map((r) => (
              <tr key={r.id}>
                <td>{r.createdAt.replace('T', ' ').slice(0, 19)}</td>
                <td>{r.staffEmail}</td>
                <td>{r.action}</td>
                <td>
                  {r.entity} {r.entityId}
                  {r.site ? ` (${r.site})` : ''}
                </td>
                <td className="staff-json">{json(r.before)}</td>
                <td className="staff-json">{json(r.after)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <StaffPager page={page} more={props.more} href={link} />
    </Frame>
  );
}

export function ForbiddenPage(props: Page) {
  return (
    <Frame title="Нет доступа" {...props}>
      <p>Этот раздел не входит в вашу роль или ваши сайты. Если он нужен для работы, обратитесь к владельцу магазина.</p>
      <p>
        <a href="/staff">← На сводку</a>
      </p>
    </Frame>
  );
}
