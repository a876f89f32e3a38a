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
      name: 'no-circular',
      comment:
        'No import circles between files, type-only imports included: a circle means two modules that ' +
        'cannot be understood (or loaded) one without the other. Move what both need into a third module.',
      severity: 'error',
      from: {},
      to: { circular: true },
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
