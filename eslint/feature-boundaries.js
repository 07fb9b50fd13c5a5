// The web app's import rule (docs/development.md "Project layout"): a feature imports only `shared/` and other
// features' public entries (`features/<name>/index.ts`); `shared/` never imports a feature.
// A local rule instead of a plugin: it needs only the file's path and the import's string.
import { dirname, relative, resolve, sep } from 'node:path';
import { noHookDepsDisable } from './no-hook-deps-disable.js';

/** `features/<name>/…` → `<name>`, `shared/…` → 'shared', anything else → null. */
function areaOf(srcDir, file) {
  const parts = relative(srcDir, file).split(sep);
  if (parts[0] === 'features' && parts.length > 2)
    return { kind: 'feature', name: parts[1], rest: parts.slice(2) };
  if (parts[0] === 'features' && parts.length === 2) return { kind: 'feature', name: parts[1], rest: [] };
  if (parts[0] === 'shared') return { kind: 'shared' };
  return { kind: 'other' };
}

const isEntry = (rest) => rest.length === 0 || (rest.length === 1 && /^index(\.tsx?)?$/.test(rest[0]));

const featureBoundaries = {
  meta: {
    type: 'problem',
    docs: {
      description: "Features import only shared/ and other features' index.ts; shared/ imports no feature.",
    },
    messages: {
      deepImport:
        "Import '{{name}}' through its public entry ('features/{{name}}'), not its internals: add what you need to features/{{name}}/index.ts.",
      sharedImportsFeature:
        "shared/ must not import a feature ('features/{{name}}'): move what both need into shared/.",
    },
    schema: [{ type: 'object', properties: { srcDir: { type: 'string' } }, required: ['srcDir'] }],
  },
  create(context) {
    // Relative to the directory ESLint runs in (the repository root for `npm run check`).
    const srcDir = resolve(context.cwd, context.options[0].srcDir);
    const from = areaOf(srcDir, context.filename);
    function check(node, source) {
      if (typeof source !== 'string' || !source.startsWith('.')) return;
      const to = areaOf(srcDir, resolve(dirname(context.filename), source));
      if (to.kind !== 'feature') return;
      if (from.kind === 'shared') {
        context.report({ node, messageId: 'sharedImportsFeature', data: { name: to.name } });
      } else if (!(from.kind === 'feature' && from.name === to.name) && !isEntry(to.rest)) {
        context.report({ node, messageId: 'deepImport', data: { name: to.name } });
      }
    }
    const fromSource = (node) => node.source && check(node.source, node.source.value);
    return {
      ImportDeclaration: fromSource,
      ExportNamedDeclaration: fromSource,
      ExportAllDeclaration: fromSource,
      ImportExpression: (node) => node.source.type === 'Literal' && check(node.source, node.source.value),
    };
  },
};

export default {
  rules: { 'feature-boundaries': featureBoundaries, 'no-hook-deps-disable': noHookDepsDisable },
};
