/**
 * Which of the shop's messages a field that fails its constraints gets (client/form-validity.ts); the browser side —
 * a German browser on /en and /kk pages — is e2e/shell.spec.ts.
 */
import t from 'tap';
import { validityMessage } from '../client/form-validity.ts';
import { messages } from '../shared/locales/index.ts';

const valid = { valueMissing: false, typeMismatch: false, tooShort: false, valid: true };
const failing = (facts: Partial<typeof valid>) => ({ ...valid, valid: false, ...facts });

t.test('each failed constraint has its message; a passing field has none', async (t) => {
  t.equal(validityMessage({ type: 'text', validity: valid, minLength: -1 }), null);
  t.same(validityMessage({ type: 'text', validity: failing({ valueMissing: true }), minLength: -1 }), { key: 'form.required' });
  t.same(validityMessage({ type: 'textarea', validity: failing({ valueMissing: true }), minLength: -1 }), { key: 'form.required' });
  t.same(validityMessage({ type: 'checkbox', validity: failing({ valueMissing: true }), minLength: -1 }), { key: 'form.checkRequired' });
  t.same(validityMessage({ type: 'radio', validity: failing({ valueMissing: true }), minLength: -1 }), { key: 'form.checkRequired' });
  t.same(validityMessage({ type: 'select-one', validity: failing({ valueMissing: true }), minLength: -1 }), { key: 'form.chooseRequired' });
  t.same(validityMessage({ type: 'email', validity: failing({ typeMismatch: true }), minLength: -1 }), { key: 'form.emailInvalid' });
  t.same(validityMessage({ type: 'password', validity: failing({ tooShort: true }), minLength: 10 }), {
    key: 'form.tooShort',
    values: { min: 10 },
  });
  t.same(validityMessage({ type: 'number', validity: failing({}), minLength: -1 }), { key: 'form.invalid' }, 'any other failure');
});

t.test('every message exists in every language', async (t) => {
  for (const [language, table] of Object.entries(messages)) {
    const form = table.form as Record<string, string>;
    for (const key of ['required', 'checkRequired', 'chooseRequired', 'emailInvalid', 'tooShort', 'invalid']) {
      t.ok(form[key], `${language}: form.${key}`);
    }
  }
});
