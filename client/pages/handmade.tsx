/** /handmade: installation by a partner centre, and the appointment form (kept in /records for a signed-in shopper). */
import { Link, useHref, useLoaderData } from 'react-router-dom';
import type { loader } from '../../server/pages/handmade.ts';
import { APPOINTMENT_ZONES } from '../../shared/forms.ts';
import { Breadcrumbs } from '../components/Breadcrumbs.tsx';
import { ContentBody, ContentHead, FallbackNotice, useCrumbs } from '../components/ContentView.tsx';
import { Choice, Field, PublicForm } from '../components/PublicForm.tsx';
import { useTranslation } from '../i18n.tsx';

export function Component() {
  const { t } = useTranslation();
  const { entry, stamp, dates, signedIn } = useLoaderData<typeof loader>();
  const crumbs = useCrumbs([{ label: entry.title, lang: entry.fallback ? 'ru' : null }]);
  // Back here after signing in, in the visitor's language.
  const here = useHref('/handmade');
  return (
    <section className="content">
      <ContentHead title={entry.title} description={entry.summary} crumbs={crumbs} />
      <Breadcrumbs items={crumbs} />
      <h1 lang={entry.fallback ? entry.language : undefined}>{entry.title}</h1>
      <div className="content-with-form">
        <div>
          <FallbackNotice entry={entry} />
          <ContentBody entry={entry} />
        </div>
        <PublicForm
          action="/handmade"
          formKey="handmade:appointment"
          stamp={stamp}
          title={t('forms.appointmentForm')}
          done={signedIn ? 'forms.appointmentSaved' : 'forms.appointmentDone'}
        >
          {(state) => (
            <>
              <Field name="car" label={t('forms.car')} state={state} maxLength={100} />
              <Choice
                legend={t('forms.zones')}
                state={state}
                error="zones"
                type="checkbox"
                options={APPOINTMENT_ZONES.map((zone) => ({ value: 'on', name: `zone-${zone}`, label: t(`forms.zone.${zone}`) }))}
              />
              <Field name="preferredDate" type="date" label={t('forms.preferredDate')} state={state} min={dates.min} max={dates.max} />
              <Field name="city" label={t('forms.city')} state={state} maxLength={100} autoComplete="address-level2" />
              <Field name="phone" type="tel" label={t('forms.phone')} state={state} maxLength={40} autoComplete="tel" />
              {!signedIn && (
                <p className="muted">
                  <Link to={`/auth?next=${encodeURIComponent(here)}`}>{t('forms.signInHint')}</Link>
                </p>
              )}
            </>
          )}
        </PublicForm>
      </div>
    </section>
  );
}
