/**
 * A form that calls one of the shop's state-changing API routes (cart, compare…). It is a real <form> posting
 * to the API, so it works before hydration and without JavaScript (the server answers 303 back to the page);
 * once hydrated, the submit is sent as JSON (every named field except token and next) and the page's data —
 * header counters included — is revalidated in place.
 */
import { useState, type FormEvent, type ReactNode } from 'react';
import { useHref, useLocation, useRevalidator, useRouteLoaderData } from 'react-router-dom';
import type { ShellData } from './Root.tsx';
import { apiPost } from './api.ts';

/** idle: not sent yet; done: the last submit succeeded (and the data was reloaded). */
export type ApiFormStatus = 'idle' | 'pending' | 'done' | 'failed';

export function ApiForm({ action, className, children }: { action: string; className?: string; children: (status: ApiFormStatus) => ReactNode }) {
  const shell = useRouteLoaderData('root') as ShellData;
  const revalidator = useRevalidator();
  const location = useLocation();
  // The full address of this page (with the language prefix): where a no-JS post comes back to.
  const here = useHref(location.pathname + location.search);
  const [status, setStatus] = useState<ApiFormStatus>('idle');

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget, (event.nativeEvent as SubmitEvent).submitter);
    form.delete('token');
    form.delete('next');
    setStatus('pending');
    const answer = await apiPost(action, Object.fromEntries(form), shell.token);
    if (!answer.ok) return setStatus('failed');
    await revalidator.revalidate();
    setStatus('done');
  };

  return (
    <form method="post" action={action} className={className} onSubmit={onSubmit}>
      <input type="hidden" name="token" value={shell.token} />
      <input type="hidden" name="next" value={here} />
      {children(status)}
    </form>
  );
}
