/**
 * The HTML of the demo inbox page (server/http/demo-inbox.ts, docs/decisions/042-demo-inbox.md): a small page built as
 * a string, in Russian, with the shop's colours in light and dark mode and no script but the one that applies the
 * visitor's colour mode. A mail's HTML is shown in an iframe with `srcdoc` and a sandbox that allows no script and no
 * same-origin access — only opening its links in this tab (`<base target="_top">`) or a new one; its text version is
 * printed beside, each address a link. Every string from a mail is escaped here.
 */
import { escapeHtml } from '../../shared/escape-html.ts';
import { formatStamp } from '../../shared/format.ts';
import type { DemoMail, DemoMailSummary } from '../mail/index.ts';

export interface InboxView {
  /** The request's CSP nonce (the colour-mode script). */
  nonce: string;
  /** The site's time zone: when each mail was sent. */
  timeZone: string;
  /** The shop's home page and the inbox's list. */
  shopHome: string;
  inboxHref: string;
  list: Array<DemoMailSummary & { href: string }>;
  /** The mail opened, its links already leading to this computer's local host. */
  selected: DemoMail | null;
  /** An id was asked for that the inbox does not hold (any more). */
  missing: boolean;
}

/**
 * The policy of the page and — inherited by `srcdoc` frames — of the mail inside it: styles inline (mails style
 * their elements), no script but the nonce's, no network but this origin's images.
 */
export function demoInboxSecurityHeaders(nonce: string): Record<string, string> {
  return {
    'content-security-policy': [
      "default-src 'none'",
      `script-src 'nonce-${nonce}'`,
      "style-src 'unsafe-inline'",
      "img-src 'self' data:",
      "frame-src 'self'",
      "base-uri 'none'",
      "form-action 'none'",
      "frame-ancestors 'none'",
    ].join('; '),
    'referrer-policy': 'no-referrer',
  };
}

const e = escapeHtml;

/** The shop's colour-mode choice (client/color-mode.tsx keeps it in localStorage under this key) before the first paint. */
const COLOR_MODE_SCRIPT =
  '(function(){var m=null;try{m=localStorage.getItem("color-mode")}catch(e){}' +
  'var d=m==="dark"||(m!=="light"&&window.matchMedia("(prefers-color-scheme: dark)").matches);' +
  'document.documentElement.dataset.theme=d?"dark":"light"})()';

const STYLE = `
:root{--primary:#2e7d32;--primary-dark:#1b5e20;--bg:#fff;--panel:#f8fafc;--line:#e2e8f0;--muted:#64748b;--text:#0f172a;--soft:#f1f5f9;
--note:#fff8e1;--note-line:#ffe082;color-scheme:light;font-family:system-ui,-apple-system,'Segoe UI',Roboto,sans-serif;line-height:1.5;color:var(--text);background:var(--bg)}
[data-theme=dark]{--primary:#66bb6a;--primary-dark:#81c784;--bg:#0b1220;--panel:#111827;--line:#334155;--muted:#94a3b8;--text:#f1f5f9;--soft:#1f2937;
--note:#2a2410;--note-line:#6d5a1c;color-scheme:dark}
*{box-sizing:border-box}
body{margin:0;background:var(--bg);color:var(--text)}
a{color:var(--primary)}a:hover{color:var(--primary-dark)}
:focus-visible{outline:3px solid #81c784;outline-offset:2px}
.top{border-bottom:1px solid var(--line);background:var(--panel)}
.top__in{max-width:80rem;margin:0 auto;padding:.75rem 1rem;display:flex;flex-wrap:wrap;gap:.25rem 1rem;align-items:baseline}
.logo{font-size:1.25rem;font-weight:800;color:var(--primary);text-decoration:none}
.top__title{font-weight:600;margin-right:auto}
main{max-width:80rem;margin:0 auto;padding:1rem 1rem 3rem}
h1{font-size:1.5rem;margin:.25rem 0 .75rem}
h2{font-size:1.25rem;margin:0 0 .75rem;overflow-wrap:anywhere}
h3{font-size:1rem;margin:1.25rem 0 .5rem}
.note{background:var(--note);border:1px solid var(--note-line);border-radius:.5rem;padding:.625rem .875rem;margin:0 0 1rem;font-size:.9375rem}
.note p{margin:0}.note p+p{margin-top:.25rem}
.inbox{display:grid;gap:1rem}
@media (min-width:60rem){.inbox{grid-template-columns:22rem minmax(0,1fr);align-items:start}}
.list{list-style:none;margin:0;padding:0;border:1px solid var(--line);border-radius:.5rem;overflow:hidden}
.list li+li{border-top:1px solid var(--line)}
.list a{display:grid;grid-template-columns:minmax(0,1fr) auto;gap:0 .5rem;padding:.625rem .875rem;text-decoration:none;color:var(--text)}
.list a:hover{background:var(--soft)}
.list a[aria-current=page]{background:var(--soft);box-shadow:inset 4px 0 0 var(--primary)}
.list__subject{grid-column:1/-1;font-weight:600;overflow-wrap:anywhere}
.list__to{color:var(--muted);font-size:.875rem;overflow:hidden;text-overflow:ellipsis;white-space:nowrap}
.list__time{color:var(--muted);font-size:.875rem;white-space:nowrap}
.empty,.pick{border:1px dashed var(--line);border-radius:.5rem;padding:1.25rem;color:var(--muted)}
.empty p,.pick p{margin:0}.empty p+p{margin-top:.5rem}
.mail{min-width:0}
.back{display:inline-block;margin:0 0 .75rem}
@media (max-width:59.99rem){.inbox--reading .inbox__list{display:none}}
@media (min-width:60rem){.back{display:none}}
.meta{display:grid;grid-template-columns:max-content minmax(0,1fr);gap:.125rem .75rem;margin:0 0 1rem;font-size:.9375rem}
.meta dt{color:var(--muted)}.meta dd{margin:0;overflow-wrap:anywhere}
.links{list-style:none;margin:0 0 1rem;padding:0;display:grid;gap:.5rem}
.links a{display:block;padding:.5rem .75rem;border:1px solid var(--line);border-radius:.5rem;background:var(--panel);overflow-wrap:anywhere;text-decoration:none}
.links a:hover{border-color:var(--primary)}
.frame{display:block;width:100%;height:34rem;border:1px solid var(--line);border-radius:.5rem;background:#f4f4f4}
.text{margin:0;padding:.875rem;border:1px solid var(--line);border-radius:.5rem;background:var(--panel);white-space:pre-wrap;overflow-wrap:anywhere;font-size:.875rem;font-family:ui-monospace,SFMono-Regular,Menlo,Consolas,monospace}
.refresh{font-size:.9375rem}
`;

/** "https://…" addresses of a text, each once, in order. */
const URL_RE = /https?:\/\/[^\s<>"']+/g;
const trimUrl = (url: string) => url.replace(/[.,;:!?)\]]+$/, '');

export function linksIn(text: string): string[] {
  return [...new Set([...text.matchAll(URL_RE)].map((m) => trimUrl(m[0])))];
}

/** The text version, escaped, its addresses made links. */
function linkedText(text: string): string {
  let out = '';
  let last = 0;
  for (const m of text.matchAll(URL_RE)) {
    const url = trimUrl(m[0]);
    out += e(text.slice(last, m.index)) + `<a href="${e(url)}">${e(url)}</a>`;
    last = m.index + url.length;
  }
  return out + e(text.slice(last));
}

/**
 * Bare addresses in the HTML's text made links, as mail clients do (the shop's notices print their link as text):
 * text outside tags and outside an `<a>`, where an address is already escaped HTML (`&amp;`) and stays so in `href`.
 */
export function linkifyHtml(html: string): string {
  let inAnchor = false;
  // A document's head (its title) is no place for a link; a fragment has no head.
  let inBody = !/<body[\s>]/i.test(html);
  return html
    .split(/(<[^>]*>)/)
    .map((part) => {
      if (part.startsWith('<')) {
        if (/^<a[\s>]/i.test(part)) inAnchor = true;
        else if (/^<\/a\s*>/i.test(part)) inAnchor = false;
        else if (/^<body[\s>]/i.test(part)) inBody = true;
        return part;
      }
      if (inAnchor || !inBody) return part;
      return part.replace(/https?:\/\/[^\s<>"']+/g, (found) => {
        const url = trimUrl(found);
        return `<a href="${url}">${url}</a>${found.slice(url.length)}`;
      });
    })
    .join('');
}

/** The mail's HTML, its addresses links, with `<base target="_top">`: a link opens in this tab, out of the frame. */
function framedHtml(html: string): string {
  // Long link addresses wrap on a phone instead of widening the mail past the frame.
  const base = '<base target="_top"><style>p,td,a{overflow-wrap:anywhere}</style>';
  const linked = linkifyHtml(html);
  return /<head[^>]*>/i.test(linked) ? linked.replace(/<head[^>]*>/i, (head) => head + base) : base + linked;
}

/** The inbox is Russian (the shop's staff read it): day, month and time to the second in the site's time zone. */
const when = (date: Date, timeZone: string) => formatStamp(date, 'ru', timeZone);

function shell(title: string, view: InboxView, body: string): string {
  const home = e(view.shopHome);
  return `<!doctype html>
<html lang="ru"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex, nofollow"><title>${e(title)} — ТихоАвто</title>
<script nonce="${e(view.nonce)}">${COLOR_MODE_SCRIPT}</script>
<style>${STYLE}</style></head>
<body><header class="top"><div class="top__in"><a class="logo" href="${home}">ТихоАвто</a><span class="top__title">Демо-почта</span>
<a href="${home}">Вернуться в магазин</a></div></header>
<main>${body}</main></body></html>`;
}

function listHtml(view: InboxView): string {
  if (!view.list.length) {
    return `<div class="empty"><p>Писем пока нет.</p><p>Зарегистрируйтесь или нажмите «Забыли пароль?» на странице входа — письмо появится здесь через пару секунд. <a href="">Обновить</a></p></div>`;
  }
  const items = view.list.map((m) => {
    const current = view.selected?.id === m.id ? ' aria-current="page"' : '';
    return `<li><a href="${e(m.href)}"${current}><span class="list__subject">${e(m.subject)}</span><span class="list__to">${e(m.to)}</span><time class="list__time" datetime="${m.createdAt.toISOString()}">${e(when(m.createdAt, view.timeZone))}</time></a></li>`;
  });
  return `<ul class="list" aria-label="Письма, новые сверху">${items.join('')}</ul>`;
}

function mailHtml(view: InboxView): string {
  const mail = view.selected;
  if (view.missing)
    return `<a class="back" href="${e(view.inboxHref)}">← Все письма</a><div class="pick"><p>Такого письма нет: демо-почта хранит последние 200 писем за 7 дней.</p></div>`;
  if (!mail) return view.list.length ? `<div class="pick"><p>Выберите письмо в списке.</p></div>` : '';
  const links = linksIn(mail.text);
  return `<a class="back" href="${e(view.inboxHref)}">← Все письма</a>
<article aria-labelledby="mail-subject">
<h2 id="mail-subject">${e(mail.subject)}</h2>
<dl class="meta"><dt>От</dt><dd>${e(mail.from)}</dd><dt>Кому</dt><dd>${e(mail.to)}</dd>
<dt>Отправлено</dt><dd><time datetime="${mail.createdAt.toISOString()}">${e(when(mail.createdAt, view.timeZone))}</time></dd><dt>Тип</dt><dd>${e(mail.kind)}</dd></dl>
${links.length ? `<h3>Ссылки из письма</h3><ul class="links">${links.map((url) => `<li><a href="${e(url)}">${e(url)}</a></li>`).join('')}</ul>` : ''}
${mail.html === null ? '' : `<h3>Как письмо выглядит у получателя</h3><iframe class="frame" title="Письмо «${e(mail.subject)}»" sandbox="allow-top-navigation-by-user-activation allow-popups allow-popups-to-escape-sandbox" referrerpolicy="no-referrer" srcdoc="${e(framedHtml(mail.html))}"></iframe>`}
<h3>Текстовая версия</h3><pre class="text">${linkedText(mail.text)}</pre>
</article>`;
}

export function demoInboxPage(view: InboxView): string {
  const title = view.selected ? view.selected.subject : 'Демо-почта';
  const body = `<h1>Демо-почта</h1>
<div class="note"><p>SMTP не настроен (<code>SMTP_URL</code>), поэтому письма магазина никуда не уходят, а собираются здесь: последние 200 писем за 7 дней.</p>
<p>Страница открывается только на локальном адресе и только с этого компьютера. <a class="refresh" href="">Обновить</a></p></div>
<div class="inbox${view.selected || view.missing ? ' inbox--reading' : ''}">
<section class="inbox__list" aria-label="Входящие">${listHtml(view)}</section>
<section class="mail" aria-label="Письмо">${mailHtml(view)}</section>
</div>`;
  return shell(title, view, body);
}

/** What a visitor who may not read the demo inbox gets: the answer of an address that does not exist. */
export function demoNotFoundPage(): string {
  return `<!doctype html>
<html lang="ru"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex"><title>Страница не найдена — ТихоАвто</title>
<style>body{font:16px/1.5 system-ui,sans-serif;margin:0;display:grid;place-items:center;min-height:100vh;color:#1f2933}
main{text-align:center;padding:2rem}h1{font-size:1.5rem}a{color:#2e7d32}</style></head>
<body><main><h1>Упс! Страница не найдена!</h1><p><a href="/">На главную</a></p></main></body></html>`;
}
