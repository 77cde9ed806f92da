import { readFileSync } from 'node:fs';
import path from 'node:path';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { SplashScreen } from './splash-screen';

const indexHtml = readFileSync(path.join(import.meta.dirname, '../../index.html'), 'utf8');

/** index.html's #root content, whitespace between tags dropped as React renders none. */
function shellInIndexHtml(): string {
  const match = /<div id="root">([\s\S]*?)<\/div>\s*<script/.exec(indexHtml);
  if (!match?.[1]) throw new Error('index.html has no #root content');
  return match[1].replace(/>\s+</g, '><').trim();
}

describe('the splash screen', () => {
  it('is painted from index.html exactly as React renders it, so opening the app shows no jump', () => {
    // React writes SVG attributes camel-cased; HTML parsing reads them alike (stroke-width, …).
    expect(shellInIndexHtml()).toBe(renderToStaticMarkup(<SplashScreen />));
  });

  it('tells a screen reader what is happening, with the mark and spinner hidden from it', () => {
    const markup = renderToStaticMarkup(<SplashScreen />);
    expect(markup).toContain('role="status"');
    expect(markup).toContain('<span class="sr-only">Opening the Vault</span>');
    expect(markup.match(/aria-hidden="true"/g)).toHaveLength(2);
  });
});
