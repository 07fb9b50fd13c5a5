// Fails when source modules lean on each other both ways at run time:
// a cycle between two server modules (`modules/<name>`) or two web areas (`features/<name>`,
// `app/`, `shared/`), or between two files anywhere. Tests are left out: a test may import
// whatever it checks. Reads each file's import strings; no TypeScript needed, so it runs in
// about a second.
//
// It also holds docs/architecture.md's diagram of the server's modules to the code: every module
// is drawn, every arrow drawn is an import, and every import between modules is drawn, except
// imports of the modules the diagram's `foundation` subgraph lists (which every module may use).
import { readdirSync, readFileSync, existsSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';

const root = resolve(import.meta.dirname, '..');
// The tables are one layer of their own, whatever module folder holds each (`modules/<m>/schema.ts`,
// gathered by `db/schema.ts`, sharing `db/columns.ts`): any module may read any table, so reading
// one is no edge between modules; the layer imports no module's code, or a cycle through it fails.
const TABLES = 'tables (db/schema.ts and modules/*/schema.ts)';
function serverUnitOf(parts) {
  const path = parts.join('/');
  if (path === 'db/schema.ts' || path === 'db/columns.ts') return TABLES;
  if (parts[0] === 'modules')
    return parts.length === 3 && parts[2] === 'schema.ts' ? TABLES : `modules/${parts[1]}`;
  return parts[0];
}
const SOURCES = [
  { dir: 'apps/server/src', unitOf: serverUnitOf },
  {
    dir: 'apps/web/src',
    unitOf: (parts) => (parts[0] === 'features' ? `features/${parts[1]}` : parts.length > 1 ? parts[0] : '.'),
  },
  { dir: 'packages/domain/src', unitOf: () => 'domain' },
];
// `import type` is left out: it is gone at run time, so it orders no module's loading.
const IMPORT =
  /(?:^|[\s;])(?:import|export)\s+(type\s+)?(?:[\w*{}\s,$]+?\s+from\s+)?['"]([^'"]+)['"]|import\(\s*['"]([^'"]+)['"]\s*\)/g;

function sourceFiles(dir) {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$|\.d\.ts$/.test(entry.name) ? [path] : [];
  });
}

function resolveImport(from, spec) {
  if (!spec.startsWith('.')) return null;
  const base = resolve(dirname(from), spec);
  for (const candidate of [
    base,
    `${base}.ts`,
    `${base}.tsx`,
    join(base, 'index.ts'),
    join(base, 'index.tsx'),
  ]) {
    if (existsSync(candidate) && statSync(candidate).isFile()) return candidate;
  }
  return null;
}

/** Strongly connected components of more than one node (Tarjan), each as a list of nodes. */
function cycles(graph) {
  let index = 0;
  const indexOf = new Map();
  const low = new Map();
  const stack = [];
  const onStack = new Set();
  const found = [];
  function visit(node) {
    indexOf.set(node, index);
    low.set(node, index++);
    stack.push(node);
    onStack.add(node);
    for (const next of graph.get(node) ?? []) {
      if (!indexOf.has(next)) {
        visit(next);
        low.set(node, Math.min(low.get(node), low.get(next)));
      } else if (onStack.has(next)) low.set(node, Math.min(low.get(node), indexOf.get(next)));
    }
    if (low.get(node) === indexOf.get(node)) {
      const component = [];
      let member;
      do {
        member = stack.pop();
        onStack.delete(member);
        component.push(member);
      } while (member !== node);
      if (component.length > 1) found.push(component.sort());
    }
  }
  for (const node of graph.keys()) if (!indexOf.has(node)) visit(node);
  return found;
}

const problems = [];
const unitGraphs = new Map();
for (const { dir, unitOf } of SOURCES) {
  const srcDir = join(root, dir);
  const files = new Map();
  const units = new Map();
  const why = new Map();
  for (const file of sourceFiles(srcDir)) {
    const text = readFileSync(file, 'utf8');
    const targets = new Set();
    for (const match of text.matchAll(IMPORT)) {
      if (match[1]) continue;
      const target = resolveImport(file, match[2] ?? match[3]);
      if (target && target.startsWith(srcDir + sep)) targets.add(target);
    }
    files.set(file, targets);
    const fromUnit = unitOf(relative(srcDir, file).split(sep));
    for (const target of targets) {
      const toUnit = unitOf(relative(srcDir, target).split(sep));
      if (toUnit === fromUnit) continue;
      if (!units.has(fromUnit)) units.set(fromUnit, new Set());
      units.get(fromUnit).add(toUnit);
      const key = `${fromUnit} → ${toUnit}`;
      if (!why.has(key)) why.set(key, `${relative(root, file)} imports ${relative(root, target)}`);
    }
  }
  unitGraphs.set(dir, units);
  for (const component of cycles(units)) {
    const edges = [...why.entries()].filter(([key]) => {
      const [a, b] = key.split(' → ');
      return component.includes(a) && component.includes(b);
    });
    problems.push(`${dir}: ${component.join(' ↔ ')}\n${edges.map(([k, v]) => `    ${k}: ${v}`).join('\n')}`);
  }
  for (const component of cycles(files)) {
    problems.push(`${dir}: files import each other: ${component.map((f) => relative(root, f)).join(', ')}`);
  }
}

const DIAGRAM_DOC = 'docs/architecture.md';
const DIAGRAM_HEADING = "### The server's modules and which way they depend";

/** The diagram's modules, its arrows between modules and its foundation, read from its Mermaid. */
function readDiagram(moduleNames) {
  const doc = readFileSync(join(root, DIAGRAM_DOC), 'utf8');
  const after = doc.slice(doc.indexOf(DIAGRAM_HEADING));
  const block = /```mermaid\n([\s\S]*?)```/.exec(after)?.[1];
  if (!doc.includes(DIAGRAM_HEADING) || !block) return null;
  const moduleOfId = new Map();
  const drawn = new Set();
  const foundation = new Set();
  const seen = new Set();
  let inFoundation = false;
  const moduleOf = (token) => {
    const node = /^(\w+)(?:\["?([^"\]]*)"?\])?$/.exec(token.trim());
    if (!node) return null;
    const [, id, label] = node;
    if (label !== undefined && moduleNames.has(label)) moduleOfId.set(id, label);
    const name = moduleOfId.get(id) ?? (moduleNames.has(id) ? id : null);
    if (name) seen.add(name);
    return name;
  };
  for (const raw of block.split('\n')) {
    const line = raw.trim();
    if (/^subgraph\s+foundation\b/.test(line)) inFoundation = true;
    if (/^(flowchart|subgraph|end$|$)/.test(line)) {
      if (line === 'end') inFoundation = false;
      continue;
    }
    const sides = line.split('-->').map((side) => side.split('&').map(moduleOf));
    for (const side of sides) for (const name of side) if (name && inFoundation) foundation.add(name);
    for (let i = 0; i + 1 < sides.length; i++)
      for (const from of sides[i])
        for (const to of sides[i + 1]) if (from && to) drawn.add(`${from} → ${to}`);
  }
  return { drawnModules: seen, drawn, foundation };
}

{
  const modulesDir = join(root, 'apps/server/src/modules');
  const moduleNames = new Set(
    readdirSync(modulesDir, { withFileTypes: true })
      .filter((entry) => entry.isDirectory())
      .map((entry) => entry.name),
  );
  const diagram = readDiagram(moduleNames);
  if (!diagram) problems.push(`${DIAGRAM_DOC}: no Mermaid diagram under "${DIAGRAM_HEADING}"`);
  else {
    const imports = new Set();
    for (const [from, targets] of unitGraphs.get('apps/server/src')) {
      for (const to of targets) {
        if (from.startsWith('modules/') && to.startsWith('modules/'))
          imports.add(`${from.slice('modules/'.length)} → ${to.slice('modules/'.length)}`);
      }
    }
    for (const name of moduleNames)
      if (!diagram.drawnModules.has(name))
        problems.push(`${DIAGRAM_DOC}: the modules diagram does not show modules/${name}`);
    for (const edge of diagram.drawn)
      if (!imports.has(edge))
        problems.push(`${DIAGRAM_DOC}: the modules diagram draws ${edge}, which no import makes`);
    for (const edge of imports)
      if (!diagram.drawn.has(edge) && !diagram.foundation.has(edge.split(' → ')[1]))
        problems.push(`${DIAGRAM_DOC}: the modules diagram misses ${edge} (an import in the code)`);
  }
}

if (problems.length > 0) {
  console.error(`check-cycles: ${problems.length} problem(s)\n${problems.join('\n')}`);
  process.exit(1);
}
console.log('check-cycles: no module leans on another both ways');
