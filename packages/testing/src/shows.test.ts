import { describe, expect, it } from 'vitest';
import { apiWriter, buildShow, DEFAULT_KNIFE_FACTS, knives } from './shows';

/** The admin API as a recording: every POST with its body, ids handed out in order. */
function recordingApi() {
  const posts: Array<{ path: string; body: object }> = [];
  const post = async (path: string, body: object) => {
    posts.push({ path, body });
    return { id: `id-${posts.length}` };
  };
  return { posts, writer: apiWriter(post) };
}

const timings = { perKnifeSeconds: 5, intermissionSeconds: 2, prerollSeconds: 1 };

describe('buildShow', () => {
  it('creates the show, then its knives in lineup order, and returns their ids in that order', async () => {
    const { posts, writer } = recordingApi();
    const built = await buildShow(writer, { title: 'Lineup', ...timings, items: 2 });
    expect(built).toEqual({ showId: 'id-1', itemIds: ['id-2', 'id-3'] });
    expect(posts).toEqual([
      { path: '/api/shows', body: { title: 'Lineup', ...timings } },
      { path: '/api/show-items', body: { showId: 'id-1', title: 'Knife 0', price: '10.00', ...DEFAULT_KNIFE_FACTS } },
      { path: '/api/show-items', body: { showId: 'id-1', title: 'Knife 1', price: '10.00', ...DEFAULT_KNIFE_FACTS } },
    ]);
  });

  it('passes every field of a knife the admin form has', async () => {
    const { posts, writer } = recordingApi();
    const knife = {
      title: 'Bowie',
      price: '120',
      category: 'Fixed Blade',
      description: 'Big',
      imageUrls: ['/m/a.jpg'],
      legalClass: 'fixed_blade' as const,
      bladeLength: '9.00',
    };
    await buildShow(writer, { title: 'One', ...timings, soldHoldSeconds: 3, items: [knife] });
    expect(posts[0]?.body).toEqual({ title: 'One', ...timings, soldHoldSeconds: 3 });
    expect(posts[1]?.body).toEqual({ showId: 'id-1', ...knife });
  });

  it("gives a knife without a legal class a 3.5 in manual folder's, and keeps the ones given", async () => {
    const { posts, writer } = recordingApi();
    await buildShow(writer, {
      title: 'Classes',
      ...timings,
      items: [
        { title: 'Plain', price: '5.00' },
        { title: 'Auto', price: '5.00', legalClass: 'automatic', bladeLength: '3.25' },
      ],
    });
    expect(posts.slice(1).map((p) => p.body)).toEqual([
      { showId: 'id-1', title: 'Plain', price: '5.00', legalClass: 'manual_folder', bladeLength: '3.50' },
      { showId: 'id-1', title: 'Auto', price: '5.00', legalClass: 'automatic', bladeLength: '3.25' },
    ]);
  });

  it('adds no knives to an empty lineup', async () => {
    const { posts, writer } = recordingApi();
    expect(await buildShow(writer, { title: 'Empty', ...timings, items: 0 })).toEqual({ showId: 'id-1', itemIds: [] });
    expect(posts).toHaveLength(1);
  });
});

describe('knives', () => {
  it('numbers from `first` at one price', () => {
    expect(knives(2, { first: 1, price: '250.00' })).toEqual([
      { title: 'Knife 1', price: '250.00' },
      { title: 'Knife 2', price: '250.00' },
    ]);
  });
});
