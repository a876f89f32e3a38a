/**
 * The shop's own words for a form's constraints (issue 20): a browser writes its validation bubbles in the browser's
 * language ("Заполните это поле" on an English page for a Russian browser, "Please fill out this field" on a Kazakh
 * page for an English one). Once hydrated, every field that fails its constraints gets our message in the page's
 * language through setCustomValidity, so the bubble, `validationMessage` and screen readers say it in the page's
 * language; typing or choosing again clears it. Before hydration (no JavaScript yet) forms have no `required`
 * attributes at all and the server answers with the same translated messages beside the fields.
 */
import type { Translate } from '../shared/translator.ts';

type Field = HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement;

/** The facts of a field's native validity a message depends on (a plain object in unit tests). */
export interface FieldFacts {
  type: string;
  validity: Pick<ValidityState, 'valueMissing' | 'typeMismatch' | 'tooShort' | 'valid'>;
  minLength: number;
}

/** The message key and values for a field that fails its constraints; null when it passes them. */
export function validityMessage(field: FieldFacts): { key: string; values?: Record<string, unknown> } | null {
  const { validity, type } = field;
  if (validity.valid) return null;
  if (validity.valueMissing) {
    if (type === 'checkbox' || type === 'radio') return { key: 'form.checkRequired' };
    if (type === 'select-one' || type === 'select-multiple') return { key: 'form.chooseRequired' };
    return { key: 'form.required' };
  }
  if (validity.typeMismatch && type === 'email') return { key: 'form.emailInvalid' };
  if (validity.tooShort) return { key: 'form.tooShort', values: { min: field.minLength } };
  return { key: 'form.invalid' };
}

const isField = (target: EventTarget | null): target is Field =>
  target instanceof HTMLInputElement || target instanceof HTMLSelectElement || target instanceof HTMLTextAreaElement;

/** Listens on the whole document (forms come and go with pages); returns the function that stops it. */
export function translateValidity(root: Document, t: Translate): () => void {
  const onInvalid = (event: Event) => {
    const field = event.target;
    if (!isField(field)) return;
    field.setCustomValidity(''); // the native state alone decides what is wrong
    const message = validityMessage({ type: field.type, validity: field.validity, minLength: 'minLength' in field ? field.minLength : -1 });
    if (message) field.setCustomValidity(t(message.key, message.values));
  };
  const onEdit = (event: Event) => {
    const field = event.target;
    if (isField(field) && field.validity.customError) field.setCustomValidity('');
  };
  root.addEventListener('invalid', onInvalid, true);
  root.addEventListener('input', onEdit, true);
  root.addEventListener('change', onEdit, true);
  return () => {
    root.removeEventListener('invalid', onInvalid, true);
    root.removeEventListener('input', onEdit, true);
    root.removeEventListener('change', onEdit, true);
  };
}
