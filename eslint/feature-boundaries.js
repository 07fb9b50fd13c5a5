// The web app's import rule (docs/development.md "Project layout"): a feature imports only its own
// files and `shared/`, never another feature (what two features both need lives in `shared/`, and
// a page made of several features is composed in `app/`); the app shell imports a feature only
// through its public entry (`features/<name>/index.ts`); `shared/` never imports a feature; only
// the app shell (`app/`) imports `app/`. Every form a path can take is checked: static and lazy
// imports (a template literal by its fixed part), re-exports, `import.meta.glob` patterns, and the
// paths test doubles name (`vi.mock`, `vi.doMock`, `vi.importActual`, `vi.importMock`), each
// relative (`../booking`) or through a path alias the web app's tsconfig declares (`@/features/…`
// for `"paths": { "@/*": ["./src/*"] }`): an alias works only once tsconfig has it, so the rule
// reads the aliases there and no new one can go round it.
// A local rule instead of a plugin: it needs only the file's path and the import's string.
import { dirname, relative, resolve, sep } from 'node:path';
import ts from 'typescript';
import { noHookDepsDisable } from './no-hook-deps-disable.js';

/** `features/<name>/…` → `<name>`, `shared/…` → 'shared', anything else → null. */
function areaOf(srcDir, file) {
  const parts = relative(srcDir, file).split(sep);
  if (parts[0] === 'features' && parts.length > 2)
    return { kind: 'feature', name: parts[1], rest: parts.slice(2) };
  if (parts[0] === 'features' && parts.length === 2) return { kind: 'feature', name: parts[1], rest: [] };
  if (parts[0] === 'shared') return { kind: 'shared' };
  if (parts[0] === 'app') return { kind: 'app' };
  return { kind: 'other' };
}

const aliasesByConfig = new Map();

/** The path aliases (`compilerOptions.paths`, extends followed) of a tsconfig, as absolute targets. */
function aliasesOf(tsconfig) {
  if (!aliasesByConfig.has(tsconfig)) {
    const { config } = ts.readConfigFile(tsconfig, ts.sys.readFile);
    const { options } = ts.parseJsonConfigFileContent(config ?? {}, ts.sys, dirname(tsconfig));
    const base = options.pathsBasePath ?? options.baseUrl ?? dirname(tsconfig);
    const aliases = Object.entries(options.paths ?? {}).map(([pattern, [target]]) => {
      const star = pattern.indexOf('*');
      return star === -1
        ? { prefix: pattern, suffix: null, target: resolve(base, target) }
        : { prefix: pattern.slice(0, star), suffix: pattern.slice(star + 1), target: resolve(base, target) };
    });
    aliasesByConfig.set(tsconfig, aliases);
  }
  return aliasesByConfig.get(tsconfig);
}

/** The file an aliased path names (`@/features/booking` → …/src/features/booking), or null. */
function unalias(aliases, path) {
  for (const { prefix, suffix, target } of aliases) {
    if (suffix === null) {
      if (path === prefix) return target;
    } else if (
      path.startsWith(prefix) &&
      path.endsWith(suffix) &&
      path.length >= prefix.length + suffix.length
    ) {
      return target.replace('*', path.slice(prefix.length, path.length - suffix.length));
    }
  }
  return null;
}

const isEntry = (rest) => rest.length === 0 || (rest.length === 1 && /^index(\.tsx?)?$/.test(rest[0]));

/**
 * The path a node names, as far as it is fixed: a string; a template literal up to its first
 * expression; a glob pattern up to its first wildcard. `partial` says the rest is not known, so
 * only a whole path can be a feature's entry.
 */
function pathOf(node) {
  if (!node) return null;
  if (node.type === 'Literal' && typeof node.value === 'string') return { path: node.value, partial: false };
  if (node.type === 'TemplateLiteral') {
    const fixed = node.quasis[0].value.cooked ?? '';
    return { path: fixed, partial: node.expressions.length > 0 };
  }
  return null;
}

const globPrefix = (pattern) => {
  const wild = pattern.search(/[*?{[!]/);
  return wild === -1 ? { path: pattern, partial: false } : { path: pattern.slice(0, wild), partial: true };
};

const isImportMetaGlob = (callee) =>
  callee.type === 'MemberExpression' &&
  callee.object.type === 'MetaProperty' &&
  callee.object.meta.name === 'import' &&
  callee.property.type === 'Identifier' &&
  (callee.property.name === 'glob' || callee.property.name === 'globEager');

const MOCK_CALLS = new Set(['mock', 'doMock', 'unmock', 'doUnmock', 'importActual', 'importMock']);
const isTestDoubleCall = (callee) =>
  callee.type === 'MemberExpression' &&
  callee.object.type === 'Identifier' &&
  callee.object.name === 'vi' &&
  callee.property.type === 'Identifier' &&
  MOCK_CALLS.has(callee.property.name);

const featureBoundaries = {
  meta: {
    type: 'problem',
    docs: {
      description:
        "A feature imports only shared/, never another feature; app/ imports a feature's index.ts only; shared/ imports no feature.",
    },
    messages: {
      featureImportsFeature:
        "A feature does not import another feature ('features/{{name}}'): move what both need into shared/, or compose the two in app/.",
      deepImport:
        "Import '{{name}}' through its public entry ('features/{{name}}'), not its internals: export what the app shell needs from features/{{name}}/index.ts.",
      sharedImportsFeature:
        "shared/ must not import a feature ('features/{{name}}'): move what both need into shared/.",
      importsApp: 'Only the app shell imports app/: move what you need from it into shared/.',
    },
    schema: [
      {
        type: 'object',
        properties: { srcDir: { type: 'string' }, tsconfig: { type: 'string' } },
        required: ['srcDir', 'tsconfig'],
      },
    ],
  },
  create(context) {
    // Relative to the directory ESLint runs in (the repository root for `npm run check`).
    const srcDir = resolve(context.cwd, context.options[0].srcDir);
    const aliases = aliasesOf(resolve(context.cwd, context.options[0].tsconfig));
    const from = areaOf(srcDir, context.filename);
    function check(node, named) {
      if (!named) return;
      const target = named.path.startsWith('.')
        ? resolve(dirname(context.filename), named.path)
        : unalias(aliases, named.path);
      if (target === null) return;
      const to = areaOf(srcDir, target);
      if (to.kind === 'app' && from.kind !== 'app' && from.kind !== 'other') {
        context.report({ node, messageId: 'importsApp' });
        return;
      }
      if (to.kind !== 'feature') return;
      if (from.kind === 'shared') {
        context.report({ node, messageId: 'sharedImportsFeature', data: { name: to.name } });
      } else if (from.kind === 'feature' && from.name === to.name) {
        return;
      } else if (from.kind === 'feature') {
        context.report({ node, messageId: 'featureImportsFeature', data: { name: to.name } });
      } else if (named.partial || !isEntry(to.rest)) {
        context.report({ node, messageId: 'deepImport', data: { name: to.name } });
      }
    }
    const fromSource = (node) => node.source && check(node.source, pathOf(node.source));
    return {
      ImportDeclaration: fromSource,
      ExportNamedDeclaration: fromSource,
      ExportAllDeclaration: fromSource,
      ImportExpression: (node) => check(node.source, pathOf(node.source)),
      CallExpression(node) {
        const [first] = node.arguments;
        if (isImportMetaGlob(node.callee)) {
          const patterns = first?.type === 'ArrayExpression' ? first.elements : [first];
          for (const pattern of patterns) {
            const named = pathOf(pattern);
            if (named) check(pattern, globPrefix(named.path.replace(/^!/, '')));
          }
        } else if (isTestDoubleCall(node.callee)) {
          check(first, pathOf(first));
        }
      },
    };
  },
};

export default {
  rules: { 'feature-boundaries': featureBoundaries, 'no-hook-deps-disable': noHookDepsDisable },
};
