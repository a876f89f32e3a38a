/**
 * The labelled input of the account forms: its error (a locale key) beside it, tied to it by aria-describedby and
 * aria-invalid; an optional hint likewise. Values the server sent back after a refused post are kept (defaultValue).
 */
import { type InputHTMLAttributes, useId } from 'react';
import { useTranslation } from '../i18n.tsx';

export function FieldError({ id, error }: { id: string; error?: string }) {
  const { t } = useTranslation();
  return error ? (
    <p id={id} role="alert" className="form__error">
      {t(error)}
    </p>
  ) : null;
}

export function Field({
  label,
  error,
  hint,
  ...input
}: { label: string; error?: string; hint?: string; name: string } & InputHTMLAttributes<HTMLInputElement>) {
  const id = useId();
  const describedBy = [hint && `${id}-hint`, error && `${id}-error`].filter(Boolean).join(' ');
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <input id={id} {...input} aria-invalid={error ? true : undefined} aria-describedby={describedBy || undefined} />
      {hint && (
        <small id={`${id}-hint`} className="field__hint">
          {hint}
        </small>
      )}
      <FieldError id={`${id}-error`} error={error} />
    </div>
  );
}

/** A checkbox with its label text (and, optionally, a link inside the label's sentence). */
export function Checkbox({
  label,
  error,
  children,
  ...input
}: { label: string; error?: string; name: string; children?: React.ReactNode } & InputHTMLAttributes<HTMLInputElement>) {
  const id = useId();
  return (
    <div className="field field--check">
      <input
        id={id}
        type="checkbox"
        {...input}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
      />
      <label htmlFor={id}>
        {label}
        {children}
      </label>
      <FieldError id={`${id}-error`} error={error} />
    </div>
  );
}
