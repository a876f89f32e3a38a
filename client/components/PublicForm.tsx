/**
 * The public forms of the content pages (decision 027): a route form (with and without JavaScript) carrying the
 * robot guards — the honeypot, hidden from people and assistive technology, and the signed stamp of when the form
 * was shown — labelled fields with their errors, and the thank-you once it went through.
 */
import { type ReactNode, useId } from 'react';
import { HONEYPOT_FIELD, STARTED_FIELD } from '../../shared/forms.ts';
import { useTranslation } from '../i18n.tsx';
import { type FormState, RouteForm } from '../route-form.tsx';

export function PublicForm({
  action,
  formKey,
  stamp,
  title,
  done,
  children,
}: {
  /** The route whose action takes it. */
  action: string;
  formKey: string;
  stamp: string;
  title: string;
  /** The message once stored (locale key). */
  done: string;
  children: (state: FormState) => ReactNode;
}) {
  const { t } = useTranslation();
  const titleId = useId();
  return (
    <section className="public-form" aria-labelledby={titleId}>
      <h2 id={titleId}>{title}</h2>
      <RouteForm action={action} formKey={formKey} className="form">
        {(state) =>
          state.done ? (
            <p role="status" className="form__done">
              {t(done)}
            </p>
          ) : (
            <>
              {/* When it was first shown: after a refused post the page comes back with the original stamp. */}
              <input type="hidden" name={STARTED_FIELD} value={state.values[STARTED_FIELD] || stamp} />
              {/* People never see this field; a robot filling every field fills it. */}
              <div className="honeypot" aria-hidden="true">
                <label>
                  {t('forms.honeypot')}
                  <input type="text" name={HONEYPOT_FIELD} tabIndex={-1} autoComplete="off" defaultValue="" />
                </label>
              </div>
              {state.errors[''] && (
                <p role="alert" className="form__error">
                  {t(state.errors[''])}
                </p>
              )}
              {children(state)}
              <button type="submit" className="button" disabled={state.pending}>
                {state.pending ? t('forms.sending') : t('forms.send')}
              </button>
            </>
          )
        }
      </RouteForm>
    </section>
  );
}

type InputProps = {
  name: string;
  label: string;
  state: FormState;
  type?: 'text' | 'email' | 'tel' | 'date' | 'number';
  required?: boolean;
  maxLength?: number;
  autoComplete?: string;
  min?: string;
  max?: string;
  inputMode?: 'numeric' | 'tel' | 'email' | 'text';
  hint?: string;
};

/** A field's label text; an optional field says so (every other field is required). */
function FieldLabel({ label, required }: { label: string; required: boolean }) {
  const { t } = useTranslation();
  return (
    <span className="field__label">
      {label}
      {!required && <span className="field__optional"> ({t('forms.optional')})</span>}
    </span>
  );
}

/** A labelled input with its error (aria-invalid, described by the message) and the value a refused post sent. */
export function Field({ name, label, state, type = 'text', required = true, hint, ...rest }: InputProps) {
  const { t } = useTranslation();
  const errorId = useId();
  const hintId = useId();
  const error = state.errors[name];
  const describedBy = [error ? errorId : '', hint ? hintId : ''].filter(Boolean).join(' ') || undefined;
  return (
    <div className="field">
      <label>
        <FieldLabel label={label} required={required} />
        <input
          name={name}
          type={type}
          required={required}
          defaultValue={state.values[name]}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy}
          {...rest}
        />
      </label>
      {hint && (
        <small id={hintId} className="muted">
          {hint}
        </small>
      )}
      {error && (
        <span id={errorId} className="form__error">
          {t(error)}
        </span>
      )}
    </div>
  );
}

/** A labelled multi-line text with its error. */
export function TextField({ name, label, state, required = true, maxLength = 3000 }: Omit<InputProps, 'type'>) {
  const { t } = useTranslation();
  const errorId = useId();
  const error = state.errors[name];
  return (
    <div className="field">
      <label>
        <FieldLabel label={label} required={required} />
        <textarea
          name={name}
          rows={5}
          required={required}
          maxLength={maxLength}
          defaultValue={state.values[name]}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? errorId : undefined}
        />
      </label>
      {error && (
        <span id={errorId} className="form__error">
          {t(error)}
        </span>
      )}
    </div>
  );
}

/** A group of radio buttons (or checkboxes, each its own field name) in a fieldset with its error. */
export function Choice({
  legend,
  state,
  error: errorName,
  options,
  type = 'radio',
  name,
}: {
  legend: string;
  state: FormState;
  /** The field whose error the group shows. */
  error: string;
  options: { value: string; label: string; name?: string }[];
  type?: 'radio' | 'checkbox';
  /** The radio group's field. */
  name?: string;
}) {
  const { t } = useTranslation();
  const errorId = useId();
  const error = state.errors[errorName];
  return (
    <fieldset className="choice" aria-describedby={error ? errorId : undefined}>
      <legend>{legend}</legend>
      {options.map((option) => {
        const field = option.name ?? name!;
        const checked = type === 'radio' ? state.values[field] === option.value : state.values[field] !== undefined;
        return (
          <label key={`${field}:${option.value}`} className="choice__option">
            <input
              type={type}
              name={field}
              value={option.value}
              defaultChecked={checked}
              required={type === 'radio' ? true : undefined}
              aria-invalid={error ? true : undefined}
            />
            {option.label}
          </label>
        );
      })}
      {error && (
        <span id={errorId} className="form__error">
          {t(error)}
        </span>
      )}
    </fieldset>
  );
}

/**
 * The rating as five stars (spec: 1–5): radio buttons, each drawn as a star over its own input, so a click, a tap
 * or the arrow keys pick it, with or without JavaScript. Each input keeps its spoken name ("4 из 5"); the stars up
 * to the chosen (or hovered) one fill through CSS (:has), so no script is needed to show the choice.
 */
export function RatingChoice({
  legend,
  state,
  name,
  label,
}: {
  legend: string;
  state: FormState;
  name: string;
  label: (n: number) => string;
}) {
  const { t } = useTranslation();
  const errorId = useId();
  const error = state.errors[name];
  return (
    <fieldset className="rating-input" aria-describedby={error ? errorId : undefined}>
      <legend>{legend}</legend>
      <div className="rating-input__stars">
        {[1, 2, 3, 4, 5].map((n) => (
          <label key={n} className="rating-input__star">
            <input
              type="radio"
              name={name}
              value={String(n)}
              defaultChecked={state.values[name] === String(n)}
              required
              aria-invalid={error ? true : undefined}
            />
            <span className="visually-hidden">{label(n)}</span>
            <StarIcon />
          </label>
        ))}
      </div>
      {error && (
        <span id={errorId} className="form__error">
          {t(error)}
        </span>
      )}
    </fieldset>
  );
}

/** One star (decorative: its meaning is in the text beside it). */
export function StarIcon() {
  return (
    <svg className="star-icon" viewBox="0 0 24 24" width="24" height="24" aria-hidden="true" focusable="false">
      <path d="M12 2.5l2.94 6.26 6.86.8-5.08 4.7 1.36 6.78L12 17.6l-6.08 3.44 1.36-6.78-5.08-4.7 6.86-.8z" />
    </svg>
  );
}
