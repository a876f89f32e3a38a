/**
 * The public forms of the content pages (decision 027): their choices, limits and the guard fields both the page
 * and the action know. Form schemas themselves live beside the actions (server/pages/*.ts).
 */

/** The honeypot: a field people never see; a filled one marks a robot. */
export const HONEYPOT_FIELD = 'homepage';
/** The signed moment the form was shown (server/forms/forms.ts): submitted sooner than MIN_FILL_MS → refused. */
export const STARTED_FIELD = 'started';
export const MIN_FILL_MS = 3000;
/** A form shown longer ago than this must be reloaded (a stamp cannot be replayed for ever). */
export const MAX_FORM_AGE_MS = 24 * 3600_000;

/** Accepted submissions per visitor address and form in a window. */
export const FORM_LIMIT = { submissions: 5, windowSeconds: 3600 } as const;

export const FORM_KINDS = ['review', 'message', 'partner', 'appointment'] as const;
export type FormKind = (typeof FORM_KINDS)[number];

/** Partner programme tiers (domain.md). */
export const PARTNER_TYPES = ['installer', 'dealer', 'distributor', 'referral'] as const;
export type PartnerType = (typeof PARTNER_TYPES)[number];

export const MESSAGE_KINDS = ['question', 'suggestion'] as const;

/** Zones an installation centre treats (domain.md's calculator zones, grouped as a shopper names them). */
export const APPOINTMENT_ZONES = ['doors', 'floor', 'boot', 'roof', 'hood', 'arches', 'firewall', 'trims'] as const;
export type AppointmentZone = (typeof APPOINTMENT_ZONES)[number];

/** Reviews shown per page of /otzyvy-i-predlojeniya. */
export const REVIEWS_PER_PAGE = 10;

// What each public form submits, as stored and as the shop's notice names it (server/forms, server/mail).
export interface ReviewInput {
  name: string;
  city: string;
  rating: number;
  text: string;
}
export interface MessageInput {
  kind: 'question' | 'suggestion';
  name: string;
  email: string;
  text: string;
}
export interface PartnerInput {
  company: string;
  inn: string;
  city: string;
  partnerType: PartnerType;
  /** Purchases a month, in the site's currency. */
  volume: number;
  contactName: string;
  phone: string;
  email: string;
  comment: string;
}
export interface AppointmentInput {
  car: string;
  zones: string[];
  /** YYYY-MM-DD. */
  preferredDate: string;
  city: string;
  phone: string;
}
