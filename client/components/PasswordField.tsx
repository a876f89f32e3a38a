/**
 * A new-password field with a strength meter as the visitor types (docs/decisions/026-accounts.md). The estimator
 * (client/password-strength.ts, zxcvbn-ts and its dictionary) is imported on the first keystroke, so pages load
 * without it; the meter is advice — the server enforces the rules (length, common passwords). The meter's words are
 * announced politely to screen readers.
 */
import { useEffect, useId, useRef, useState } from 'react';
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from '../../shared/password-rules.ts';
import { useTranslation } from '../i18n.tsx';
import { FieldError } from './AccountField.tsx';

const LEVELS = ['veryWeak', 'weak', 'fair', 'good', 'strong'] as const;

type Estimator = typeof import('../password-strength.ts');
let estimator: Promise<Estimator> | undefined;
const loadEstimator = () => (estimator ??= import('../password-strength.ts'));

export function PasswordField({
  name,
  label,
  error,
  hint,
  userInputs = [],
}: {
  name: string;
  label: string;
  error?: string;
  hint?: string;
  /** Words the password should not be built from (name, e-mail). */
  userInputs?: string[];
}) {
  const { t } = useTranslation();
  const id = useId();
  const [password, setPassword] = useState('');
  const [score, setScore] = useState<number | null>(null);
  const inputs = useRef(userInputs);
  inputs.current = userInputs;

  useEffect(() => {
    if (!password) return setScore(null);
    let current = true;
    void loadEstimator().then(({ passwordScore }) => {
      if (current) setScore(passwordScore(password, inputs.current));
    });
    return () => {
      current = false;
    };
  }, [password]);

  const describedBy = [hint && `${id}-hint`, score !== null && `${id}-strength`, error && `${id}-error`].filter(Boolean).join(' ');
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <input
        id={id}
        name={name}
        type="password"
        autoComplete="new-password"
        required
        minLength={PASSWORD_MIN_LENGTH}
        maxLength={PASSWORD_MAX_LENGTH}
        onChange={(e) => setPassword(e.currentTarget.value)}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy || undefined}
      />
      {hint && (
        <small id={`${id}-hint`} className="field__hint">
          {hint}
        </small>
      )}
      <div className="strength" id={`${id}-strength`} aria-live="polite" hidden={score === null}>
        {score !== null && (
          <>
            <meter min={0} max={4} low={2} high={3} optimum={4} value={score} aria-label={t('account.strength.label')} />
            <span data-score={score}>
              {t('account.strength.label')}: {t(`account.strength.${LEVELS[score]}`)}
            </span>
          </>
        )}
      </div>
      <FieldError id={`${id}-error`} error={error} />
    </div>
  );
}
