/**
 * Translations on the server: request.i18n / request.t are the request's language's i18next instance
 * (server/platform/i18n.ts), built once and shared by every request in that language — no per-request clone. A
 * request's language is fixed by its path prefix (request-context.ts) before this plugin's hook runs, so nothing is
 * detected here. Pages render with the page translator instead (server/render/strings.ts, decision 056).
 *
 * Why not i18next-http-middleware: its handler calls `i18next.cloneInstance()` on every request it does not
 * ignore, unconditionally, and its Fastify plugin is that handler in a preHandler hook (docs/decisions/017).
 */
import fp from 'fastify-plugin';
import type { i18n as I18n, TFunction } from 'i18next';
import { LANGUAGES, type Language } from '../../shared/sites.ts';
import { serverI18n } from '../platform/i18n.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** The app's i18next instance of a language (the same object for every request in it). */
    i18nFor(language: Language): I18n;
  }
  interface FastifyRequest {
    /** The i18next instance of the request's language (API answers' messages). */
    i18n: I18n;
    t: TFunction;
  }
}

/** Sets request.i18n / request.t from the request's language, for the scope that registers it. */
export const i18nPlugin = fp(
  async (app) => {
    // Built now, not on a first request (each holds its language's strings and the Russian fallback).
    for (const language of LANGUAGES) serverI18n(language);
    app.decorate('i18nFor', (language: Language) => serverI18n(language).i18n);
    app.decorateRequest('i18n', null as unknown as I18n);
    app.decorateRequest('t', null as unknown as TFunction);
    app.addHook('onRequest', async (request) => {
      const { i18n, t } = serverI18n(request.siteLanguage);
      request.i18n = i18n;
      request.t = t;
    });
  },
  { name: 'tihoavto-i18n', fastify: '5.x', dependencies: ['tihoavto-request-context'] },
);
