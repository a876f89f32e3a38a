/**
 * Translations on the server: one i18next instance per language, built once when the app starts and shared
 * by every request in that language — no per-request clone. A request's language is fixed by its path prefix
 * (request-context.ts) before this plugin's hook runs, so nothing is detected here.
 *
 * Why not i18next-http-middleware: its handler calls `i18next.cloneInstance()` on every request it does not
 * ignore, unconditionally, and its Fastify plugin is that handler in a preHandler hook (docs/decisions/017).
 */
import fp from 'fastify-plugin';
import type { i18n as I18n, TFunction } from 'i18next';
import { createI18n } from '../../shared/i18n.ts';
import { resourcesFor } from '../../shared/locales/index.ts';
import { DEFAULT_LANGUAGE, LANGUAGES, type Language } from '../../shared/sites.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** The app's i18next instance of a language (the same object for every request in it). */
    i18nFor(language: Language): I18n;
  }
  interface FastifyRequest {
    /** The i18next instance of the request's language (server/render uses it for the page). */
    i18n: I18n;
    t: TFunction;
  }
}

interface LanguageInstance {
  i18n: I18n;
  t: TFunction;
}

/** Every language's instance, each holding its own strings and the default language's (the fallback). */
export function createLanguageInstances(): ReadonlyMap<Language, LanguageInstance> {
  const instances = new Map<Language, LanguageInstance>();
  for (const language of LANGUAGES) {
    const i18n = createI18n(language, { ...resourcesFor(DEFAULT_LANGUAGE), ...resourcesFor(language) });
    instances.set(language, { i18n, t: i18n.t.bind(i18n) as TFunction });
  }
  return instances;
}

/** Sets request.i18n / request.t from the request's language, for the scope that registers it. */
export const i18nPlugin = fp(
  async (app) => {
    const instances = createLanguageInstances();
    const of = (language: Language) => instances.get(language) ?? instances.get(DEFAULT_LANGUAGE)!;
    app.decorate('i18nFor', (language: Language) => of(language).i18n);
    app.decorateRequest('i18n', null as unknown as I18n);
    app.decorateRequest('t', null as unknown as TFunction);
    app.addHook('onRequest', async (request) => {
      const { i18n, t } = of(request.siteLanguage);
      request.i18n = i18n;
      request.t = t;
    });
  },
  { name: 'tihoavto-i18n', fastify: '5.x', dependencies: ['tihoavto-request-context'] },
);
