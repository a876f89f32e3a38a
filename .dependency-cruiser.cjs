/**
 * The layering rules of the storefront (decision 019), checked by dependency-cruiser: `npm run lint:deps`
 * (part of `npm run lint` and `npm test`). Paths are relative to the folder the cruise runs in, so the same
 * rules apply to the repository and to the broken tree in test/fixtures/layering/ that proves they fire.
 *
 * Type-only imports (`import type`, `export type`, `typeof import('…')`) vanish when TypeScript is compiled,
 * so they are allowed across client/ and server/; Biome's useImportType rule makes sure an import whose names
 * are all types is written `import type` (an `import { type A }` would still load the module at run time
 * under verbatimModuleSyntax, yet dependency-cruiser counts it as type-only).
 * scripts/, test/ and e2e/ are outside the layers: they may import any layer.
 */

/** Dependency types that exist only for the type checker. */
const TYPE_ONLY = ['type-only', 'type-import'];
/** The one module through which the server reaches client code: it renders the app. */
const SSR_ENTRY = '^client/ssr[.]tsx$';
/** The server's web layer: Fastify plugins, the router runtime, page modules and API routes. */
const WEB = 'http/|render/|pages/|api/';
/** Folders that are not domains with a face: the web layer and the database plumbing. */
const WEB_AND_DATA = `${WEB}|db/|platform/`;

/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: 'shared-is-shared',
      comment:
        'shared/ imports nothing from client/ or server/ (not even types): both sides run it. ' +
        'Move the contract (type, schema, constant) into shared/ and import it from there.',
      severity: 'error',
      from: { path: '^shared/' },
      to: { path: '^(client|server)/' },
    },
    {
      name: 'client-not-server-at-runtime',
      comment:
        'client/ never imports server/ at run time (it would ship server code to the browser); ' +
        'only `import type` is allowed. Move shared values into shared/.',
      severity: 'error',
      from: { path: '^client/' },
      to: { path: '^server/', dependencyTypesNot: TYPE_ONLY },
    },
    {
      name: 'server-reaches-client-through-one-module',
      comment:
        'server/ reaches client code at run time only through client/ssr.tsx, the module that renders the app ' +
        '(plus `import type`). Import it from there, or move the value into shared/.',
      severity: 'error',
      from: { path: '^server/' },
      to: { path: '^client/', pathNot: SSR_ENTRY, dependencyTypesNot: TYPE_ONLY },
    },
    {
      name: 'i18next-stays-on-the-server',
      comment:
        "client/ and shared/ never load i18next (16 KB gzip of every page's first script): pages translate with " +
        "shared/translator.ts on both sides; i18next is the server's, for API answers and mails (decision 056).",
      severity: 'error',
      from: { path: '^(client|shared)/' },
      to: { path: 'node_modules/i18next/', dependencyTypesNot: TYPE_ONLY },
    },
    {
      name: 'no-circular',
      comment:
        'No import circles between files, type-only imports included: a circle means two modules that ' +
        'cannot be understood (or loaded) one without the other. Move what both need into a third module.',
      severity: 'error',
      from: {},
      to: { circular: true },
    },
    {
      name: 'domains-through-their-faces',
      comment:
        'Outside a server folder, import it only through its public face (server/<folder>/index.ts): what the ' +
        "face does not export is that folder's own business. Export the name from the face, or keep the code inside.",
      severity: 'error',
      from: { path: '^server/([^/.]+)' },
      to: { path: `^server/(?!${WEB_AND_DATA})[^/]+/`, pathNot: ['^server/$1/', '^server/[^/]+/index[.]tsx?$'] },
    },
    {
      name: 'domains-below-the-web',
      comment:
        'A domain folder never imports the web layer (server/http, server/render, server/pages, server/api), ' +
        'not even types: the web calls the domains, never the other way. Pass what the domain needs as an argument.',
      severity: 'error',
      from: { path: `^server/(?!${WEB}|platform/)[^/]+/` },
      to: { path: `^server/(${WEB})` },
    },
    {
      name: 'render-stands-alone',
      comment:
        'The router runtime (server/render/) imports no domain, http/ plugin, db/ or page module, not even types: ' +
        'what it needs comes through the request context and the host that creates the renderer (server/http/pages.ts).',
      severity: 'error',
      from: { path: '^server/render/' },
      to: { path: '^server/', pathNot: ['^server/render/', '^server/platform/logger[.]ts$'] },
    },
    {
      name: 'no-page-imports-a-page',
      comment:
        'A page module (server/pages/<route id>.ts) never imports another page: move what both need into ' + 'server/pages/helpers/.',
      severity: 'error',
      from: { path: '^server/pages/[^/]+$' },
      to: { path: '^server/pages/[^/]+$' },
    },
    {
      name: 'client-types-from-pages-only',
      comment:
        'client/ type-imports server code only from page modules (server/pages/<route id>.ts: `typeof loader`, ' +
        '`typeof action`). A view type both sides need lives in shared/.',
      severity: 'error',
      from: { path: '^client/' },
      to: { path: '^server/', pathNot: '^server/pages/[^/]+$' },
    },
    {
      name: 'not-to-unresolvable',
      comment: 'This import points at a file or package that does not exist (or is not installed).',
      severity: 'error',
      from: {},
      to: { couldNotResolve: true },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    // Keep type-only imports in the graph (marked `type-only`) so the rules above can see and allow them.
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      conditionNames: ['import', 'require', 'node', 'default', 'types'],
      mainFields: ['module', 'main', 'types', 'typings'],
    },
    reporterOptions: {
      text: { highlightFocused: true },
    },
  },
};
