import { bladeLengthMessages } from '@vault/contracts';
import { backends, DEFAULT_KNIFE_FACTS } from '@vault/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cheapPasswordHash } from '../support/passwords';
import { type Agent, agent, buildTestApp, type TestApp } from '../test-app';

describe.each(backends)('show administration and state on %s', (backend) => {
  let t: TestApp;
  let admin: Agent;
  let member: Agent;

  beforeAll(async () => {
    t = await buildTestApp(backend);
    const password = await cheapPasswordHash('password-123');
    await t.database.db
      .insertInto('users')
      .values([
        { email: 'admin@example.com', password, role: 'admin' },
        { email: 'member@example.com', password },
      ])
      .execute();
    admin = agent(t.app);
    member = agent(t.app);
    await admin.post('/api/auth/login', { email: 'admin@example.com', password: 'password-123' });
    await member.post('/api/auth/login', { email: 'member@example.com', password: 'password-123' });
  });
  afterAll(async () => {
    await t?.close();
  });

  /** The snapshot refreshes through the bus (Redis when scaled): wait until it shows what we expect. */
  async function stateWhere(predicate: (state: Record<string, unknown>) => boolean) {
    for (let i = 0; i < 50; i++) {
      const state = (await member.get('/api/show/state')).json();
      if (predicate(state)) return state;
      await new Promise((resolve) => setTimeout(resolve, 40));
    }
    throw new Error('state never matched');
  }

  let showId: string;

  it('creates a show and adds items to its lineup', async () => {
    const created = await admin.post('/api/shows', {
      title: 'Winter Forge',
      description: 'Six knives',
      perKnifeSeconds: 45,
      intermissionSeconds: 5,
    });
    expect(created.statusCode).toBe(201);
    showId = created.json().id;
    expect(created.json()).toMatchObject({ title: 'Winter Forge', status: 'idle', perKnifeSeconds: 45, lineup: [] });
    for (const title of ['Raven', 'Ember']) {
      const item = await admin.post('/api/show-items', {
        showId,
        title,
        price: '125.5',
        imageUrls: ['/media/knives/raven-tanto-1.svg'],
        mainVideoUrl: '',
        legalClass: 'fixed_blade',
        bladeLength: '4.5',
      });
      expect(item.statusCode).toBe(201);
      expect(item.json()).toMatchObject({
        title,
        name: title,
        price: '125.50',
        status: 'queued',
        legalClass: 'fixed_blade',
        bladeLength: '4.50',
      });
    }
    const shows = (await admin.get('/api/shows')).json();
    const lineup = shows.find((s: { id: string }) => s.id === showId).lineup;
    expect(lineup.map((i: { orderIndex: number }) => i.orderIndex)).toEqual([0, 1]);
    expect(lineup.map((i: { legalClass: string }) => i.legalClass)).toEqual(['fixed_blade', 'fixed_blade']);
    const inventory = (await admin.get('/api/show-items')).json();
    expect(inventory.find((i: { title: string }) => i.title === 'Raven')).toMatchObject({ bladeLength: '4.50' });
  });

  it.each([
    [{}, 'Show selection is required'],
    [{ showId: 'nope', title: 'x', price: '1' }, 'Show selection is required'],
    [{ title: '', price: '1' }, 'Name is required'],
    [{ title: 'x', price: '0' }, 'Price must be a positive number'],
    [{ title: 'x', price: 'abc' }, 'Price must be a positive number'],
    [{ title: 'x', price: '5', mainVideoUrl: 'not a url' }, 'Must be a valid URL'],
    [{ title: 'x', price: '5', imageUrls: [''] }, 'Please enter an image URL'],
    [{ title: 'x', price: '5', imageUrls: ['ftp:/x'] }, 'Please enter a valid image URL'],
    [{ title: 'x', price: '5' }, 'Choose a legal class'],
    [{ title: 'x', price: '5', legalClass: 'butterfly', bladeLength: '4' }, 'Choose a legal class'],
    [{ title: 'x', price: '5', legalClass: 'balisong' }, bladeLengthMessages.required],
    [{ title: 'x', price: '5', legalClass: 'balisong', bladeLength: '-1' }, bladeLengthMessages.invalid],
    [{ title: 'x', price: '5', legalClass: 'balisong', bladeLength: '4.255' }, bladeLengthMessages.invalid],
    [{ title: 'x', price: '5', legalClass: 'balisong', bladeLength: '120' }, bladeLengthMessages.tooLong],
  ])('refuses the item %j with "%s"', async (body, message) => {
    const payload = 'showId' in body || Object.keys(body).length === 0 ? body : { showId, ...body };
    const res = await admin.post('/api/show-items', payload);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message, code: 'invalid_request' });
  });

  it.each([
    [{}, 'Launch time is required'],
    [{ launchTime: '' }, 'Launch time is required'],
    [{ launchTime: 'tomorrow' }, 'Launch time must be a valid ISO datetime'],
    [{ launchTime: '2026-11-20T20:00:00.000Z', status: 'later' }, undefined],
  ])('refuses the schedule %j', async (body, message) => {
    const res = await admin.request({ method: 'PATCH', url: `/api/shows/${showId}/schedule`, payload: body });
    expect(res.statusCode).toBe(400);
    if (message) expect(res.json()).toEqual({ message, code: 'invalid_request' });
  });

  it('schedules the show and members see the countdown', async () => {
    const launch = new Date(Date.now() + 3_600_000).toISOString();
    const res = await admin.request({
      method: 'PATCH',
      url: `/api/shows/${showId}/schedule`,
      payload: { launchTime: launch },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ status: 'scheduled', launchTime: launch });
    const state = await stateWhere((s) => s.scheduled === true);
    expect(state).toMatchObject({
      active: false,
      scheduled: true,
      currentItem: null,
      show: { id: showId, title: 'Winter Forge' },
    });
    expect(state.timeUntilLaunch).toBeGreaterThan(3_500_000);
  });

  it('starts, pauses and resets the show; members see it live', async () => {
    expect((await admin.post('/api/show/start', { showId })).json()).toEqual({ message: 'Show started!' });
    const live = await stateWhere((s) => s.active === true);
    expect(live).toMatchObject({
      active: true,
      show: { phase: 'preroll', status: 'running', lineup: [{ title: 'Raven' }, { title: 'Ember' }] },
    });
    expect(typeof live.serverTime).toBe('number');

    const another = (await admin.post('/api/shows', { title: 'Second', perKnifeSeconds: 30 })).json();
    await admin.post('/api/show-items', { showId: another.id, title: 'K', price: '9', ...DEFAULT_KNIFE_FACTS });
    const conflict = await admin.post('/api/show/start', { showId: another.id });
    expect(conflict.statusCode).toBe(409);
    expect(conflict.json()).toEqual({ message: 'Another show is already live', code: 'conflict' });

    expect((await admin.post('/api/show/pause')).json()).toEqual({ message: 'Show paused' });
    await stateWhere((s) => (s.show as { status?: string } | null)?.status === 'paused');
    expect((await admin.post('/api/show/reset', { showId })).json()).toEqual({ message: 'Show reset' });
    const reset = await stateWhere((s) => s.active === false);
    expect(reset.active).toBe(false);
    expect((await admin.post('/api/show/pause')).statusCode).toBe(409);
  });

  it('keeps the admin API to admins and the state to members', async () => {
    const anonymous = agent(t.app);
    for (const [method, url] of [
      ['GET', '/api/shows'],
      ['GET', '/api/show-items'],
      ['POST', '/api/show/start'],
    ] as const) {
      expect((await anonymous.request({ method, url, payload: {} })).statusCode, `${method} ${url}`).toBe(401);
      expect((await member.request({ method, url, payload: {} })).statusCode, `${method} ${url}`).toBe(403);
    }
    expect((await anonymous.get('/api/show/state')).statusCode).toBe(401);
    expect((await member.get('/api/show/state')).statusCode).toBe(200);
  });
});
