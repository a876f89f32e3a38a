/** The public face of server/forms/: what the rest of the server imports from it. */
export { FormService, type Sender, type Stored } from './forms.ts';
export { type PublishedReview, ReviewService } from './reviews.ts';
export { FormStamps, purgeSpentStamps, type StampCheck } from './stamps.ts';
