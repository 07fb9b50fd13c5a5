// `npm run check` step: every document the repository cites exists, and so does the section cited.
//
// - In Markdown files: every relative link and image (`[t](path#anchor)`, `<img src>`,
//   `<a href>`) must name a file or folder of the repository, and an anchor a heading of the
//   Markdown file it points to (anchors as the code host makes them from headings).
// - In source files: "spec §N" and "ARCHITECTURE" name documents that are not in the repository,
//   so they fail; a `docs/….md` citation must name a page that exists, and its `§N` or `#anchor`
//   a section of it; any other `….md` path named in a comment must exist.
//
// - Everywhere (comments, and Markdown outside fenced code): a repository path cited to a file,
//   `modules/invoicing/chain-check.ts` or `apps/web/src/main.tsx`, must name a file that exists:
//   the path from the repository's root, from the citing file (`./x.ts`), or the end of a path
//   (`occupancy/live-hold.ts` for apps/server/src/modules/occupancy/live-hold.ts). Built,
//   installed and measured files (dist/, .tmp/, node_modules/, bench/results/) are not the
//   repository's, and are left out.
// - Everywhere too: a bare file name, lower-case kebab as every file here is named (`ledger.ts`,
//   `email.json`), must be the name of a repository file, or a name the code writes (quoted in
//   a source file, as the build's 'crew-sw.js'). `Node.js` and other capitalised names are prose.
//
// - In Markdown, symbols cited in backticks must exist in the code (`.ts`, `.tsx`, `.js`, `.mjs`):
//   - `name` in (or of, from) `path/file.ts`, or `path/file.ts name`, for a name with a capital
//     (camelCase, PascalCase, UPPER_CASE): that file names it (declares, calls or keys it);
//   - `camelCase()` (with its parentheses, arguments or not): some file exports it;
//   - a lone `camelCase` in docs/ (not docs/decisions/, which record their time and outside
//     libraries' options): some source file names it. A wire field or a local is a name too, so
//     only a name gone from the code fails. Dotted (`ctx.now()`), snake_case, UPPER_CASE and
//     lower-case words are other things (SQL, environment variables, commands) and left alone,
//     unless cited with their file as above.
//
// Plain Node, no dependencies: `node scripts/check-docs.js` (exit 1 and one line per problem).
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const self = path.relative(root, fileURLToPath(import.meta.url));

const SOURCE = /\.(ts|tsx|js|mjs|cjs|css|sql|yml|yaml|sh)$|^\.ci\/run$/;

/** Tracked and new files, ignored ones (node_modules, builds, data) left out. */
function repositoryFiles() {
  const out = execFileSync('git', ['ls-files', '--cached', '--others', '--exclude-standard', '-z'], {
    cwd: root,
    encoding: 'utf8',
    maxBuffer: 64 * 1024 * 1024,
  });
  return out.split('\0').filter((f) => f && existsSync(path.join(root, f)));
}

/** GitHub's anchor for a heading: lower case, punctuation dropped, spaces to dashes. */
export function slug(heading) {
  return heading
    .trim()
    .toLowerCase()
    .replace(/<[^>]+>/g, '')
    .replace(/\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/[^\p{L}\p{M}\p{N}\p{Pc} -]/gu, '')
    .replace(/ /g, '-');
}

/** Code blocks and inline code hold examples, not links. */
function withoutCode(markdown) {
  return markdown.replace(/^(```|~~~)[^\n]*\n[\s\S]*?^\1[^\n]*$/gm, '').replace(/`[^`\n]*`/g, '');
}

const headingCache = new Map();
/** The headings of a Markdown file: their anchors, and their texts for `§N` and quoted citations. */
function headingsOf(file) {
  if (headingCache.has(file)) return headingCache.get(file);
  const text = readFileSync(path.join(root, file), 'utf8').replace(
    /^(```|~~~)[^\n]*\n[\s\S]*?^\1[^\n]*$/gm,
    '',
  );
  const anchors = new Set();
  const titles = [];
  const seen = new Map();
  for (const [, title] of text.matchAll(/^#{1,6}\s+(.+?)\s*#*\s*$/gm)) {
    const plain = title.replace(/`/g, '');
    titles.push(plain);
    const base = slug(plain);
    const n = seen.get(base) ?? 0;
    seen.set(base, n + 1);
    anchors.add(n === 0 ? base : `${base}-${n}`);
  }
  for (const [, id] of text.matchAll(/<a\s+(?:id|name)="([^"]+)"/g)) anchors.add(id);
  const entry = { anchors, titles };
  headingCache.set(file, entry);
  return entry;
}

const problems = [];
const files = repositoryFiles();
const exists = (rel) => existsSync(path.join(root, rel));

function checkTarget(from, target, line) {
  if (/^[a-z][a-z0-9+.-]*:/i.test(target) || target.startsWith('//')) return; // http:, mailto:, …
  const [rawPath, anchor] = target.split('#', 2);
  const decoded = decodeURIComponent(rawPath ?? '');
  const rel = decoded === '' ? from : path.normalize(path.join(path.dirname(from), decoded));
  if (decoded.startsWith('/')) {
    problems.push(`${from}:${line}: link to an absolute path ${target} (use a relative one)`);
    return;
  }
  if (!exists(rel)) {
    problems.push(`${from}:${line}: dead link ${target} (no ${rel})`);
    return;
  }
  if (anchor && rel.endsWith('.md') && statSync(path.join(root, rel)).isFile()) {
    if (!headingsOf(rel).anchors.has(anchor))
      problems.push(`${from}:${line}: ${target}: no heading #${anchor} in ${rel}`);
  }
}

const CITED_FILE =
  /(?<![\w/.@:$*{-])((?:\.{1,2}\/)?(?:[\w@.-]+\/)+[\w.-]+\.(?:tsx?|jsx?|mjs|cjs|sql|css|json|ya?ml|sh))(?![\w/*{-])/g;
const BUILT =
  /(^|\/)(dist|dist-server|\.tmp|node_modules|coverage|test-results|playwright-report|\.cache|bench\/results)\//;
const pathEnds = new Set(files.flatMap((f) => f.split('/').map((_, i, parts) => parts.slice(i).join('/'))));

/** A cited path names a repository file: from the root, from the citing file, or a path's end. */
function checkCitedFiles(file, line, text) {
  for (const [, cited] of text.matchAll(CITED_FILE)) {
    if (BUILT.test(cited)) continue;
    const fromHere = path.normalize(path.join(path.dirname(file), cited));
    if (cited.startsWith('.') ? exists(fromHere) : pathEnds.has(cited)) continue;
    problems.push(`${file}:${line}: cites ${cited}, which is no file of the repository`);
  }
}

const lineOf = (text, index) => text.slice(0, index).split('\n').length;

const CODE = /\.(ts|tsx|js|mjs|cjs)$/;
const codeText = new Map(
  files.filter((f) => CODE.test(f) && f !== self).map((f) => [f, readFileSync(path.join(root, f), 'utf8')]),
);
const EXPORTED =
  /export\s+(?:default\s+)?(?:declare\s+)?(?:async\s+)?(?:function\*?|const|let|class|interface|type|enum)\s+([\w$]+)|export\s*(?:type\s*)?\{([^}]*)\}/g;
const exported = new Set();
const names = new Set();
const writtenNames = new Set();
for (const text of codeText.values()) {
  for (const [, name, list] of text.matchAll(EXPORTED)) {
    if (name) exported.add(name);
    for (const item of list?.split(',') ?? [])
      exported.add(
        item
          .trim()
          .split(/\s+as\s+/)
          .pop(),
      );
  }
  for (const [name] of text.matchAll(/[A-Za-z_$][\w$]*/g)) names.add(name);
  for (const [, name] of text.matchAll(/['"`]([a-z0-9][a-z0-9.-]*\.[a-z]+)['"`]/g)) writtenNames.add(name);
}
const fileNames = new Set(files.map((f) => path.basename(f)));
const BARE_FILE =
  /(?<![\w/.@:$*{-])([a-z0-9][a-z0-9.-]*\.(?:tsx?|jsx?|mjs|cjs|sql|css|json|ya?ml|sh))(?![\w/*{-])/g;

/** A bare file name names a repository file, or one the code writes. */
function checkBareFiles(file, line, text) {
  for (const [, name] of text.matchAll(BARE_FILE)) {
    if (fileNames.has(name) || writtenNames.has(name)) continue;
    problems.push(`${file}:${line}: names ${name}, which is no file of the repository`);
  }
}

/** Whether a code file names `name` (declares it, or uses it as a key or a call). */
function namesIn(codeFile, name) {
  return new RegExp(`(?<![\\w$])${name.replace(/\$/g, '\\$')}(?![\\w$])`).test(codeText.get(codeFile) ?? '');
}

const CAMEL = /^[a-z][a-z0-9]*(?:[A-Z][a-z0-9]*)+$/;
const CODE_PATH = '((?:[\\w.-]+/)*[\\w.-]+\\.(?:tsx?|jsx?|mjs|cjs))';
const NAME_WITH_PATH = new RegExp(`\`${CODE_PATH}[ ,:]+([A-Za-z_$][\\w$]*)(?:\\([^)\`]*\\))?\``, 'g');
const NAMES_IN_PATH = new RegExp(
  `((?:\`[A-Za-z_$][\\w$]*(?:\\([^)\`]*\\))?\`(?:,\\s*|\\s+(?:and|or)\\s+)?)+)\\s+(?:in|of|from)\\s+\`${CODE_PATH}\``,
  'g',
);

/** The symbols a Markdown file cites in backticks exist (the rules at the top). */
function checkCitedSymbols(file, prose) {
  const flat = prose.replace(/\n/g, ' ');
  const inFile = (name, cited, index) => {
    const codeFiles = [...codeText.keys()].filter((f) => f === cited || f.endsWith(`/${cited}`));
    if (!/[A-Z]/.test(name) || codeFiles.length === 0 || codeFiles.some((f) => namesIn(f, name))) return;
    problems.push(`${file}:${lineOf(prose, index)}: cites ${name} in ${cited}, which does not name it`);
  };
  for (const m of flat.matchAll(NAME_WITH_PATH)) inFile(m[2], m[1], m.index);
  for (const m of flat.matchAll(NAMES_IN_PATH)) {
    for (const [, name] of m[1].matchAll(/`([A-Za-z_$][\w$]*)/g)) inFile(name, m[2], m.index);
  }
  const lone = file.startsWith('docs/') && !file.startsWith('docs/decisions/');
  for (const m of flat.matchAll(/`([A-Za-z_$][\w$]*)(\([^)`]*\))?`/g)) {
    const [, name, call] = m;
    if (!CAMEL.test(name)) continue;
    if (call ? !exported.has(name) : lone && !names.has(name))
      problems.push(
        `${file}:${lineOf(prose, m.index)}: cites ${call ? `${name}()` : name}, which ${call ? 'no file exports' : 'no code names'}`,
      );
  }
}

for (const file of files.filter((f) => f.endsWith('.md'))) {
  const text = withoutCode(readFileSync(path.join(root, file), 'utf8'));
  const links = [
    ...text.matchAll(/!?\[(?:[^\]\n]|\][^(])*?\]\(\s*<?([^)\s>]+)>?(?:\s+"[^"]*")?\s*\)/g),
    ...text.matchAll(/<(?:img|a)\s[^>]*?(?:src|href)="([^"]+)"/g),
    ...text.matchAll(/^\s*\[[^\]]+\]:\s+(\S+)/gm),
  ];
  for (const m of links) checkTarget(file, m[1], lineOf(text, m.index));
  const prose = readFileSync(path.join(root, file), 'utf8').replace(
    /^(```|~~~)[^\n]*\n[\s\S]*?^\1[^\n]*$/gm,
    (block) => block.replace(/[^\n]/g, ''),
  );
  prose.split('\n').forEach((text, i) => {
    checkCitedFiles(file, i + 1, text);
    checkBareFiles(file, i + 1, text);
  });
  checkCitedSymbols(file, prose);
}

/** `docs/x.md §7`, `docs/x.md §2, §5`, `docs/x.md#anchor`, `docs/x.md "Heading"`. */
function checkCitation(file, line, doc, rest) {
  if (!exists(doc)) {
    problems.push(`${file}:${line}: cites ${doc}, which does not exist`);
    return;
  }
  if (!doc.endsWith('.md')) return;
  const { anchors, titles } = headingsOf(doc);
  const anchor = /^#([\w-]+)/.exec(rest);
  if (anchor && !anchors.has(anchor[1]))
    problems.push(`${file}:${line}: cites ${doc}#${anchor[1]}: no such heading`);
  const sections = /^(?:\s*,?\s*(?:and\s+)?§\d+(?:\.\d+)*)+/.exec(rest);
  for (const [, n] of sections ? sections[0].matchAll(/§(\d+(?:\.\d+)*)/g) : []) {
    if (!titles.some((t) => t.startsWith(`§${n} `)))
      problems.push(`${file}:${line}: cites ${doc} §${n}: no such section`);
  }
  const quoted = /^\s*"([^"]+)"/.exec(rest);
  if (quoted && !titles.some((t) => t.toLowerCase().includes(quoted[1].toLowerCase()))) {
    problems.push(`${file}:${line}: cites ${doc} "${quoted[1]}": no such heading`);
  }
}

for (const file of files.filter((f) => SOURCE.test(f) && f !== self)) {
  const lines = readFileSync(path.join(root, file), 'utf8').split('\n');
  lines.forEach((text, i) => {
    const line = i + 1;
    if (/\bspec §/.test(text))
      problems.push(
        `${file}:${line}: cites the product spec, which is not in the repository (cite docs/product.md §N)`,
      );
    if (/\bARCHITECTURE\b/.test(text))
      problems.push(
        `${file}:${line}: cites ARCHITECTURE, which is not in the repository (cite docs/architecture.md#…)`,
      );
    // Only in comments: `BREAKPOINTS.md` in code is a property, not a document.
    const comment = /(?:^\s*\*|\/\/|\/\*|^\s*#|--)(.*)$/.exec(text)?.[1] ?? '';
    for (const m of comment.matchAll(/(?<![\w/.-])((?:[\w.-]+\/)*[\w.-]+\.md)\b(?=(.*)$)/g)) {
      const cited = m[1] === 'README.md' || m[1].includes('/') ? m[1] : path.join(path.dirname(file), m[1]);
      checkCitation(file, line, exists(cited) ? cited : m[1], m[2]);
    }
    checkCitedFiles(file, line, comment);
    checkBareFiles(file, line, comment);
    for (const m of text.matchAll(/\b(?:the )?README(?:'s)? "([^"]+)"/g))
      checkCitation(file, line, 'README.md', `"${m[1]}"`);
  });
}

if (problems.length > 0) {
  console.error(problems.join('\n'));
  console.error(
    `\ncheck-docs: ${problems.length} problem(s) — see docs/README.md for how to cite a document`,
  );
  process.exit(1);
}
console.log(
  `check-docs: ${files.filter((f) => f.endsWith('.md')).length} Markdown files, every link and citation resolves`,
);
