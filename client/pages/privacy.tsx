/** /politika-konfidencialnosti: the privacy policy of the visitor's country (the consent and the footer link here). */
import { useLoaderData } from 'react-router-dom';
import type { loader } from '../../server/pages/privacy.ts';
import { InfoPage, useCrumbs } from '../components/ContentView.tsx';

export function Component() {
  const { entry } = useLoaderData<typeof loader>();
  return <InfoPage entry={entry} crumbs={useCrumbs([{ label: entry.title, lang: entry.fallback ? 'ru' : null }])} />;
}
