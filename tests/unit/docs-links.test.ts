import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

// The README is one page that sends each reader into docs/; a moved or renamed page, or a renamed
// heading, would leave a newcomer at a dead link. This walks every relative link and anchor.
const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const PAGES = [
  'README.md',
  ...readdirSync(path.join(ROOT, 'docs'))
    .filter((f) => f.endsWith('.md'))
    .map((f) => `docs/${f}`),
];

/** A heading's anchor as GitHub makes it: lower case, punctuation dropped, spaces to hyphens. */
function anchorOf(heading: string): string {
  return heading
    .trim()
    .toLowerCase()
    .replace(/[^\p{L}\p{N}\s_-]/gu, '')
    .replace(/\s/g, '-');
}

function anchors(file: string): Set<string> {
  const text = readFileSync(path.join(ROOT, file), 'utf8');
  return new Set([...text.matchAll(/^#{1,6} (.+)$/gm)].map((m) => anchorOf(m[1] ?? '')));
}

/** Every relative link of a page that leads nowhere: a missing file, or a heading its target lacks. */
function deadLinks(page: string, markdown = readFileSync(path.join(ROOT, page), 'utf8')): string[] {
  const text = markdown.replace(/```[\s\S]*?```/g, '');
  const dead: string[] = [];
  for (const [, target = ''] of text.matchAll(/\]\(([^)\s]+)\)/g)) {
    if (/^[a-z]+:/.test(target)) continue;
    const [file = '', anchor] = target.split('#');
    const resolved = file ? path.relative(ROOT, path.resolve(path.dirname(path.join(ROOT, page)), file)) : page;
    if (!existsSync(path.join(ROOT, resolved))) dead.push(`${page}: ${target} (no such file)`);
    else if (anchor && resolved.endsWith('.md') && !anchors(resolved).has(anchor))
      dead.push(`${page}: ${target} (no such heading)`);
  }
  return dead;
}

describe('links in the README and docs/', () => {
  it('lead to files and headings that exist', () => {
    expect(PAGES).toContain('docs/architecture.md');
    expect(PAGES.flatMap((page) => deadLinks(page))).toEqual([]);
  });

  it('notices a missing page and a missing heading', () => {
    const page =
      '[a](docs/nowhere.md) [b](docs/buying.md#no-such-part) [c](docs/buying.md#on-the-page) [d](https://x.y)';
    expect(deadLinks('README.md', page)).toEqual([
      'README.md: docs/nowhere.md (no such file)',
      'README.md: docs/buying.md#no-such-part (no such heading)',
    ]);
  });

  it('makes anchors the way GitHub does', () => {
    expect(anchorOf('Tests and `pnpm dev`')).toBe('tests-and-pnpm-dev');
    expect(anchorOf('Buying exactly once')).toBe('buying-exactly-once');
    expect(anchorOf('Show report and timeline')).toBe('show-report-and-timeline');
  });
});
