import { escapeHtml } from '../../shared/escape-html.ts';
import { messages } from '../../shared/locales/index.ts';
import type { Language } from '../../shared/sites.ts';

/** Sent when React cannot even render the shell: plain HTML, no scripts, no data. */
export const STATIC_500_PAGE = `<!doctype html>
<html lang="ru"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Ошибка сервера — ТихоАвто</title>
<style>body{font:16px/1.5 system-ui,sans-serif;margin:0;display:grid;place-items:center;min-height:100vh;color:#1f2933}
main{text-align:center;padding:2rem}h1{font-size:1.5rem}a{color:#2e7d32}</style></head>
<body><main><h1>Что-то пошло не так</h1><p>Мы уже знаем об ошибке. Попробуйте обновить страницу через минуту.</p>
<p><a href="/">На главную</a></p></main></body></html>`;

/**
 * A form posted without JavaScript that was refused before any action ran, in the visitor's language, with a way
 * back to the page: `expired` (the site token is missing or belongs to another session: an expired session, a forged
 * cross-site post; status 403) or `tooLarge` (the body is over the limit; status 413). `back` is a safe local path
 * (shared/safe-path.ts), printable ASCII: nothing to escape but '&' and quotes.
 */
export function formRefusedPage(language: Language, reason: 'expired' | 'tooLarge', back: string): string {
  const form = messages[language].form as Record<string, string>;
  const href = back.replace(/&/g, '&amp;').replace(/"/g, '&quot;');
  const status = reason === 'expired' ? 403 : 413;
  return `<!doctype html>
<html lang="${language}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${status} — ТихоАвто</title>
<style>body{font:16px/1.5 system-ui,sans-serif;margin:0;display:grid;place-items:center;min-height:100vh;color:#1f2933}
main{text-align:center;padding:2rem}h1{font-size:1.5rem}a{color:#2e7d32}</style></head>
<body><main><h1>${escapeHtml(form[reason]!)}</h1><p><a href="${href}">${escapeHtml(form.back!)}</a></p></main></body></html>`;
}

/** Sent with 503 and Retry-After while the database is away (a restart, an outage): the visitor may just retry. */
export const STATIC_503_PAGE = `<!doctype html>
<html lang="ru"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Сайт ненадолго недоступен — ТихоАвто</title>
<style>body{font:16px/1.5 system-ui,sans-serif;margin:0;display:grid;place-items:center;min-height:100vh;color:#1f2933}
main{text-align:center;padding:2rem}h1{font-size:1.5rem}a{color:#2e7d32}</style></head>
<body><main><h1>Сайт ненадолго недоступен</h1><p>Мы уже восстанавливаем работу. Обновите страницу через несколько секунд — корзина и сравнение сохранены.</p>
<p><a href="">Обновить страницу</a></p></main></body></html>`;
