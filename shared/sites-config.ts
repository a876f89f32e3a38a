/**
 * The schema of the regional sites' configuration, validated with zod at boot (the demo configuration of
 * ../shared/domain.md is server/platform/demo-sites.ts). server/platform/config.ts may replace it with an operator's JSON file (SITES_FILE).
 * Server-only by use (the browser gets a site's public part from the root loader).
 */
import { z } from 'zod';
import { commerceIssues, type Localized, localizedSchema, siteCommerceShape } from './commerce-config.ts';
import { DEFAULT_LANGUAGE, LANGUAGES } from './languages.ts';

const hostName = z
  .string()
  .min(1)
  .regex(/^[a-z0-9.-]+$/, 'a lower-case host name without port or scheme');

/** A third party's public host name: lower-case DNS labels with a top-level domain; no scheme, port, path or wildcard. */
const thirdPartyHost = z
  .string()
  .regex(
    /^(?=.{1,253}$)(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}$/,
    'a public host name such as chat.example.com (no scheme, port, path or wildcard)',
  );

/** An https:// address on a public host (no credentials, no port): third-party scripts are loaded only over TLS. */
const httpsUrl = z.string().refine(
  (value) => {
    try {
      const url = new URL(value);
      return url.protocol === 'https:' && !url.username && !url.password && !url.port && thirdPartyHost.safeParse(url.hostname).success;
    } catch {
      return false;
    }
  },
  { message: 'an https:// address on a public host, without port or credentials' },
);

/**
 * Third-party tags of one site (spec §1, §7 "Other calls", §9 maps defaults). Each is absent unless configured;
 * the page's Content-Security-Policy admits exactly the hosts of the tags configured (server/http/security.ts).
 */
export const siteTagsSchema = z.strictObject({
  /** Yandex Metrika-style web analytics: click map, link tracking, accurate bounce, session recording. */
  analytics: z.strictObject({ counterId: z.number().int().positive() }).optional(),
  /**
   * The visitor-tracking script. It is loaded once per page load with the referrer and the page address as
   * query parameters (names configurable) and as data-referrer / data-url attributes of its <script>.
   */
  tracker: z
    .strictObject({
      src: httpsUrl,
      referrerParam: z
        .string()
        .regex(/^[A-Za-z0-9_-]{1,32}$/)
        .default('r'),
      urlParam: z
        .string()
        .regex(/^[A-Za-z0-9_-]{1,32}$/)
        .default('u'),
    })
    .optional(),
  /** The maps script, loaded on demand (client/third-party/maps.ts): https://api-maps.yandex.ru/<version>/?apikey=…&lang=…. */
  maps: z
    .strictObject({
      apiKey: z.string().regex(/^[A-Za-z0-9-]{8,64}$/, 'letters, digits and dashes'),
      lang: z
        .string()
        .regex(/^[a-z]{2}_[A-Z]{2}$/, 'a locale such as ru_RU')
        .default('ru_RU'),
      version: z
        .string()
        .regex(/^v\d+(?:\.\d+)?$/, 'a version such as v3')
        .default('v3'),
    })
    .optional(),
  /** Hosts the onlineChat widget's script may come from (https only); a script from any other host never loads. */
  chatHosts: z.array(thirdPartyHost).optional(),
});

/** The social networks a site may link to from its footer (labels in shared/locales/features/site.ts). */
export const SOCIAL_NETWORKS = ['vk', 'telegram', 'dzen', 'youtube', 'instagram'] as const;
export type SocialNetwork = (typeof SOCIAL_NETWORKS)[number];

/** One link of the footer's social list: which network (its translated label) and the page there. */
export const socialLinkSchema = z.strictObject({ network: z.enum(SOCIAL_NETWORKS), url: httpsUrl });
export type SocialLink = z.infer<typeof socialLinkSchema>;

export const siteSchema = z
  .object({
    id: z.string().regex(/^[a-z][a-z0-9-]*$/),
    /** The canonical public host: canonical links, hreflang and redirects are built from it. */
    host: hostName,
    /** Other hosts that serve this site (local aliases, www.). */
    aliases: z.array(hostName).default([]),
    /**
     * The shop's name as each language writes it (ТихоАвто in Cyrillic, TihoAvto in Latin script): one string for
     * every language, or { ru, en?, … } with the missing languages falling back to Russian (shared/delivery.ts localized).
     */
    brand: z.union([z.string().min(1).max(300), localizedSchema]).transform((b): Localized => (typeof b === 'string' ? { ru: b } : b)),
    languages: z.array(z.enum(LANGUAGES)).min(1),
    currency: z.string().length(3),
    /** Prices are rounded to a multiple of this (1, 10, 1000). */
    rounding: z.number().positive(),
    /** Which price list the site sells from; several sites may share one. */
    priceList: z.string().min(1),
    phone: z.string().min(1),
    email: z.email(),
    /** The footer's social links, in this order; the footersocial widget, when an owner sets one, replaces them. */
    social: z.array(socialLinkSchema).max(10).default([]),
    timeZone: z.string().min(1),
    /** Marks the test and local sites (spec §4: the notification dialog shows only there). */
    isTest: z.boolean().default(false),
    /** Third-party tags; none unless configured (the demo sites have none: `npm start` calls no third party). */
    tags: siteTagsSchema.optional(),
    /** Country, delivery and payment methods, requisites, order e-mail (shared/commerce-config.ts). */
    ...siteCommerceShape,
  })
  .refine((s) => s.languages[0] === DEFAULT_LANGUAGE, {
    message: `the first language of every site must be the default, ${DEFAULT_LANGUAGE}`,
    path: ['languages'],
  });

export const sitesConfigSchema = z
  .object({
    /** Where visitors of unknown hosts are sent, and the spec's "default business domain". */
    defaultSite: z.string(),
    sites: z.array(siteSchema).min(1),
  })
  .superRefine((cfg, ctx) => {
    const seen = new Map<string, string>();
    for (const site of cfg.sites) {
      for (const h of [site.host, ...site.aliases]) {
        const owner = seen.get(h);
        if (owner) ctx.addIssue({ code: 'custom', message: `host ${h} is claimed by ${owner} and ${site.id}`, path: ['sites'] });
        seen.set(h, site.id);
      }
    }
    for (const [i, site] of cfg.sites.entries()) {
      for (const message of commerceIssues(site)) ctx.addIssue({ code: 'custom', message, path: ['sites', i] });
    }
    if (!cfg.sites.some((s) => s.id === cfg.defaultSite)) {
      ctx.addIssue({ code: 'custom', message: `defaultSite ${cfg.defaultSite} is not a configured site`, path: ['defaultSite'] });
    }
  });

export type Site = z.infer<typeof siteSchema>;
export type SiteTags = z.infer<typeof siteTagsSchema>;
export type SitesConfig = z.infer<typeof sitesConfigSchema>;
