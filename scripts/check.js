#!/usr/bin/env node
// `npm run check`: typecheck, lint, format, docs, import cycles and unused code, in two lanes at
// once. ESLint with type information is about three fifths of the work and runs alone in one lane;
// the other runs the rest one after another. Each is one process on one core, so on the 2-core
// machine the two lanes take about as long as ESLint alone instead of the sum of all
// (docs/development.md#the-test-time-budget). A lane's output is printed whole when it ends, so
// the two never interleave; the exit code is non-zero when any command failed.
import { spawn } from 'node:child_process';

const lanes = [
  [['eslint', '.']],
  [
    ['npm', 'run', '-s', 'typecheck', '--workspaces'],
    // Prettier's cache (node_modules/.cache/prettier) is safe: a file's format depends on its text
    // and the options only. CI's fresh install starts without it.
    ['prettier', '--check', '--cache', '--cache-strategy', 'content', '.'],
    ['node', 'scripts/check-docs.js'],
    ['node', 'scripts/check-cycles.js'],
    ['node', 'scripts/check-domain-exports.js'],
    ['knip', '--no-progress'],
  ],
];

/** Runs one command; resolves with whether it passed and all it printed. */
function run([cmd, ...args]) {
  return new Promise((resolve) => {
    const child = spawn(cmd, args, { stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (chunk) => (output += chunk));
    child.stderr.on('data', (chunk) => (output += chunk));
    child.on('error', (error) => resolve({ ok: false, output: `${output}${error.message}\n` }));
    child.on('close', (code) => resolve({ ok: code === 0, output }));
  });
}

/** Runs a lane's commands in order, stopping at the first that fails, as `&&` would. */
async function runLane(commands) {
  for (const command of commands) {
    const started = Date.now();
    const { ok, output } = await run(command);
    const seconds = Math.round((Date.now() - started) / 1000);
    process.stdout.write(
      `\n=== ${command.join(' ')}: ${ok ? 'passed' : 'FAILED'} in ${seconds} s ===\n${output}`,
    );
    if (!ok) return false;
  }
  return true;
}

const results = await Promise.all(lanes.map(runLane));
process.exit(results.every(Boolean) ? 0 : 1);
