/** /stat-partnerom: the partner programme beside the application form. */
import { useLoaderData } from 'react-router-dom';
import type { loader } from '../../server/pages/partner.ts';
import { currencySign } from '../../shared/format.ts';
import { PARTNER_TYPES } from '../../shared/forms.ts';
import { useBoot } from '../boot.ts';
import { Breadcrumbs } from '../components/Breadcrumbs.tsx';
import { ContentBody, ContentHead, FallbackNotice, useCrumbs } from '../components/ContentView.tsx';
import { Choice, Field, PublicForm, TextField } from '../components/PublicForm.tsx';
import { useTranslation } from '../i18n.tsx';

export function Component() {
  const { t } = useTranslation();
  const { language } = useBoot();
  const { entry, stamp, currency } = useLoaderData<typeof loader>();
  const crumbs = useCrumbs([{ label: entry.title, lang: entry.fallback ? 'ru' : null }]);
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
        <PublicForm action="/stat-partnerom" formKey="partner:apply" stamp={stamp} title={t('forms.partnerForm')} done="forms.partnerDone">
          {(state) => (
            <>
              <Field name="company" label={t('forms.company')} state={state} maxLength={200} autoComplete="organization" />
              <Field name="inn" label={t('forms.inn')} state={state} maxLength={14} inputMode="numeric" hint={t('forms.innHint')} />
              <Field name="city" label={t('forms.city')} state={state} maxLength={100} autoComplete="address-level2" />
              <Choice
                legend={t('forms.partnerType')}
                state={state}
                error="partnerType"
                name="partnerType"
                options={PARTNER_TYPES.map((type) => ({ value: type, label: t(`forms.type.${type}`) }))}
              />
              <Field
                name="volume"
                label={t('forms.volume', { currency: currencySign(currency, language) })}
                state={state}
                maxLength={16}
                inputMode="numeric"
              />
              <Field name="contactName" label={t('forms.contactName')} state={state} maxLength={100} autoComplete="name" />
              <Field name="phone" type="tel" label={t('forms.phone')} state={state} maxLength={40} autoComplete="tel" />
              <Field name="email" type="email" label={t('forms.email')} state={state} maxLength={254} autoComplete="email" />
              <TextField name="comment" label={t('forms.comment')} state={state} required={false} />
            </>
          )}
        </PublicForm>
      </div>
    </section>
  );
}
