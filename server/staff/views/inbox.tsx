/** Review moderation and the inbox of leads (questions, partner applications, installation appointments). */

import type { Lead, LeadKind, ModeratedReview, ReviewState } from '../../forms/index.ts';
import type { StaffMember } from '../staff.ts';
import { Frame, type FrameProps, StaffPager, TokenField } from './layout.tsx';

type Page = Pick<FrameProps, 'nonce' | 'assets' | 'member' | 'areas' | 'path' | 'notice'> & { token: string };

const dateTime = (iso: string) => iso.replace('T', ' ').slice(0, 16);

export const REVIEW_STATE_LABELS: Record<ReviewState, string> = {
  pending: 'На модерации',
  published: 'Опубликованы',
  rejected: 'Отклонены',
};
export const LEAD_KIND_LABELS: Record<LeadKind, string> = {
  message: 'Вопросы и предложения',
  partner: 'Заявки партнёров',
  appointment: 'Записи на установку',
};
export const LEAD_STATE_LABELS = { new: 'Новое', in_work: 'В работе', done: 'Готово' } as const;
const FIELD_LABELS: Record<string, string> = {
  kind: 'Тип',
  name: 'Имя',
  email: 'Почта',
  text: 'Текст',
  company: 'Компания',
  inn: 'ИНН',
  city: 'Город',
  partnerType: 'Формат',
  volume: 'Закупки в месяц',
  contactName: 'Контакт',
  phone: 'Телефон',
  comment: 'Комментарий',
  car: 'Автомобиль',
  zones: 'Зоны',
  preferredDate: 'Желаемая дата',
};

function Tabs<K extends string>({ items, current, href }: { items: Record<K, string>; current: K; href: (k: K) => string }) {
  return (
    <nav className="staff-tabs" aria-label="Разделы списка">
      {(Object.keys(items) as K[]).map((k) => (
        <a key={k} href={href(k)} aria-current={k === current ? 'page' : undefined}>
          {items[k]}
        </a>
      ))}
    </nav>
  );
}

export function ReviewsPage(props: Page & { status: ReviewState; rows: ModeratedReview[]; page: number; more: boolean }) {
  return (
    <Frame title="Отзывы" {...props}>
      <Tabs items={REVIEW_STATE_LABELS} current={props.status} href={(s) => `/staff/reviews?status=${s}`} />
      {props.rows.length === 0 && <p className="staff-muted">Здесь пусто.</p>}
      <ul className="staff-cards">
        {props.rows.map((r) => (
          <li key={r.id} className="staff-card">
            <p>
              <strong>{r.name}</strong>, {r.city} · {'★'.repeat(r.rating)}
              {'☆'.repeat(5 - r.rating)} · сайт {r.site} · {dateTime(r.createdAt)}
              {r.moderatedBy && <span className="staff-muted"> · модерировал {r.moderatedBy}</span>}
            </p>
            <p className="staff-pre" lang={r.language}>
              {r.text}
            </p>
            <form method="post" action={`/staff/reviews/${r.id}`} className="staff-form">
              <TokenField token={props.token} />
              <label>
                Ответ магазина (виден под отзывом; пусто — без ответа)
                <textarea name="reply" rows={3} maxLength={3000} defaultValue={r.reply ?? ''} />
              </label>
              <div className="staff-buttons">
                <button type="submit" name="status" value="published">
                  {r.status === 'published' ? 'Сохранить ответ' : 'Опубликовать'}
                </button>
                {r.status !== 'rejected' && (
                  <button type="submit" name="status" value="rejected" className="staff-danger">
                    Отклонить
                  </button>
                )}
              </div>
            </form>
          </li>
        ))}
      </ul>
      <StaffPager page={props.page} more={props.more} href={(p) => `/staff/reviews?status=${props.status}&page=${p}`} />
    </Frame>
  );
}

export function LeadsPage(
  props: Page & {
    kind: LeadKind;
    state?: keyof typeof LEAD_STATE_LABELS;
    rows: Lead[];
    counts: Record<LeadKind, number>;
    page: number;
    more: boolean;
  },
) {
  const kinds = Object.fromEntries(
    (Object.keys(LEAD_KIND_LABELS) as LeadKind[]).map((k) => [
      k,
      `${LEAD_KIND_LABELS[k]}${props.counts[k] ? ` (${props.counts[k]})` : ''}`,
    ]),
  ) as Record<LeadKind, string>;
  const q = (page: number) => `/staff/leads?kind=${props.kind}${props.state ? `&state=${props.state}` : ''}&page=${page}`;
  return (
    <Frame title="Обращения" {...props}>
      <Tabs items={kinds} current={props.kind} href={(k) => `/staff/leads?kind=${k}`} />
      <form method="get" action="/staff/leads" className="staff-filters">
        <input type="hidden" name="kind" value={props.kind} />
        <label>
          Состояние
          <select name="state" defaultValue={props.state ?? ''}>
            <option value="">любое</option>
            {Object.entries(LEAD_STATE_LABELS).map(([k, v]) => (
              <option key={k} value={k}>
                {v}
              </option>
            ))}
          </select>
        </label>
        <button type="submit">Показать</button>
      </form>
      <div className="staff-table-wrap">
        <table className="staff-table">
          <thead>
            <tr>
              <th>Когда (UTC)</th>
              <th>Сайт</th>
              <th>Суть</th>
              <th>Состояние</th>
              <th>Ответственный</th>
            </tr>
          </thead>
          <tbody>
            {props.rows.map((l) => (
              <tr key={l.id}>
                <td>{dateTime(l.createdAt)}</td>
                <td>{l.site}</td>
                <td>
                  <a href={`/staff/leads/${l.kind}/${l.id}`} lang={l.language}>
                    {l.summary}
                  </a>
                </td>
                <td>{LEAD_STATE_LABELS[l.state]}</td>
                <td>{l.assignee ?? '—'}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <StaffPager page={props.page} more={props.more} href={q} />
    </Frame>
  );
}

export function LeadPage(props: Page & { lead: Lead; staff: StaffMember[] }) {
  const { lead } = props;
  return (
    <Frame title={`${LEAD_KIND_LABELS[lead.kind]}: № ${lead.id}`} {...props}>
      <p className="staff-toolbar">
        <span>Сайт {lead.site}</span>
        <span>Язык {lead.language}</span>
        <span>{dateTime(lead.createdAt)} UTC</span>
        <a href={`/staff/leads?kind=${lead.kind}`}>← К списку</a>
      </p>
      <div className="staff-columns">
        <dl className="staff-facts">
          {Object.entries(lead.fields).map(([k, v]) => (
            <div key={k} className="staff-fact">
              <dt>{FIELD_LABELS[k] ?? k}</dt>
              <dd className="staff-pre" lang={lead.language}>
                {v || '—'}
              </dd>
            </div>
          ))}
        </dl>
        <form method="post" action={`/staff/leads/${lead.kind}/${lead.id}`} className="staff-form">
          <TokenField token={props.token} />
          <label>
            Состояние
            <select name="state" defaultValue={lead.state}>
              {Object.entries(LEAD_STATE_LABELS).map(([k, v]) => (
                <option key={k} value={k}>
                  {v}
                </option>
              ))}
            </select>
          </label>
          <label>
            Ответственный
            <select name="assignee" defaultValue={lead.assigneeId ? String(lead.assigneeId) : ''}>
              <option value="">никто</option>
              {props.staff
                .filter((m) => !m.disabled)
                .map((m) => (
                  <option key={m.id} value={m.id}>
                    {m.name || m.email}
                  </option>
                ))}
            </select>
          </label>
          <label>
            Заметки
            <textarea name="notes" rows={6} maxLength={5000} defaultValue={lead.notes} />
          </label>
          <button type="submit">Сохранить</button>
        </form>
      </div>
    </Frame>
  );
}
