/**
 * State-changing forms (cart, compare …) posting to a route's action (docs/decisions/021-router-actions.md). A real
 * <form method="post" action="/{lang}/cart">: before hydration or without JavaScript the browser posts it and the
 * server answers 303 back to this page (`next`), with the outcome kept for it in a flash; once hydrated it is a
 * fetcher — no navigation, pending state, the router revalidates the page's data (header counters included).
 * Either way the outcome reaches `children`: pending, done, and errors by field ('' for the form as a whole).
 */
import type { ReactNode } from 'react';
import { useFetcher, useHref, useLocation } from 'react-router-dom';
import type { ActionResult } from '../shared/contracts.ts';
import { useTranslation } from './i18n.tsx';
import { useShell } from './loader-data.ts';

export interface FormState {
  pending: boolean;
  /** The last submit succeeded (its data has been reloaded). */
  done: boolean;
  /** Message keys by field; '' is the form as a whole. */
  errors: Partial<Record<string, string>>;
  /** The values of the last refused submit, as sent (never passwords). */
  values: Partial<Record<string, string>>;
}

/** The hidden fields every route form sends: the site token, the page to return to (default: this one;
 * null: none), the form's key. */
export function FormBasics({ formKey, next }: { formKey: string; next?: string | null }) {
  const { token } = useShell();
  const location = useLocation();
  // The full address of this page (with the language prefix): where a no-JS post comes back to.
  const here = useHref(location.pathname + location.search);
  return (
    <>
      <input type="hidden" name="token" value={token} />
      {next !== null && <input type="hidden" name="next" value={next ?? here} />}
      <input type="hidden" name="_form" value={formKey} />
    </>
  );
}

/** The outcome of a form: the fetcher's answer, else the flash a no-JS post of this same form left. */
export function useFormState(formKey: string, answer: ActionResult | undefined, pending: boolean): FormState {
  const { flash } = useShell();
  const result = answer ?? (flash?.form === formKey ? flash.result : undefined);
  return { pending, done: !pending && result?.ok === true, errors: result?.errors ?? {}, values: result?.values ?? {} };
}

/**
 * A fetcher form to a route's action. `action` is a router path ("/cart"): React Router adds the language prefix.
 * `formKey` tells this form's outcome from other forms' on the page (e.g. "cart:item:12").
 */
export function RouteForm({
  action,
  formKey,
  className,
  children,
}: {
  action: string;
  formKey: string;
  className?: string;
  children: (state: FormState) => ReactNode;
}) {
  const fetcher = useFetcher<ActionResult>({ key: formKey });
  const state = useFormState(formKey, fetcher.data, fetcher.state !== 'idle');
  return (
    <fetcher.Form method="post" action={action} className={className}>
      <FormBasics formKey={formKey} />
      {children(state)}
    </fetcher.Form>
  );
}

/** The form-wide error of a refused submit, or else its first field error, as a translated alert. */
export function FormError({ state, id, className = 'form__error' }: { state: FormState; id?: string; className?: string }) {
  const { t } = useTranslation();
  const key = state.errors[''] ?? Object.values(state.errors)[0];
  return key ? (
    <span role="alert" id={id} className={className}>
      {t(key)}
    </span>
  ) : null;
}
