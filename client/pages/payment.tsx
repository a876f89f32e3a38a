/** /oplata-i-vozvraty: payment, delivery and returns of the visitor's country. */
import { useLoaderData } from 'react-router-dom';
import type { loader } from '../../server/pages/payment.ts';
import { InfoPage, useCrumbs } from '../components/ContentView.tsx';

export function Component() {
  const { entry } = useLoaderData<typeof loader>();
  return <InfoPage entry={entry} crumbs={useCrumbs([{ label: entry.title }])} />;
}
