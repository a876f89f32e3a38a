/** The content editor: the list of news, articles, info pages and FAQ, and one entry's Markdown with a preview. */

import { LANGUAGES } from '../../../shared/languages.ts';
import type { ContentDraft, ContentKind, ContentRow } from '../../content/index.ts';
import { Frame, type FrameProps, TokenField } from './layout.tsx';

type Page = Pick<FrameProps, 'nonce' | 'assets' | 'member' | 'areas' | 'path' | 'notice'> & { token: string };

export const CONTENT_KIND_LABELS: Record<ContentKind, string> = {
  news: 'Новости',
  article: 'Статьи',
  page: 'Страницы',
  faq: 'Вопросы и ответы',
};

export function ContentListPage(props: Page & { kind?: ContentKind; rows: ContentRow[] }) {
  return (
    <Frame title="Контент" {...props}>
      <nav className="staff-tabs" aria-label="Разделы списка">
        <a href="/staff/content" aria-current={props.kind ? undefined : 'page'}>
          Всё
        </a>
        {(Object.keys(CONTENT_KIND_LABELS) as ContentKind[]).map((k) => (
          <a key={k} href={`/staff/content?kind=${k}`} aria-current={props.kind === k ? 'page' : undefined}>
            {CONTENT_KIND_LABELS[k]}
          </a>
        ))}
      </nav>
      <p>
        <a className="staff-button" href={`/staff/content/new?kind=${props.kind ?? 'news'}`}>
          Новая запись
        </a>
      </p>
      <div className="staff-table-wrap">
        <table className="staff-table">
          <thead>
            <tr>
              <th>Заголовок</th>
              <th>Тип</th>
              <th>Сайт</th>
              <th>Язык</th>
              <th>Адрес</th>
              <th>Публикация (UTC)</th>
            </tr>
          </thead>
          <tbody>
            {props.rows.map((r) => (
              <tr key={r.id}>
                <td>
                  <a href={`/staff/content/${r.id}`} lang={r.language}>
                    {r.title}
                  </a>
                  {!r.published && <span className="staff-muted"> · черновик</span>}
                </td>
                <td>{CONTENT_KIND_LABELS[r.kind]}</td>
                <td>{r.site === '*' ? 'все' : r.site}</td>
                <td>{r.language}</td>
                <td>{r.slug}</td>
                <td>{r.publishedAt.replace('T', ' ')}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </Frame>
  );
}

export function ContentEditPage(props: Page & { draft: ContentDraft; sites: string[]; preview?: { html: string } | { error: string } }) {
  const d = props.draft;
  return (
    <Frame title={d.id ? `Правка: ${d.title}` : 'Новая запись'} {...props}>
      <form method="post" action="/staff/content" className="staff-form staff-editor">
        <TokenField token={props.token} />
        {d.id && <input type="hidden" name="id" value={d.id} />}
        <div className="staff-inline">
          <label>
            Тип
            <select name="kind" defaultValue={d.kind}>
              {(Object.keys(CONTENT_KIND_LABELS) as ContentKind[]).map((k) => (
                <option key={k} value={k}>
                  {CONTENT_KIND_LABELS[k]}
                </option>
              ))}
            </select>
          </label>
          <label>
            Сайт
            <select name="site" defaultValue={d.site}>
              {props.sites.map((s) => (
                <option key={s} value={s}>
                  {s === '*' ? 'все сайты' : s}
                </option>
              ))}
            </select>
          </label>
          <label>
            Язык
            <select name="language" defaultValue={d.language}>
              {LANGUAGES.map((l) => (
                <option key={l} value={l}>
                  {l}
                </option>
              ))}
            </select>
          </label>
          <label>
            Адрес (латиница)
            <input name="slug" required maxLength={120} defaultValue={d.slug} pattern="[a-z0-9][a-z0-9_\-]*(/[a-z0-9][a-z0-9_\-]*)?" />
          </label>
          <label>
            Публикация (UTC)
            <input type="datetime-local" name="publishedAt" required defaultValue={d.publishedAt} />
          </label>
          <label>
            Порядок
            <input type="number" name="sort" defaultValue={d.sort} min={-100000} max={100000} />
          </label>
        </div>
        <label>
          Заголовок
          <input name="title" required maxLength={300} defaultValue={d.title} lang={d.language} />
        </label>
        <label>
          Краткое описание (анонс и описание для поисковиков)
          <textarea name="summary" rows={2} maxLength={500} defaultValue={d.summary} lang={d.language} />
        </label>
        <label>
          Текст (Markdown)
          <textarea name="body" rows={18} maxLength={100000} defaultValue={d.body} lang={d.language} className="staff-code" />
        </label>
        <div className="staff-inline">
          <label>
            Товары рядом со статьёй (артикулы через запятую)
            <input name="products" maxLength={1000} defaultValue={d.products.join(', ')} />
          </label>
          <label>
            Связанные статьи (адреса через запятую)
            <input name="related" maxLength={2000} defaultValue={d.related.join(', ')} />
          </label>
          <label className="staff-check">
            <input type="checkbox" name="published" value="on" defaultChecked={d.published} /> Опубликовано
          </label>
        </div>
        <div className="staff-buttons">
          <button type="submit" name="intent" value="preview" className="staff-secondary">
            Предпросмотр
          </button>
          <button type="submit" name="intent" value="save">
            Сохранить
          </button>
        </div>
      </form>
      {props.preview && 'error' in props.preview && (
        <p className="staff-notice staff-notice-error" role="alert">
          {props.preview.error}
        </p>
      )}
      {props.preview && 'html' in props.preview && (
        <section className="staff-preview" aria-label="Предпросмотр">
          <h2>Предпросмотр</h2>
          <article className="content-body" lang={d.language}>
            <h1>{d.title}</h1>
            <div
              // biome-ignore lint/security/noDangerouslySetInnerHtml: the shop's own renderer and sanitiser made it (ContentDesk.preview → renderMarkdown)
              dangerouslySetInnerHTML={{ __html: props.preview.html }}
            />
          </article>
        </section>
      )}
    </Frame>
  );
}
