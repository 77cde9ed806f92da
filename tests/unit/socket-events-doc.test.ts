import { readFileSync } from 'node:fs';
import { socketEvents } from '@vault/contracts';
import { describe, expect, it } from 'vitest';
import { SOCKET_EVENTS_DOC, shape, socketEventsDoc } from '../../scripts/socket-events-doc';

describe('docs/socket-events.md', () => {
  const generated = socketEventsDoc();

  it('is what pnpm docs:socket-events writes from the contracts today', () => {
    const committed = readFileSync(SOCKET_EVENTS_DOC, 'utf8');
    expect(committed, 'docs/socket-events.md is stale: run pnpm docs:socket-events').toBe(generated);
  });

  it('has a row for every Socket.IO event, with its direction', () => {
    for (const name of Object.values(socketEvents)) {
      expect(generated).toMatch(new RegExp(`^\\| \`${name}\` \\| (server → client|client → server) \\|`, 'm'));
    }
  });

  it('abbreviates nested objects and escapes the pipes of unions for the table', () => {
    const schema = {
      type: 'object',
      required: ['a'],
      properties: {
        a: { type: ['string', 'null'] },
        b: { type: 'object', properties: { c: { type: 'integer' } } },
        d: { type: 'array', prefixItems: [{ type: 'string' }, {}] },
      },
    };
    expect(shape(schema)).toBe('{ a: string \\| null, b?: {…}, d?: [string, unknown] }');
  });
});
