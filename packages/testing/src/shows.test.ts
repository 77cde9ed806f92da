import { describe, expect, it } from 'vitest';
import { apiWriter, buildShow, knives } from './shows';

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
      { path: '/api/show-items', body: { showId: 'id-1', title: 'Knife 0', price: '10.00' } },
      { path: '/api/show-items', body: { showId: 'id-1', title: 'Knife 1', price: '10.00' } },
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
    };
    await buildShow(writer, { title: 'One', ...timings, soldHoldSeconds: 3, items: [knife] });
    expect(posts[0]?.body).toEqual({ title: 'One', ...timings, soldHoldSeconds: 3 });
    expect(posts[1]?.body).toEqual({ showId: 'id-1', ...knife });
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
