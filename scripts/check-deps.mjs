#!/usr/bin/env node
// Dependency hygiene, checked on every `pnpm lint` (and so in CI):
//   1. one version range per dependency across the workspace's package.json files: two ranges
//      drift apart into two installed copies (two zods don't share schemas, two pinos two loggers);
//   2. one major of each SINGLE_MAJOR package in pnpm-lock.yaml, transitive copies included:
//      Fastify's logger and ours must be the same pino, or serializers and levels diverge.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const SINGLE_MAJOR = ['pino'];
const SECTIONS = ['dependencies', 'devDependencies', 'optionalDependencies'];
const WORKSPACE_DIRS = ['apps', 'packages'];

/** The root manifest and every apps/* and packages/* manifest, as [relative path, parsed JSON]. */
function manifests(root) {
  const found = [['package.json', JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8'))]];
  for (const dir of WORKSPACE_DIRS) {
    let entries = [];
    try {
      entries = readdirSync(path.join(root, dir), { withFileTypes: true });
    } catch {
      continue;
    }
    for (const entry of entries.filter((e) => e.isDirectory()).sort((a, b) => a.name.localeCompare(b.name))) {
      const file = path.join(dir, entry.name, 'package.json');
      try {
        found.push([file, JSON.parse(readFileSync(path.join(root, file), 'utf8'))]);
      } catch (error) {
        if (error.code !== 'ENOENT') throw error;
      }
    }
  }
  return found;
}

/** Majors of `name` in the lockfile's packages/snapshots keys ("  pino@9.14.0:", "  '@x/y@1.2.3(peer)':"). */
function lockfileMajors(lockfile, name) {
  const escaped = name.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');
  const key = new RegExp(`^ {2}'?${escaped}@(\\d+)\\.`, 'gm');
  return [...new Set([...lockfile.matchAll(key)].map((match) => match[1]))].sort((a, b) => Number(a) - Number(b));
}

/** Every hygiene problem under root, one line each (see the rules above). */
export function findDependencyProblems(root) {
  const problems = [];
  const ranges = new Map();
  for (const [file, manifest] of manifests(root)) {
    for (const section of SECTIONS) {
      for (const [name, range] of Object.entries(manifest[section] ?? {})) {
        if (range.startsWith('workspace:')) continue;
        const users = ranges.get(name) ?? new Map();
        users.set(range, [...(users.get(range) ?? []), file]);
        ranges.set(name, users);
      }
    }
  }
  for (const [name, users] of [...ranges].sort(([a], [b]) => a.localeCompare(b))) {
    if (users.size < 2) continue;
    const list = [...users].map(([range, files]) => `${range} (${files.join(', ')})`).join(' vs ');
    problems.push(`${name}: ${users.size} version ranges: ${list}`);
  }
  let lockfile = '';
  try {
    lockfile = readFileSync(path.join(root, 'pnpm-lock.yaml'), 'utf8');
  } catch (error) {
    if (error.code !== 'ENOENT') throw error;
  }
  for (const name of SINGLE_MAJOR) {
    const majors = lockfileMajors(lockfile, name);
    if (majors.length > 1)
      problems.push(
        `${name}: ${majors.length} majors in pnpm-lock.yaml (${majors.join(', ')}): see \`pnpm why ${name}\``,
      );
  }
  return problems;
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
  const problems = findDependencyProblems(root);
  for (const line of problems) console.error(line);
  if (problems.length > 0) {
    console.error(`deps: ${problems.length} problem(s)`);
    process.exit(1);
  }
  console.log('deps: ok');
}
