#!/usr/bin/env node
// The architecture's import rules, checked on every `pnpm lint` (and so in CI):
//   1. a web feature never imports another feature (shared code lives in src/lib, src/hooks, src/components);
//   2. apps never import each other;
//   3. packages never import apps;
//   4. the show package imports neither Fastify nor React (it is pure and runs in the API and the worker);
//   5. the API's layers and domains, and where its queries live (scripts/boundaries/api-rules.mjs).
// Biome's noRestrictedImports matches import strings, not the files they resolve to, so a relative
// `../../auth/api` can't be told apart from a feature's own `../api`; this resolves every import.
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { apiSourcePath, importProblem, queryProblems } from './boundaries/api-rules.mjs';

const SOURCE = /\.(ts|tsx|mts|js|mjs)$/;
const SKIP = new Set(['node_modules', 'dist', '.turbo', 'coverage']);
const IMPORT =
  /(?:^|[\s;])(?:import|export)\s[^'"`]*?from\s*['"]([^'"]+)['"]|(?:^|[\s;(])import\s*\(\s*['"]([^'"]+)['"]\s*\)|(?:^|[\s;])import\s*['"]([^'"]+)['"]/g;
const ENGINE_FORBIDDEN = /^(fastify|@fastify\/|fastify-plugin|react|react-dom|socket\.io)/;

function walk(dir, out = []) {
  let entries;
  try {
    entries = readdirSync(dir, { withFileTypes: true });
  } catch {
    return out;
  }
  for (const entry of entries) {
    if (SKIP.has(entry.name)) continue;
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) walk(full, out);
    else if (SOURCE.test(entry.name)) out.push(full);
  }
  return out;
}

/** Where a file sits: { kind: 'app' | 'package', name, feature? } or null outside apps/ and packages/. */
function areaOf(root, file) {
  const [top, name, ...rest] = path.relative(root, file).split(path.sep);
  if ((top !== 'apps' && top !== 'packages') || !name) return null;
  const feature = top === 'apps' && name === 'web' && rest[0] === 'src' && rest[1] === 'features' ? rest[2] : undefined;
  return { kind: top === 'apps' ? 'app' : 'package', name, feature };
}

/** Workspace package names of the apps (e.g. @vault/api → api). */
function appPackages(root) {
  const names = new Map();
  for (const app of readdirSync(path.join(root, 'apps'))) {
    try {
      const manifest = JSON.parse(readFileSync(path.join(root, 'apps', app, 'package.json'), 'utf8'));
      names.set(manifest.name, app);
    } catch {
      // Not a workspace app folder.
    }
  }
  return names;
}

/** The file an import names, with the extensions and index files TypeScript would try. */
function resolveSource(fromFile, specifier) {
  const base = path.resolve(path.dirname(fromFile), specifier);
  for (const candidate of [base, `${base}.ts`, `${base}.tsx`, path.join(base, 'index.ts')]) {
    if (existsSync(candidate) && statSync(candidate).isFile()) return candidate;
  }
  return base;
}

/** Every broken rule under root, as "file: message" lines. */
export function findViolations(root) {
  const apps = appPackages(root);
  const violations = [];
  const files = [...walk(path.join(root, 'apps')), ...walk(path.join(root, 'packages'))];
  for (const file of files) {
    const from = areaOf(root, file);
    if (!from) continue;
    const text = readFileSync(file, 'utf8');
    const apiFile = apiSourcePath(root, file);
    if (apiFile) {
      for (const problem of queryProblems(apiFile, text)) violations.push(`${path.relative(root, file)}: ${problem}`);
    }
    for (const match of text.matchAll(IMPORT)) {
      const specifier = match[1] ?? match[2] ?? match[3];
      if (!specifier) continue;
      const where = path.relative(root, file);
      const report = (message) => violations.push(`${where}: imports '${specifier}': ${message}`);
      let to = null;
      if (specifier.startsWith('.')) {
        const target = resolveSource(file, specifier);
        to = areaOf(root, target);
        const apiTarget = apiFile ? apiSourcePath(root, target) : null;
        const problem = apiTarget ? importProblem(apiFile, apiTarget) : null;
        if (problem) report(problem);
      } else {
        const packageName = specifier.startsWith('@') ? specifier.split('/').slice(0, 2).join('/') : specifier;
        if (apps.has(packageName)) to = { kind: 'app', name: apps.get(packageName) };
        if (from.kind === 'package' && from.name === 'show' && ENGINE_FORBIDDEN.test(specifier)) {
          report('the show package imports neither Fastify nor React');
        }
      }
      if (!to) continue;
      if (from.kind === 'package' && to.kind === 'app') report('packages never import apps');
      if (from.kind === 'app' && to.kind === 'app' && to.name !== from.name) report('apps never import each other');
      if (from.feature && to.feature && to.feature !== from.feature) {
        report(
          'a web feature never imports another feature: move what they share to src/lib, src/hooks or src/components',
        );
      }
    }
  }
  return violations;
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
  const violations = findViolations(root);
  for (const line of violations) console.error(line);
  if (violations.length > 0) {
    console.error(`boundaries: ${violations.length} import(s) cross a boundary`);
    process.exit(1);
  }
  console.log('boundaries: ok');
}
