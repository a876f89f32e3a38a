/**
 * The folder-level rule of the layering (decision 019, issue 17): no circles between server folders. A second
 * cruise (`npm run lint:deps` runs both) because it must look at run-time imports only: the client's `import type`
 * of page modules (their loaders' data) makes a type-only loop render → client → pages → render that costs nothing
 * at run time, and a folder-scoped rule cannot exclude type-only edges. Module-level circles, type-only ones
 * included, stay forbidden by `no-circular` in .dependency-cruiser.cjs.
 */
const base = require('./.dependency-cruiser.cjs');

/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: 'no-folder-circles',
      comment:
        'No circles between server folders: two folders that import each other are one concern split in two, ' +
        'or one of them reaches back up. Move what both need below both.',
      severity: 'error',
      scope: 'folder',
      from: { path: '^server/' },
      to: { circular: true },
    },
  ],
  options: { ...base.options, tsPreCompilationDeps: false },
};
