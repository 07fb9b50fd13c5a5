// `npm run check` step: every value packages/domain exports is used by code that is not a test.
// knip counts test files as entry points, so a domain function only its own test calls looks used
// to it; this finds those (docs/development.md, "Dependencies one way, nothing unused").
//
// The rule: for each `export function|const|let|class NAME` in packages/domain/src (test files
// left out), NAME must appear, as a whole word outside comments, in some file that is no test:
// another file of any workspace, or its own file beyond the declaration (a helper the module
// itself calls may stay exported for its tests). Types are left out: they cost nothing at run
// time. A test is a `*.test.ts(x)` or `*.spec.ts` file, or a file under a `test/` folder or e2e/.
// Such an export is deleted with its tests when nothing needs it, or un-exported when its own
// module does.
//
// Plain Node, no dependencies: `node scripts/check-domain-exports.js` (exit 1, one line each).
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const files = execFileSync('git', ['ls-files', '--cached', '--others', '--exclude-standard', '-z'], {
  cwd: root,
  encoding: 'utf8',
  maxBuffer: 64 * 1024 * 1024,
})
  .split('\0')
  .filter((f) => /\.(ts|tsx|js|mjs|cjs)$/.test(f) && existsSync(path.join(root, f)));

const isTest = (f) =>
  /\.(test|spec)\.[cm]?[jt]sx?$/.test(f) || /(^|\/)test\//.test(f) || f.startsWith('e2e/');

/** The code without its comments (a comment naming a function is not a use of it). */
const withoutComments = (text) => text.replace(/\/\*[\s\S]*?\*\//g, '').replace(/(^|[^:'"`])\/\/.*$/gm, '$1');

const code = new Map(
  files.filter((f) => !isTest(f)).map((f) => [f, withoutComments(readFileSync(path.join(root, f), 'utf8'))]),
);

const problems = [];
for (const [file, text] of code) {
  if (!file.startsWith('packages/domain/src/')) continue;
  for (const [, name] of text.matchAll(
    /^export\s+(?:async\s+)?(?:function\*?|const|let|class)\s+([\w$]+)/gm,
  )) {
    const word = new RegExp(`(?<![\\w$])${name.replace(/\$/g, '\\$')}(?![\\w$])`, 'g');
    const used = [...code].some(([other, otherText]) => {
      const uses = otherText.match(word)?.length ?? 0;
      return other === file ? uses > 1 : uses > 0;
    });
    if (!used) problems.push(`${file}: ${name} is exported, but nothing other than tests uses it`);
  }
}

if (problems.length > 0) {
  console.error(problems.join('\n'));
  console.error(
    `\ncheck-domain-exports: ${problems.length} problem(s): delete them (with their tests) or un-export them`,
  );
  process.exit(1);
}
console.log('check-domain-exports: every domain export is used by code that is not a test');
