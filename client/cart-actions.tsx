/**
 * Cart changes from any page. Each control is a real <form> posting to /api/cart/items, so it works before
 * hydration and without JavaScript (the server answers 303 back to the page); once hydrated, the submit is
 * sent as JSON and the page's data (header badge, cart lines) is revalidated in place.
 */
import { useState, type FormEvent, type ReactNode } from 'react';
import { useHref, useLocation, useRevalidator, useRouteLoaderData } from 'react-router-dom';
import type { ShellData } from './Root.tsx';
import { apiPost } from './api.ts';

export const CART_ITEMS_API = '/api/cart/items';

export type CartChangeStatus = 'idle' | 'pending' | 'failed';

/** A form that changes one cart line: fields productId, quantity and mode come from its children. */
export function CartForm({ children, className, onDone }: { children: (status: CartChangeStatus) => ReactNode; className?: string; onDone?: () => void }) {
  const shell = useRouteLoaderData('root') as ShellData;
  const revalidator = useRevalidator();
  const location = useLocation();
  // The full address of this page (with the language prefix): where a no-JS post comes back to.
  const here = useHref(location.pathname + location.search);
  const [status, setStatus] = useState<CartChangeStatus>('idle');

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget, (event.nativeEvent as SubmitEvent).submitter);
    setStatus('pending');
    const answer = await apiPost(
      CART_ITEMS_API,
      { productId: form.get('productId'), quantity: form.get('quantity') ?? 1, mode: form.get('mode') ?? 'add' },
      shell.token,
    );
    if (!answer.ok) return setStatus('failed');
    setStatus('idle');
    await revalidator.revalidate();
    onDone?.();
  };

  return (
    <form method="post" action={CART_ITEMS_API} className={className} onSubmit={onSubmit}>
      <input type="hidden" name="token" value={shell.token} />
      <input type="hidden" name="next" value={here} />
      {children(status)}
    </form>
  );
}
