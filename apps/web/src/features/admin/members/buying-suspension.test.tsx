import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { AdminMemberView } from '@vault/contracts';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { BuyingSuspension, suspensionText } from './buying-suspension';

const member: AdminMemberView = {
  id: '5f0c6f1e-2b8e-4f59-9a43-3f4b0d8c1a11',
  email: 'fast@bots.example',
  fullName: null,
  dateOfBirth: null,
  state: 'TX',
  city: 'Austin',
  zip: '78701',
  hasPurchased: false,
  attestations: [],
  buyingSuspended: null,
};
// Noon UTC: the same calendar day in every time zone the test may run in.
const suspended = { at: '2026-03-04T12:00:00.000Z', reason: 'Presses 12 ms after the reveal' };

const text = (view: AdminMemberView) =>
  renderToStaticMarkup(
    <QueryClientProvider client={new QueryClient()}>
      <BuyingSuspension member={view} />
    </QueryClientProvider>,
  )
    .replace(/<[^>]+>/g, ' ')
    .replace(/\s+/g, ' ');

describe("a member's buying, as the admin sees it", () => {
  it('says when and why it was suspended', () => {
    expect(suspensionText(suspended)).toBe('Suspended Mar 4, 2026: Presses 12 ms after the reveal');
    expect(suspensionText(null)).toBeNull();
  });

  it('offers Suspend buying while the member may buy, and Lift suspension once suspended', () => {
    const allowed = text(member);
    expect(allowed).toContain('Allowed');
    expect(allowed).toContain('This member may buy and enter draws.');
    expect(allowed).toContain('Suspend buying');
    expect(allowed).not.toContain('Lift suspension');

    const held = text({ ...member, buyingSuspended: suspended });
    expect(held).toContain('Buying suspended');
    expect(held).toContain('Suspended Mar 4, 2026: Presses 12 ms after the reveal');
    expect(held).toContain('Lift suspension');
    expect(held).not.toContain('Suspend buying');
  });
});
