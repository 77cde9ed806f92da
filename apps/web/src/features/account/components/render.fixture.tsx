import { QueryClientProvider } from '@tanstack/react-query';
import type { ReactElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { createQueryClient } from '../../../lib/query-client';

// For tests: a component rendered by React itself to HTML, its server data already in the app's own
// query cache (so nothing is fetched), and the words a reader meets in it.

export function renderWithData(ui: ReactElement, data: ReadonlyArray<readonly [readonly unknown[], unknown]>): string {
  const queryClient = createQueryClient();
  for (const [key, value] of data) queryClient.setQueryData(key, value);
  return renderToStaticMarkup(<QueryClientProvider client={queryClient}>{ui}</QueryClientProvider>);
}

const entities: Record<string, string> = { '&amp;': '&', '&lt;': '<', '&gt;': '>', '&quot;': '"', '&#x27;': "'" };

/** The text of some HTML, tags taken out and spaces collapsed, as a reader meets it. */
export const textOf = (html: string): string =>
  html
    .replace(/<[^>]+>/g, ' ')
    .replace(/&(amp|lt|gt|quot|#x27);/g, (entity) => entities[entity] ?? entity)
    .replace(/\s+/g, ' ')
    .trim();

/** The opening tag of the element holding this text, e.g. a link's href, target and rel. */
export function tagAround(html: string, text: string, tag: string): string {
  const at = html.indexOf(text);
  const start = html.lastIndexOf(`<${tag}`, at);
  return at < 0 || start < 0 ? '' : html.slice(start, html.indexOf('>', start) + 1);
}
