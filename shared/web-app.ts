/**
 * The shop's web app manifest (issue 19, item 11), served per site and language at /manifest.webmanifest
 * (server/http/web-app.ts) and linked from every page's head (client/Document.tsx). The icons are written by
 * scripts/gen-icons.ts from the same mark as the SVG favicon.
 */

/** The mark's green: the favicon, the icons, the manifest's and the browser bar's theme colour. */
export const MARK_COLOR = '#2e7d32';

export const MANIFEST_PATH = '/manifest.webmanifest';
export const APPLE_TOUCH_ICON = '/apple-touch-icon.png';

export const MANIFEST_ICONS = [
  { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
  { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
  { src: '/icons/icon-maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
] as const;

/** Where a page of a language links its manifest: the language's prefix in front, so the manifest speaks it. */
export function manifestHref(basename: string): string {
  return basename === '/' ? MANIFEST_PATH : `${basename.replace(/\/$/, '')}${MANIFEST_PATH}`;
}

export interface WebAppManifest {
  id: string;
  name: string;
  short_name: string;
  lang: string;
  dir: 'ltr';
  start_url: string;
  scope: string;
  display: 'minimal-ui';
  theme_color: string;
  background_color: string;
  icons: typeof MANIFEST_ICONS;
}

export function webAppManifest({
  brand,
  name,
  language,
  basename,
}: {
  brand: string;
  name: string;
  language: string;
  basename: string;
}): WebAppManifest {
  return {
    // One app per site whatever the language: the id stays, the start page speaks the language the visitor installed it in.
    id: '/',
    name,
    short_name: brand,
    lang: language,
    dir: 'ltr',
    start_url: basename,
    scope: '/',
    display: 'minimal-ui',
    theme_color: MARK_COLOR,
    background_color: '#ffffff',
    icons: MANIFEST_ICONS,
  };
}
