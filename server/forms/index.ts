/** The public face of server/forms/: what the rest of the server imports from it. */
export { FormService, type Sender, type Stored } from './forms.ts';
export { LEAD_KINDS, LEAD_STATES, type Lead, LeadDesk, type LeadKind, type LeadState } from './leads.ts';
export {
  MODERATION_PAGE_SIZE,
  type ModeratedReview,
  type PublishedReview,
  REVIEW_STATES,
  ReviewService,
  type ReviewState,
} from './reviews.ts';
export { FormStamps, purgeSpentStamps, type StampCheck } from './stamps.ts';
