/**
 * /otzyvy-i-predlojeniya: published reviews with their aggregate rating (ten a page), and two forms — a review
 * (published after moderation) and a suggestion or question. One action; `intent` tells the forms apart.
 */
import { z } from 'zod';
import { formatContentDate, isoDateIn, REVIEWS_PATH } from '../../shared/content.ts';
import { MESSAGE_KINDS, REVIEWS_PER_PAGE } from '../../shared/forms.ts';
import { plainText } from '../../shared/text.ts';
import { pageNumber } from './helpers/content-pages.ts';
import { fields, formStamp, publicFormAction } from './helpers/public-form.ts';
import { type ActionArgs, type LoaderArgs, notFoundError } from './helpers/route-module.ts';

export async function loader({ context, request }: LoaderArgs) {
  const page = pageNumber(request);
  const reviews = await context.services.reviews.published(context.site.id, page, REVIEWS_PER_PAGE);
  if (page > reviews.pages) throw notFoundError(request.url);
  const { timeZone } = context.site;
  return {
    reviews: {
      ...reviews,
      items: reviews.items.map((r) => ({
        ...r,
        date: formatContentDate(r.createdAt, context.language, timeZone),
        isoDate: isoDateIn(r.createdAt, timeZone),
      })),
    },
    page,
    canonicalSearch: page > 1 ? `?page=${page}` : '',
    // Bound to this visitor's session (the page answer sets its cookie if it is new).
    stamps: {
      review: formStamp(context, 'review'),
      message: formStamp(context, 'message'),
    },
  };
}

export const reviewForm = z.object({
  intent: z.literal('review'),
  name: fields.line(100),
  city: fields.line(100),
  rating: plainText({ missing: 'forms.error.rating', invalid: 'forms.error.rating' })
    .regex(/^[1-5]$/, 'forms.error.rating')
    .transform(Number),
  text: fields.text(10, 3000),
  ...fields.guards,
});

export const messageForm = z.object({
  intent: z.literal('message'),
  kind: z.enum(MESSAGE_KINDS, 'forms.error.choose'),
  name: fields.line(100),
  email: fields.email,
  text: fields.text(5, 3000),
  ...fields.guards,
});

export const form = z.discriminatedUnion('intent', [reviewForm, messageForm], 'form.invalid');

export function action(args: ActionArgs) {
  return publicFormAction(args, {
    form: (data) => data.intent,
    schema: form,
    page: REVIEWS_PATH,
    submit: (data, sender) => {
      const { services } = args.context;
      return data.intent === 'review'
        ? services.forms.review(sender, { name: data.name, city: data.city, rating: data.rating, text: data.text })
        : services.forms.message(sender, { kind: data.kind, name: data.name, email: data.email, text: data.text });
    },
  });
}
