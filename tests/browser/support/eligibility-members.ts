import {
  type Eligibility,
  type LineupEligibility,
  type PaymentConfigResponse,
  type SocketBuyAck,
  socketEvents,
  todayIso,
} from '@vault/contracts';
import type { EmbeddedApp } from '@vault/testing';
import type { Page } from 'playwright-core';
import { io, type Socket } from 'socket.io-client';
import { expect } from 'vitest';
import { api, SOCKET_IO } from './browser-helpers';

// The eligibility story's members: who they are (where they live, when they were born), onboarding
// them through the routes the onboarding pages call, what each page is told of its eligibility, and
// each member's two ways to press Buy besides the page's own button: HTTP from their page, and a
// live socket of their own.

/** A day `years` before today (UTC, as the server judges ages); 29 February falls on 1 March. */
function yearsAgo(years: number): string {
  const [y, m, d] = todayIso().split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(y - years, m - 1, d)).toISOString().slice(0, 10);
}

export interface MemberFacts {
  email: string;
  first: string;
  last: string;
  address: string;
  city: string;
  state: string;
  zip: string;
  /** What they type at onboarding (which refuses anyone under the minimum age). */
  dateOfBirth: string;
}

export const YOUNG: MemberFacts = {
  email: 'young@example.com',
  first: 'Yuri',
  last: 'Young',
  address: '4 Congress Ave',
  city: 'Austin',
  state: 'TX',
  zip: '78701',
  dateOfBirth: '2000-01-01',
};
/** Young's real date of birth, which an admin puts right after onboarding: 17 today. */
export const YOUNG_REAL_BIRTHDAY = yearsAgo(17);
export const CALI: MemberFacts = {
  email: 'cali@example.com',
  first: 'Carla',
  last: 'Reyes',
  address: '200 Spring St',
  city: 'Los Angeles',
  state: 'CA',
  zip: '90012',
  dateOfBirth: '1988-04-02',
};
export const SOLDIER: MemberFacts = {
  email: 'soldier@example.com',
  first: 'Sam',
  last: 'Ortiz',
  address: '12 State St',
  city: 'Albany',
  state: 'NY',
  zip: '12207',
  dateOfBirth: '1992-09-15',
};

const PASSWORD = 'sharp-edges-99';

/**
 * Registers and onboards a member through the routes the onboarding pages call, from the member's
 * own page (its session cookie and Origin): the profile with address and date of birth, then a card
 * tokenised by the simulator's Accept.js in the page and pre-authorised.
 */
export async function onboardThroughApi(page: Page, app: EmbeddedApp, member: MemberFacts): Promise<void> {
  await page.goto(`${app.baseUrl}/login`);
  const { email, first, last } = member;
  const registered = await api(page, 'POST', '/api/auth/register', {
    firstName: first,
    lastName: last,
    email,
    password: PASSWORD,
  });
  expect(registered.status, JSON.stringify(registered.body)).toBe(201);
  expect((await api(page, 'POST', '/api/auth/login', { email, password: PASSWORD })).status).toBe(200);
  const profile = await api(page, 'POST', '/api/onboarding/complete', {
    fullName: `${first} ${last}`,
    address: member.address,
    city: member.city,
    state: member.state,
    zip: member.zip,
    dateOfBirth: member.dateOfBirth,
  });
  expect(profile.status, JSON.stringify(profile.body)).toBe(200);
  const config = await api<PaymentConfigResponse>(page, 'GET', '/api/payment/config');
  const opaqueData = await page.evaluate(async (c) => {
    await new Promise<void>((resolve, reject) => {
      const script = document.createElement('script');
      script.src = c.acceptJsUrl;
      script.onload = () => resolve();
      script.onerror = () => reject(new Error('Accept.js did not load'));
      document.head.appendChild(script);
    });
    type Accept = { dispatchData(data: unknown, cb: (r: { opaqueData?: unknown; messages: unknown }) => void): void };
    const accept = (window as unknown as { Accept: Accept }).Accept;
    return new Promise<unknown>((resolve, reject) =>
      accept.dispatchData(
        {
          authData: { clientKey: c.clientKey, apiLoginID: c.apiLoginId },
          cardData: { cardNumber: '4111111111111111', month: '12', year: '2031', cardCode: '123' },
        },
        (r) => (r.opaqueData ? resolve(r.opaqueData) : reject(new Error(JSON.stringify(r.messages)))),
      ),
    );
  }, config.body);
  const preauth = await api<{ user: { onboardingCompleted: boolean } }>(
    page,
    'POST',
    '/api/payment/preauth',
    opaqueData,
  );
  expect(preauth.status, JSON.stringify(preauth.body)).toBe(200);
  expect(preauth.body.user.onboardingCompleted).toBe(true);
}

/** The `show:eligibility` payloads in an Engine.IO payload (long-polling packs several, split by 0x1e). */
function eligibilityPackets(payload: string): LineupEligibility['items'][] {
  return payload
    .split('\x1e')
    .filter((packet) => packet.startsWith('42') && packet.includes(`"${socketEvents.eligibility}"`))
    .map((packet) => (JSON.parse(packet.slice(packet.indexOf('['))) as [string, LineupEligibility])[1].items);
}

/**
 * Everything a page has been told of its eligibility: `show:eligibility` on its Socket.IO link
 * (WebSocket frames, or long-polling answers before the upgrade) and GET /api/show/eligibility.
 */
export function eligibilityHeard(page: Page): LineupEligibility['items'][] {
  const heard: LineupEligibility['items'][] = [];
  page.on('websocket', (ws) =>
    ws.on('framereceived', ({ payload }) => heard.push(...eligibilityPackets(payload.toString()))),
  );
  page.on('response', async (response) => {
    if (response.status() !== 200) return;
    if (response.url().endsWith('/api/show/eligibility')) {
      heard.push(((await response.json()) as LineupEligibility).items);
    } else if (SOCKET_IO.test(response.url()) && response.request().method() === 'GET') {
      heard.push(...eligibilityPackets(await response.text()));
    }
  });
  return heard;
}

export interface Member {
  facts: MemberFacts;
  page: Page;
  /** What the page has been told of its eligibility, in order. */
  heard: LineupEligibility['items'][];
  /** A live socket of the member's own (their session), for presses over the socket transport. */
  socket: Socket;
  /** Every `show:eligibility` that socket received. */
  pushed: LineupEligibility[];
}

/** Opens the member's own socket with their page's session cookie, once the server has accepted it. */
export async function memberSocket(
  app: EmbeddedApp,
  page: Page,
): Promise<{ socket: Socket; pushed: LineupEligibility[] }> {
  const cookies = await page.context().cookies(app.baseUrl);
  const cookie = cookies.map((c) => `${c.name}=${c.value}`).join('; ');
  const socket = io(app.baseUrl, {
    transports: ['websocket'],
    extraHeaders: { cookie, origin: app.baseUrl },
    reconnection: false,
  });
  const pushed: LineupEligibility[] = [];
  socket.on(socketEvents.eligibility, (payload: LineupEligibility) => pushed.push(payload));
  await new Promise<void>((resolve, reject) => {
    socket.once(socketEvents.state, () => resolve());
    socket.once('connect_error', reject);
  });
  return { socket, pushed };
}

/** A press over HTTP from the member's page: POST /api/show/buy. */
export const pressOverHttp = (member: Member, showItemId: string) =>
  api<{ message?: string; code?: string }>(member.page, 'POST', '/api/show/buy', { showItemId });

/** A press over the member's own socket: `show:buy`, acknowledged. */
export const pressOverSocket = (member: Member, showItemId: string): Promise<SocketBuyAck> =>
  member.socket.timeout(10_000).emitWithAck(socketEvents.buy, { showItemId });

/** The item's own verdict for the member, as the page's state poll answers it. */
export async function stateVerdict(member: Member): Promise<{ id: string; eligibility?: Eligibility } | null> {
  const state = await api<{ currentItem: { id: string; eligibility?: Eligibility } | null }>(
    member.page,
    'GET',
    '/api/show/state',
  );
  return state.body.currentItem;
}
