/** The HTML document. React renders all of it on the server and hydrates all of it in the browser. */
import type { ReactNode } from 'react';
import type { ForcedColorMode } from '../shared/routes.ts';
import { ColorModeScript } from './color-mode.tsx';

export function Document({ lang, forcedColorMode, children }: { lang: string; forcedColorMode?: ForcedColorMode; children: ReactNode }) {
  return (
    // The head script sets data-theme and color-scheme on <html> before React hydrates (data-force-theme wins).
    <html lang={lang} data-force-theme={forcedColorMode} suppressHydrationWarning>
      <head>
        <ColorModeScript />
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="theme-color" content="#2e7d32" />
        <link rel="icon" href="/favicon.svg" type="image/svg+xml" />
      </head>
      <body>{children}</body>
    </html>
  );
}
