/**
 * The city input's markup (spec §5): the parent may mark it required; it never has an autocomplete attribute;
 * it is an ARIA combobox tied to its list and labelled.
 */

import { renderToStaticMarkup } from 'react-dom/server';
import t from 'tap';
import { CityAutocomplete } from '../client/components/CityAutocomplete.tsx';
import { I18nProvider } from '../client/i18n.tsx';
import { messages } from '../shared/locales/index.ts';
import { createTranslator } from '../shared/translator.ts';

const render = (required?: boolean) =>
  renderToStaticMarkup(
    <I18nProvider translator={createTranslator('ru', messages.ru)}>
      <CityAutocomplete
        token="tok"
        domain="tihoavto.ru"
        label="Город доставки"
        placeholder="Начните набирать город"
        required={required}
        onSelect={() => {}}
      />
    </I18nProvider>,
  );

t.test('required only when the parent says so; never an autocomplete attribute', async (t) => {
  const html = render(true);
  t.match(html, /<input[^>]* required=""/);
  t.notMatch(render(false), /required/);
  t.notMatch(render(), /required/);
  t.notMatch(html, /\sautocomplete=/i, 'no autocomplete attribute');
});

t.test('an ARIA combobox with a label and a list', async (t) => {
  const html = render();
  const input = /<input[^>]*>/.exec(html)![0];
  t.match(input, /role="combobox"/);
  t.match(input, /aria-expanded="false"/);
  t.match(input, /aria-autocomplete="list"/);
  t.match(input, /title="Начните набирать город"/);
  const id = /id="([^"]+)"/.exec(input)![1];
  t.match(html, new RegExp(`<label for="${id}">Город доставки</label>`));
  const list = /aria-controls="([^"]+)"/.exec(input)![1];
  t.match(html, new RegExp(`<ul id="${list}" role="listbox"`));
});
