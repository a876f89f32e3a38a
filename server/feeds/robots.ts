/**
 * /robots.txt of a site: a test site disallows everything; a public one keeps crawlers out of the API, the data
 * endpoint and one visitor's pages (in every language prefix of the site) and names its sitemap on its own host.
 */
import { type Language, pathForLanguage } from '../../shared/sites.ts';

/** Pages that belong to one visitor or are results of a query: nothing for an index there. */
const PRIVATE_PATHS = ['/auth', '/register', '/personal', '/history', '/records', '/cart', '/compare', '/search'];

export function renderRobots(site: { host: string; isTest: boolean; languages: readonly Language[] }): string {
  if (site.isTest) return 'User-agent: *\nDisallow: /\n';
  const lines = ['User-agent: *', 'Disallow: /api/', 'Disallow: /_data/'];
  for (const language of site.languages) for (const path of PRIVATE_PATHS) lines.push(`Disallow: ${pathForLanguage(path, language)}`);
  lines.push('', `Sitemap: https://${site.host}/sitemap.xml`);
  return lines.join('\n') + '\n';
}
