/**
 * /otzyvy-i-predlojeniya: published reviews with the aggregate rating, the review form (published after moderation)
 * and the suggestion-or-question form.
 */
import { useId } from 'react';
import { useLoaderData } from 'react-router-dom';
import type { loader } from '../../server/pages/reviews.ts';
import { REVIEWS_PATH } from '../../shared/content.ts';
import { formatNumber } from '../../shared/format.ts';
import { MESSAGE_KINDS } from '../../shared/forms.ts';
import { useBoot } from '../boot.ts';
import { Breadcrumbs } from '../components/Breadcrumbs.tsx';
import { ContentHead, Pager, useCrumbs } from '../components/ContentView.tsx';
import { Choice, Field, PublicForm, RatingChoice, StarIcon, TextField } from '../components/PublicForm.tsx';
import { useTranslation } from '../i18n.tsx';

/** Five stars filled to the rating (a fraction fills part of a star); the number itself is read out. */
function Stars({ rating, size = 'small' }: { rating: number; size?: 'small' | 'large' }) {
  const { t } = useTranslation();
  const five = [1, 2, 3, 4, 5].map((n) => <StarIcon key={n} />);
  return (
    <span className={`stars stars--${size}`} role="img" aria-label={t('forms.ratingOf', { rating })}>
      <span className="stars__empty">{five}</span>
      <span className="stars__filled" style={{ width: `${(Math.min(5, Math.max(0, rating)) / 5) * 100}%` }}>
        {five}
      </span>
    </span>
  );
}

/** The aggregate: the average large, its stars, the count, and a bar per rating (5 to 1). */
function RatingSummary({ average, count, byRating }: { average: number; count: number; byRating: number[] }) {
  const { t } = useTranslation();
  const { language } = useBoot();
  const shown = formatNumber(average, language, 1, 1);
  return (
    <div className="rating-summary">
      <div className="rating-summary__score">
        <span className="rating-summary__average" aria-hidden="true">
          {shown}
        </span>
        <Stars rating={average} size="large" />
        <p className="rating-summary__text muted">{t('forms.aggregate', { average: shown, count })}</p>
      </div>
      <ul className="rating-bars">
        {[5, 4, 3, 2, 1].map((n, i) => (
          <li key={n}>
            <span className="rating-bars__label">{t('forms.ratingOf', { rating: n })}</span>
            <span className="rating-bars__track" aria-hidden="true">
              <span className="rating-bars__fill" style={{ width: `${count ? ((byRating[i] ?? 0) / count) * 100 : 0}%` }} />
            </span>
            <span className="rating-bars__count">{byRating[i] ?? 0}</span>
          </li>
        ))}
      </ul>
    </div>
  );
}

export function Component() {
  const { t } = useTranslation();
  const { reviews, page, stamps } = useLoaderData<typeof loader>();
  const crumbs = useCrumbs([{ label: t('forms.reviewsTitle') }]);
  const listId = useId();
  const reviewFormId = useId();
  return (
    <section className="content content--wide">
      <ContentHead title={t('forms.reviewsTitle')} description={t('forms.reviewsDescription')} crumbs={crumbs} />
      <Breadcrumbs items={crumbs} />
      <h1>{t('forms.reviewsTitle')}</h1>
      <p className="lead">{t('forms.reviewsLead')}</p>
      {/* Wide screens: the reviews beside the forms; narrow ones: the summary, a jump to the form, the reviews, the forms. */}
      <div className="reviews-layout">
        <section aria-labelledby={listId} className="reviews">
          <h2 id={listId}>{t('forms.reviewsList')}</h2>
          {reviews.count > 0 && reviews.average !== null ? (
            <RatingSummary average={reviews.average} count={reviews.count} byRating={reviews.byRating} />
          ) : (
            <p className="muted">{t('forms.noReviews')}</p>
          )}
          <p className="reviews__write">
            <a className="button button--secondary" href={`#${reviewFormId}`}>
              {t('forms.writeReview')}
            </a>
          </p>
          <ul className="reviews__list">
            {reviews.items.map((review) => (
              <li key={review.id} className="review">
                <span className="review__avatar" aria-hidden="true">
                  {review.name.trim().charAt(0).toUpperCase()}
                </span>
                <div>
                  <p className="review__head">
                    <strong>{review.name}</strong>
                    <span className="muted">
                      {review.city} · <time dateTime={review.isoDate}>{review.date}</time>
                    </span>
                  </p>
                  <Stars rating={review.rating} />
                  <p className="review__text">{review.text}</p>
                  {review.reply && (
                    <div className="review__reply">
                      <p className="review__reply-head">{t('forms.shopReply')}</p>
                      <p className="review__text">{review.reply}</p>
                    </div>
                  )}
                </div>
              </li>
            ))}
          </ul>
          <Pager page={page} pages={reviews.pages} />
        </section>
        <div className="reviews-forms">
          <div id={reviewFormId} className="reviews-forms__anchor">
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
                  <RatingChoice legend={t('forms.rating')} state={state} name="rating" label={(n) => t('forms.ratingOf', { rating: n })} />
                  <Field name="name" label={t('forms.name')} state={state} maxLength={100} autoComplete="name" />
                  <Field name="city" label={t('forms.city')} state={state} maxLength={100} autoComplete="address-level2" />
                  <TextField name="text" label={t('forms.reviewText')} state={state} />
                </>
              )}
            </PublicForm>
          </div>
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
      </div>
    </section>
  );
}
