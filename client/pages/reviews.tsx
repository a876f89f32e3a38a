/**
 * /otzyvy-i-predlojeniya: published reviews with the aggregate rating, the review form (published after moderation)
 * and the suggestion-or-question form.
 */
import { useId } from 'react';
import { useLoaderData } from 'react-router-dom';
import type { loader } from '../../server/pages/reviews.ts';
import { REVIEWS_PATH } from '../../shared/content.ts';
import { MESSAGE_KINDS } from '../../shared/forms.ts';
import { Breadcrumbs } from '../components/Breadcrumbs.tsx';
import { ContentHead, Pager, useCrumbs } from '../components/ContentView.tsx';
import { Choice, Field, PublicForm, TextField } from '../components/PublicForm.tsx';
import { useTranslation } from '../i18n.tsx';

/** Five stars, the given number filled; the number itself is read out. */
function Stars({ rating }: { rating: number }) {
  const { t } = useTranslation();
  return (
    <span className="stars" role="img" aria-label={t('forms.ratingOf', { rating })}>
      {'★'.repeat(Math.round(rating))}
      <span className="stars__empty">{'★'.repeat(5 - Math.round(rating))}</span>
    </span>
  );
}

export function Component() {
  const { t } = useTranslation();
  const { reviews, page, stamps } = useLoaderData<typeof loader>();
  const crumbs = useCrumbs([{ label: t('forms.reviewsTitle') }]);
  const listId = useId();
  return (
    <section className="content">
      <ContentHead title={t('forms.reviewsTitle')} description={t('forms.reviewsDescription')} crumbs={crumbs} />
      <Breadcrumbs items={crumbs} />
      <h1>{t('forms.reviewsTitle')}</h1>
      <p className="lead">{t('forms.reviewsLead')}</p>
      <div className="forms-grid">
        <PublicForm
          action={REVIEWS_PATH}
          formKey="reviews:review"
          stamp={stamps.review}
          title={t('forms.reviewForm')}
          done="forms.reviewDone"
        >
          {(state) => (
            <>
              <input type="hidden" name="intent" value="review" />
              <Field name="name" label={t('forms.name')} state={state} maxLength={100} autoComplete="name" />
              <Field name="city" label={t('forms.city')} state={state} maxLength={100} autoComplete="address-level2" />
              <Choice
                legend={t('forms.rating')}
                state={state}
                error="rating"
                name="rating"
                options={[5, 4, 3, 2, 1].map((n) => ({ value: String(n), label: t('forms.ratingOf', { rating: n }) }))}
              />
              <TextField name="text" label={t('forms.reviewText')} state={state} />
            </>
          )}
        </PublicForm>
        <PublicForm
          action={REVIEWS_PATH}
          formKey="reviews:message"
          stamp={stamps.message}
          title={t('forms.messageForm')}
          done="forms.messageDone"
        >
          {(state) => (
            <>
              <input type="hidden" name="intent" value="message" />
              <Choice
                legend={t('forms.messageKind')}
                state={state}
                error="kind"
                name="kind"
                options={MESSAGE_KINDS.map((kind) => ({ value: kind, label: t(`forms.kind.${kind}`) }))}
              />
              <Field name="name" label={t('forms.name')} state={state} maxLength={100} autoComplete="name" />
              <Field name="email" type="email" label={t('forms.email')} state={state} maxLength={254} autoComplete="email" />
              <TextField name="text" label={t('forms.messageText')} state={state} />
            </>
          )}
        </PublicForm>
      </div>
      <section aria-labelledby={listId} className="reviews">
        <h2 id={listId}>{t('forms.reviewsList')}</h2>
        {reviews.count > 0 && reviews.average !== null ? (
          <p className="reviews__aggregate">
            <Stars rating={reviews.average} /> {t('forms.aggregate', { average: reviews.average, count: reviews.count })}
          </p>
        ) : (
          <p className="muted">{t('forms.noReviews')}</p>
        )}
        <ul className="reviews__list">
          {reviews.items.map((review) => (
            <li key={review.id} className="review">
              <p className="review__head">
                <strong>{review.name}</strong>, {review.city} · <Stars rating={review.rating} /> ·{' '}
                <time dateTime={review.isoDate}>{review.date}</time>
              </p>
              <p className="review__text">{review.text}</p>
            </li>
          ))}
        </ul>
        <Pager page={page} pages={reviews.pages} />
      </section>
    </section>
  );
}
