/**
 * The browser's loader of string units (client/strings.ts, decision 050): it asks only for units the page lacks, once,
 * at the language's versioned address, adds them to the page's translator — whose t() then finds them —
 * and turns a failed answer into a chunk error (the page reloads once).
 */

import { renderToString } from 'react-dom/server';
import t from 'tap';
import { I18nProvider, useTranslation } from '../client/i18n.tsx';
import { isChunkLoadError } from '../client/robustness/chunk-reload.ts';
import { stringsLoader } from '../client/strings.ts';
import { createTranslator } from '../shared/translator.ts';

function Title() {
  const { t } = useTranslation();
  return <h1>{t('calc.title')}</h1>;
}

const answers: Record<string, { status: number; body: unknown }> = {};
const asked: string[] = [];
const realFetch = globalThis.fetch;
globalThis.fetch = (async (url: string) => {
  asked.push(url);
  const answer = answers[url] ?? { status: 404, body: {} };
  return new Response(JSON.stringify(answer.body), { status: answer.status, headers: { 'content-type': 'application/json' } });
}) as typeof fetch;
t.teardown(() => {
  globalThis.fetch = realFetch;
});

t.test('a unit the page lacks is loaded once, and t() shows it', async (t) => {
  const translator = createTranslator('en', { nav: { calc: 'Calculator' } });
  const load = stringsLoader(translator, { language: 'en', stringsVersion: 'v123456789' }, ['nav']);
  const render = () =>
    renderToString(
      <I18nProvider translator={translator}>
        <Title />
      </I18nProvider>,
    );
  t.equal(render(), '<h1>calc.title</h1>', 'before: the key (what the lazy route waits for never shows)');
  answers['/assets/i18n/en/calc.v123456789.json'] = { status: 200, body: { calc: { title: 'Sound insulation calculator' } } };
  asked.length = 0;
  await Promise.all([load(['calc', 'nav']), load(['calc'])]);
  t.same(asked, ['/assets/i18n/en/calc.v123456789.json'], 'one request, none for what the boot data held');
  t.equal(render(), '<h1>Sound insulation calculator</h1>', 'a key looked up before its unit came is found now');
  await load(['calc']);
  t.equal(asked.length, 1, 'a loaded unit is not asked for again');
});

t.test('a unit the server does not answer fails as a chunk error, and may be asked for again', async (t) => {
  const translator = createTranslator('ru', {});
  const load = stringsLoader(translator, { language: 'ru', stringsVersion: 'old0000000' }, []);
  asked.length = 0;
  const error = await load(['checkout']).catch((e: unknown) => e);
  t.ok(isChunkLoadError(error), 'the router reloads the page once, as for a chunk gone after a deploy');
  await load(['checkout']).catch(() => {});
  t.equal(asked.length, 2, 'a failure is not remembered');
});
