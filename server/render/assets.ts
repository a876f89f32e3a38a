/**
 * Which script and style files a page needs. Production: read from Vite's manifest (hashed files, and
 * for each matched route its page chunk and that chunk's imports, to preload). Development: Vite serves
 * the sources itself.
 */
import { createHash } from 'node:crypto';
import { readFileSync, statSync } from 'node:fs';

/** The client build a server serves: what GET /_build/latest.json answers and each page embeds. */
export interface BuildInfo {
  /** Changes whenever any client file changes; equal for equal sources (pods built apart agree). */
  id: string;
  /** When the build was made (ms since the epoch); informational, clients compare ids only. */
  timestamp: number;
}

export interface PageAssets {
  /** Module scripts React adds as bootstrap modules. */
  bootstrapModules: string[];
  /** Chunks to <link rel="modulepreload"> for the given page modules (and the entry). */
  modulePreloads(pageModules: string[]): string[];
  stylesheets(pageModules: string[]): string[];
  /** The build, for the client's update check. */
  build: BuildInfo;
  /** The back office's own bundle (client/staff/, decision 049): never on a storefront page. */
  staff: { script: string; stylesheets: string[] };
}

const ENTRY = 'client/entry-client.tsx';
export const STAFF_ENTRY = 'client/staff/staff.ts';

interface ManifestChunk {
  file: string;
  imports?: string[];
  dynamicImports?: string[];
  css?: string[];
  isEntry?: boolean;
}

export function productionAssets(manifestPath: string): PageAssets {
  const manifestText = readFileSync(manifestPath, 'utf8');
  const manifest = JSON.parse(manifestText) as Record<string, ManifestChunk>;
  const entry = manifest[ENTRY];
  if (!entry) throw new Error(`${manifestPath} has no entry for ${ENTRY}: run the client build`);

  const collect = (keys: string[], pick: (chunk: ManifestChunk) => string[]): string[] => {
    const files = new Set<string>();
    const seen = new Set<string>();
    const visit = (key: string) => {
      if (seen.has(key)) return;
      seen.add(key);
      const chunk = manifest[key];
      if (!chunk) return;
      for (const f of pick(chunk)) files.add('/' + f);
      chunk.imports?.forEach(visit);
    };
    keys.forEach(visit);
    return [...files];
  };

  const staff = manifest[STAFF_ENTRY];
  if (!staff) throw new Error(`${manifestPath} has no entry for ${STAFF_ENTRY}: run the client build`);

  return {
    bootstrapModules: ['/' + entry.file],
    modulePreloads: (pageModules) => collect([ENTRY, ...pageModules], (c) => [c.file]).filter((f) => f !== '/' + entry.file),
    stylesheets: (pageModules) => collect([ENTRY, ...pageModules], (c) => c.css ?? []),
    // Every file name in the manifest carries its content hash, so the manifest's own hash names the build.
    build: {
      id: createHash('sha256').update(manifestText).digest('hex').slice(0, 16),
      timestamp: Math.round(statSync(manifestPath).mtimeMs),
    },
    staff: { script: '/' + staff.file, stylesheets: collect([STAFF_ENTRY], (c) => c.css ?? []) },
  };
}

/** In development the entry is a small module that installs React Refresh, then loads the real entry. */
export const DEV_ENTRY_PATH = '/__dev/entry.js';
export const DEV_ENTRY_SOURCE = `import RefreshRuntime from '/@react-refresh';
RefreshRuntime.injectIntoGlobalHook(window);
window.$RefreshReg$ = () => {};
window.$RefreshSig$ = () => (type) => type;
window.__vite_plugin_react_preamble_installed__ = true;
await import('/@vite/client');
await import('/${ENTRY}');
`;

export function developmentAssets(): PageAssets {
  return {
    bootstrapModules: [DEV_ENTRY_PATH],
    modulePreloads: () => [],
    stylesheets: () => [],
    // Vite's hot reload keeps a development page current; its id never changes.
    build: { id: 'dev', timestamp: 0 },
    // Vite serves the source; it injects the imported stylesheet itself.
    staff: { script: '/' + STAFF_ENTRY, stylesheets: [] },
  };
}
