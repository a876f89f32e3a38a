/**
 * The schema of the regional sites' configuration, validated with zod at boot, and the demo configuration of
 * ../shared/domain.md. server/config.ts may replace it with an operator's JSON file (SITES_FILE).
 * Server-only by use (the browser gets a site's public part from the root loader).
 */
import { z } from 'zod';
import { DEFAULT_LANGUAGE, LANGUAGES, type Language } from './sites.ts';

const hostName = z
  .string()
  .min(1)
  .regex(/^[a-z0-9.-]+$/, 'a lower-case host name without port or scheme');

export const siteSchema = z
  .object({
    id: z.string().regex(/^[a-z][a-z0-9-]*$/),
    /** The canonical public host: canonical links, hreflang and redirects are built from it. */
    host: hostName,
    /** Other hosts that serve this site (local aliases, www.). */
    aliases: z.array(hostName).default([]),
    brand: z.string().min(1),
    languages: z.array(z.enum(LANGUAGES)).min(1),
    currency: z.string().length(3),
    /** Prices are rounded to a multiple of this (1, 10, 1000). */
    rounding: z.number().positive(),
    /** Which price list the site sells from; several sites may share one. */
    priceList: z.string().min(1),
    phone: z.string().min(1),
    email: z.email(),
    timeZone: z.string().min(1),
    /** Marks the test and local sites (spec §4: the notification dialog shows only there). */
    isTest: z.boolean().default(false),
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
    if (!cfg.sites.some((s) => s.id === cfg.defaultSite)) {
      ctx.addIssue({ code: 'custom', message: `defaultSite ${cfg.defaultSite} is not a configured site`, path: ['defaultSite'] });
    }
  });

export type Site = z.infer<typeof siteSchema>;
export type SitesConfig = z.infer<typeof sitesConfigSchema>;

const mainLanguages: Language[] = ['ru', 'en', 'zh-CN', 'tr'];

/** The demo configuration of ../shared/domain.md. */
export const demoSitesConfig: SitesConfig = sitesConfigSchema.parse({
  defaultSite: 'ru',
  sites: [
    {
      id: 'ru', host: 'tihoavto.ru', aliases: ['www.tihoavto.ru', 'localhost', 'ru.localhost', '127.0.0.1'],
      brand: 'ТихоАвто', languages: mainLanguages, currency: 'RUB', rounding: 1, priceList: 'ru',
      phone: '8 800 555-35-35', email: 'help@tihoavto.ru', timeZone: 'Europe/Moscow',
    },
    {
      id: 'kz', host: 'tihoavto.kz', aliases: ['www.tihoavto.kz', 'kz.localhost'],
      brand: 'ТихоАвто', languages: ['ru', 'kk'], currency: 'KZT', rounding: 10, priceList: 'kz',
      phone: '+7 727 200-00-00', email: 'help@tihoavto.kz', timeZone: 'Asia/Almaty',
    },
    {
      id: 'md', host: 'tihoavto.md', aliases: ['www.tihoavto.md', 'md.localhost'],
      brand: 'ТихоАвто', languages: ['ru', 'ro'], currency: 'MDL', rounding: 1, priceList: 'md',
      phone: '+373 22 000-000', email: 'help@tihoavto.md', timeZone: 'Europe/Chisinau',
    },
    {
      id: 'uz', host: 'tihoavto.uz', aliases: ['www.tihoavto.uz', 'uz.localhost'],
      brand: 'ТихоАвто', languages: ['ru', 'uz'], currency: 'UZS', rounding: 1000, priceList: 'uz',
      phone: '+998 71 200-00-00', email: 'help@tihoavto.uz', timeZone: 'Asia/Tashkent',
    },
    {
      id: 'kg', host: 'tihoavto.kg', aliases: ['www.tihoavto.kg', 'kg.localhost'],
      brand: 'ТихоАвто', languages: ['ru', 'ky'], currency: 'KGS', rounding: 10, priceList: 'kg',
      phone: '+996 312 000-000', email: 'help@tihoavto.kg', timeZone: 'Asia/Bishkek',
    },
    {
      id: 'test', host: 'test.tihoavto.ru', aliases: ['test.localhost'],
      brand: 'ТихоАвто (тест)', languages: mainLanguages, currency: 'RUB', rounding: 1, priceList: 'ru',
      phone: '8 800 555-35-35', email: 'test@tihoavto.ru', timeZone: 'Europe/Moscow', isTest: true,
    },
  ],
});

