/** The HTML document. React renders all of it on the server and hydrates all of it in the browser. */
import type { ReactNode } from 'react';
import type { ForcedColorMode } from '../shared/routes.ts';
import { APPLE_TOUCH_ICON, MARK_COLOR, manifestHref } from '../shared/web-app.ts';
import { useBoot } from './boot.ts';
import { ColorModeScript } from './color-mode.tsx';
import { AppFailureScript } from './robustness/app-failure.tsx';

export function Document({ lang, forcedColorMode, children }: { lang: string; forcedColorMode?: ForcedColorMode; children: ReactNode }) {
  const { basename } = useBoot();
  return (
    // The head script sets data-theme and color-scheme on <html> before React hydrates (data-force-theme wins).
    <html lang={lang} data-force-theme={forcedColorMode} suppressHydrationWarning>
      <head>
        <ColorModeScript />
        <AppFailureScript />
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="theme-color" content={MARK_COLOR} />
        {/* The .ico for browsers and tools that take no SVG; the SVG wins where both are understood. */}
        <link rel="icon" href="/favicon.ico" sizes="32x32" />
        <link rel="icon" href="/favicon.svg" type="image/svg+xml" />
        <link rel="apple-touch-icon" href={APPLE_TOUCH_ICON} />
        <link rel="manifest" href={manifestHref(basename)} />
      </head>
      <body>{children}</body>
    </html>
  );
}
