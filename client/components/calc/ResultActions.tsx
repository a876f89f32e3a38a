/**
 * What a shopper does with a result: every line into the cart in one action (the cart's 'lines' intent, all or
 * none), print it, copy its link (both with script: .needs-script), and — signed in — save it to /records under a name.
 */
import { useState } from 'react';
import { Link, useHref, useLocation } from 'react-router-dom';
import type { CalcItem } from '../../../shared/calculator.ts';
import { useTranslation } from '../../i18n.tsx';
import { useShell } from '../../loader-data.ts';
import { FormError, RouteForm } from '../../route-form.tsx';

export function ResultActions({
  page,
  items,
  suggestedTitle,
  children,
}: {
  /** 'calc' or 'builder': names the forms. */
  page: string;
  items: CalcItem[];
  suggestedTitle: string;
  children?: React.ReactNode;
}) {
  const { t } = useTranslation();
  const { signedIn } = useShell();
  const location = useLocation();
  const here = useHref(location.pathname + location.search);
  const [copied, setCopied] = useState<'' | 'ok' | 'failed'>('');
  const lines = items.map((i) => `${i.productId}:${i.quantity}`).join(',');
  return (
    <div className="calc-actions">
      {items.length > 0 && (
        <RouteForm action="/cart" formKey={`${page}:cart`} className="calc-actions__cart">
          {(state) => (
            <>
              <input type="hidden" name="intent" value="lines" />
              <input type="hidden" name="lines" value={lines} />
              <button type="submit" className="button" disabled={state.pending}>
                {t('calc.toCart')}
              </button>
              {Object.keys(state.errors).length > 0 ? (
                <FormError state={state} />
              ) : (
                <span role="status" className="calc-actions__status quiet-status">
                  {state.done && (
                    <>
                      {t('calc.added')} <Link to="/cart">{t('calc.goToCart')}</Link>
                    </>
                  )}
                </span>
              )}
            </>
          )}
        </RouteForm>
      )}
      <div className="calc-actions__more">
        {children}
        <button type="button" className="button button--secondary needs-script" onClick={() => window.print()}>
          {t('calc.print')}
        </button>
        <button
          type="button"
          className="button button--secondary needs-script"
          onClick={() => {
            navigator.clipboard?.writeText(window.location.href).then(
              () => setCopied('ok'),
              () => setCopied('failed'),
            ) ?? setCopied('failed');
          }}
        >
          {t('calc.copyLink')}
        </button>
        <span role="status" className="calc-actions__status quiet-status needs-script">
          {copied === 'ok' ? t('calc.copied') : copied === 'failed' ? t('calc.copyFailed') : ''}
        </span>
      </div>
      {signedIn ? (
        <RouteForm action={page === 'calc' ? '/calc' : '/constructor'} formKey={`${page}:save`} className="calc-save">
          {(state) => (
            <>
              <input type="hidden" name="intent" value="save" />
              <input type="hidden" name="query" value={location.search} />
              <label className="calc-field">
                <span>{t('calc.save.name')}</span>
                <input
                  name="title"
                  className="calc-input"
                  maxLength={200}
                  required
                  key={suggestedTitle}
                  defaultValue={state.values.title ?? suggestedTitle}
                />
              </label>
              <button type="submit" className="button button--secondary" disabled={state.pending}>
                {t('calc.save.button')}
              </button>
              {Object.keys(state.errors).length > 0 ? (
                <FormError state={state} />
              ) : (
                <span role="status" className="calc-actions__status quiet-status">
                  {state.done && (
                    <>
                      {t('calc.save.done')} <Link to="/records">{t('calc.save.records')}</Link>
                    </>
                  )}
                </span>
              )}
            </>
          )}
        </RouteForm>
      ) : (
        <p className="muted calc-save">
          <Link to={`/auth?next=${encodeURIComponent(here)}`}>{t('calc.save.signIn')}</Link>
        </p>
      )}
    </div>
  );
}
