import { readdir, readFile, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, gzip, constants as zlibConstants } from 'node:zlib';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
import { noScriptDarkMode } from './client/build/no-script-dark-mode.ts';

// `vite build` builds both environments (builder), the client first:
//  - client: hashed files and a manifest in dist/client, then .br and .gz copies of the hashed files; the server reads
//    the manifest to find the entry and each page's chunk (server/render/assets.ts). public/ is served by the server.
//  - ssr: the server as plain JavaScript in dist/server (node dist/server/main.js). Everything under server/, shared/
//    and client/ is bundled — template-literal imports such as import(`./pages/${name}.ts`) included (each file the
//    pattern matches becomes a chunk); packages in node_modules stay external, installed by `npm ci --omit=dev`.
export default defineConfig({
  plugins: [react(), reactRouterProduction(), copyMigrations(), copyServerData()],
  publicDir: false,
  // Dark mode for visitors without JavaScript (the OS setting), from the [data-theme='dark'] rules.
  css: { postcss: { plugins: [noScriptDarkMode()] } },
  builder: {
    async buildApp(builder) {
      const client = builder.environments.client!;
      await builder.build(client);
      // After the client build rather than inside it: brotli's best quality takes seconds, by design.
      await precompress(resolve(builder.config.root, client.config.build.outDir, client.config.build.assetsDir));
      await builder.build(builder.environments.ssr!);
    },
  },
  environments: {
    client: {
      build: {
        outDir: 'dist/client',
        emptyOutDir: true,
        manifest: true,
        target: 'es2022',
        // The storefront's entry, and the back office's own (client/staff/: never loaded by a shopper's page).
        rollupOptions: { input: ['client/entry-client.tsx', 'client/staff/staff.ts'] },
      },
    },
    ssr: {
      build: {
        outDir: 'dist/server',
        emptyOutDir: true,
        target: 'node22',
        // Readable stack traces in production logs; the server's code is not shipped to browsers.
        minify: false,
        rollupOptions: { input: { main: 'server/main.ts' } },
      },
    },
  },
});

const compressible = /\.(?:js|mjs|css|svg|json|txt|xml|html|wasm)$/;

/**
 * Writes a brotli (.br, best quality) and a gzip (.gz) copy next to each hashed client file above 1 KB that
 * compresses, for @fastify/static's preCompressed mode: the server then sends them as they are, at no CPU cost.
 */
async function precompress(dir: string): Promise<void> {
  const brotli = promisify(brotliCompress);
  const gz = promisify(gzip);
  const files = (await readdir(dir)).filter((name) => compressible.test(name));
  await Promise.all(
    files.map(async (name) => {
      const raw = await readFile(join(dir, name));
      if (raw.length < 1024) return;
      const [br, gzipped] = await Promise.all([
        brotli(raw, {
          params: {
            [zlibConstants.BROTLI_PARAM_QUALITY]: zlibConstants.BROTLI_MAX_QUALITY,
            [zlibConstants.BROTLI_PARAM_SIZE_HINT]: raw.length,
          },
        }),
        gz(raw, { level: zlibConstants.Z_BEST_COMPRESSION }),
      ]);
      // A copy that saves less than a tenth is not worth a second file to keep in step.
      if (br.length < raw.length * 0.9) await writeFile(join(dir, name + '.br'), br);
      if (gzipped.length < raw.length * 0.9) await writeFile(join(dir, name + '.gz'), gzipped);
    }),
  );
}

/** Copies server/db/migrations/*.sql (whatever files are there) to dist/server/migrations for the compiled server. */
function copyMigrations(): Plugin {
  return {
    name: 'tihoavto:copy-migrations',
    apply: 'build',
    applyToEnvironment: (environment) => environment.name === 'ssr',
    async generateBundle() {
      const from = join(this.environment.config.root, 'server/db/migrations');
      for (const name of (await readdir(from)).filter((f) => f.endsWith('.sql')).sort()) {
        this.emitFile({ type: 'asset', fileName: `migrations/${name}`, source: await readFile(join(from, name)) });
      }
    },
  };
}

/** Copies the server's data files (server/accounts/data: the common-password list) to dist/server/data. */
function copyServerData(): Plugin {
  return {
    name: 'tihoavto:copy-server-data',
    apply: 'build',
    applyToEnvironment: (environment) => environment.name === 'ssr',
    async generateBundle() {
      const from = join(this.environment.config.root, 'server/accounts/data');
      for (const name of (await readdir(from)).filter((f) => f.endsWith('.gz')).sort()) {
        this.emitFile({ type: 'asset', fileName: `data/${name}`, source: await readFile(join(from, name)) });
      }
    },
  };
}

/**
 * React Router's package exports name only its development build (remix-run/react-router#14102), so a browser bundle
 * would carry its dev-only warnings (ENABLE_DEV_WARNINGS = true: console noise for shoppers, code for nothing). The
 * production build beside it differs in that one constant; the client resolves to it. The server keeps the package as
 * installed (external, resolved by Node).
 */
function reactRouterProduction(): Plugin {
  const builds: Record<string, string> = {
    'react-router': 'node_modules/react-router/dist/production/index.mjs',
    'react-router/dom': 'node_modules/react-router/dist/production/dom-export.mjs',
  };
  return {
    name: 'react-router-production',
    enforce: 'pre',
    applyToEnvironment: (environment) => environment.name === 'client',
    resolveId(source) {
      const file = builds[source];
      return file ? resolve(file) : null;
    },
  };
}
