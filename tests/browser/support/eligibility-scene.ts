import { mkdirSync } from 'node:fs';
import path from 'node:path';
import type { AdminShow, AttestationKindView, EligibilityRuleBody, LegalClass } from '@vault/contracts';
import { type EmbeddedApp, launchChromium, repoRoot, startEmbeddedApp } from '@vault/testing';
import type { Browser, Page } from 'playwright-core';
import type { Socket } from 'socket.io-client';
import { expect } from 'vitest';
import { api, logInAdmin } from './browser-helpers';
import {
  CALI,
  eligibilityHeard,
  type Member,
  memberSocket,
  onboardThroughApi,
  SOLDIER,
  YOUNG,
  YOUNG_REAL_BIRTHDAY,
} from './eligibility-members';

// The eligibility story's scene: the app without the demo seed (its example rules would decide
// too), the operator's two rules and the attestation kind they name, the three members
// (eligibility-members.ts) onboarded, Young's date of birth put right by an admin, Soldier's
// attestation recorded, and a show of an automatic, a balisong and a manual folder.

const SHOTS = path.join(repoRoot, 'test-results');
mkdirSync(SHOTS, { recursive: true });
/** test-results/eligibility-<name>.png, the whole page as the member sees it. */
export const shot = (page: Page, name: string) =>
  page.screenshot({ path: path.join(SHOTS, `eligibility-${name}.png`), fullPage: true });

export const ARMED_FORCES = { code: 'armed_forces', label: 'Armed forces on duty' };

export interface Knife {
  title: string;
  price: string;
  legalClass: LegalClass;
  bladeLength: string;
}
export const AUTOMATIC: Knife = {
  title: 'Vanguard Auto',
  price: '240.00',
  legalClass: 'automatic',
  bladeLength: '3.50',
};
export const BALISONG: Knife = { title: 'Moth Balisong', price: '180.00', legalClass: 'balisong', bladeLength: '4.25' };
export const FOLDER: Knife = {
  title: 'Ranger Slipjoint',
  price: '95.00',
  legalClass: 'manual_folder',
  bladeLength: '2.75',
};
/** The lineup, in order. */
export const KNIVES = [AUTOMATIC, BALISONG, FOLDER];

/** The operator's rules for the story; nothing else is ruled, so everything else is allowed. */
export const RULES: Record<'automatics' | 'balisongs', EligibilityRuleBody> = {
  automatics: {
    legalClass: 'automatic',
    state: 'interstate',
    effectiveFrom: '2020-01-01',
    effect: 'needs_attestation',
    attestations: [ARMED_FORCES.code],
    note: 'Automatics across state lines only to buyers the federal exemptions cover.',
    sourceUrl: 'https://www.law.cornell.edu/uscode/text/15/1244',
  },
  balisongs: {
    legalClass: 'balisong',
    state: 'CA',
    effectiveFrom: '2020-01-01',
    effect: 'forbid',
    note: 'No balisongs shipped to California.',
  },
};

export interface EligibilityScene {
  app: EmbeddedApp;
  browser: Browser;
  admin: Page;
  young: Member;
  cali: Member;
  soldier: Member;
  show: AdminShow;
  /** Lineup order: automatic, balisong, manual folder. */
  itemIds: string[];
  ruleIds: Record<keyof typeof RULES, string>;
  /** The armed-forces attestation's label as the operator offers it (a reason names it). */
  attestationLabel: string;
}

async function adminSetUp(admin: Page): Promise<{ ruleIds: EligibilityScene['ruleIds']; attestationLabel: string }> {
  const kinds = await api<AttestationKindView[]>(admin, 'GET', '/api/admin/attestation-kinds');
  expect(kinds.status).toBe(200);
  let kind = kinds.body.find((k) => k.code === ARMED_FORCES.code);
  if (!kind) {
    const created = await api<AttestationKindView>(admin, 'POST', '/api/admin/attestation-kinds', {
      ...ARMED_FORCES,
      description: 'Members of the armed forces buying on duty.',
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    kind = created.body;
  }
  const ruleIds = {} as EligibilityScene['ruleIds'];
  for (const [name, rule] of Object.entries(RULES) as [keyof typeof RULES, EligibilityRuleBody][]) {
    const created = await api<{ id: string }>(admin, 'POST', '/api/admin/eligibility-rules', rule);
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    ruleIds[name] = created.body.id;
  }
  return { ruleIds, attestationLabel: kind.label };
}

/** The show, scheduled an hour out so members see its lineup preview; the test starts it. */
async function createShow(admin: Page): Promise<{ show: AdminShow; itemIds: string[] }> {
  // Long enough to look at each knife; every knife is sold, so none runs its full time.
  const timings = { perKnifeSeconds: 30, intermissionSeconds: 1, prerollSeconds: 0, soldHoldSeconds: 1 };
  const created = await api<AdminShow>(admin, 'POST', '/api/shows', { title: 'Restricted Night', ...timings });
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  const itemIds: string[] = [];
  for (const knife of KNIVES) {
    const item = await api<{ id: string }>(admin, 'POST', '/api/show-items', {
      showId: created.body.id,
      ...knife,
      category: 'Folding',
      description: 'A knife for the eligibility check.',
      imageUrls: [],
    });
    expect(item.status, JSON.stringify(item.body)).toBe(201);
    itemIds.push(item.body.id);
  }
  const scheduled = await api(admin, 'PATCH', `/api/shows/${created.body.id}/schedule`, {
    launchTime: new Date(Date.now() + 3600_000).toISOString(),
    status: 'scheduled',
  });
  expect(scheduled.status, JSON.stringify(scheduled.body)).toBe(200);
  return { show: created.body, itemIds };
}

export async function startEligibilityScene(): Promise<EligibilityScene> {
  let app: EmbeddedApp | undefined;
  let browser: Browser | undefined;
  const sockets: Socket[] = [];
  try {
    // No demo seed: its example rules would decide beside the story's. SHIP_FROM_STATE is TX.
    app = await startEmbeddedApp({ SEED_DEMO: 'false', SHIP_FROM_STATE: 'TX', MINIMUM_BUYER_AGE: '18' });
    const started = app;
    browser = await launchChromium();
    const opened = browser;
    const phone = async () => (await opened.newContext({ viewport: { width: 375, height: 812 } })).newPage();
    const admin = await (await browser.newContext({ viewport: { width: 1280, height: 900 } })).newPage();
    const [youngPage, caliPage, soldierPage] = await Promise.all([phone(), phone(), phone()]);
    const pages = [youngPage, caliPage, soldierPage];
    const heard = pages.map(eligibilityHeard);
    await Promise.all([
      logInAdmin(started, admin),
      onboardThroughApi(youngPage, started, YOUNG),
      onboardThroughApi(caliPage, started, CALI),
      onboardThroughApi(soldierPage, started, SOLDIER),
    ]);
    const { ruleIds, attestationLabel } = await adminSetUp(admin);
    const attested = await api(soldierPage, 'POST', '/api/attestations', { kind: ARMED_FORCES.code, confirm: true });
    expect(attested.status, JSON.stringify(attested.body)).toBe(201);

    // Onboarding refuses Young's real date of birth; the admin puts it right afterwards.
    const refused = await api<{ message: string }>(youngPage, 'POST', '/api/onboarding/complete', {
      fullName: `${YOUNG.first} ${YOUNG.last}`,
      address: YOUNG.address,
      city: YOUNG.city,
      state: YOUNG.state,
      zip: YOUNG.zip,
      dateOfBirth: YOUNG_REAL_BIRTHDAY,
    });
    expect(refused.status).toBe(400);
    expect(refused.body.message).toBe('You must be at least 18 years old to join the vault');
    const found = await api<Array<{ id: string; email: string }>>(
      admin,
      'GET',
      `/api/admin/members?email=${encodeURIComponent(YOUNG.email)}`,
    );
    const youngId = found.body.find((m) => m.email === YOUNG.email)?.id ?? '';
    const corrected = await api(admin, 'PUT', `/api/admin/members/${youngId}/date-of-birth`, {
      dateOfBirth: YOUNG_REAL_BIRTHDAY,
    });
    expect(corrected.status, JSON.stringify(corrected.body)).toBe(200);

    const { show, itemIds } = await createShow(admin);
    const members: Member[] = [];
    for (const [i, facts] of [YOUNG, CALI, SOLDIER].entries()) {
      const page = pages[i] as Page;
      const { socket, pushed } = await memberSocket(started, page);
      sockets.push(socket);
      members.push({ facts, page, heard: heard[i] ?? [], socket, pushed });
    }
    const [young, cali, soldier] = members as [Member, Member, Member];
    return { app, browser, admin, young, cali, soldier, show, itemIds, ruleIds, attestationLabel };
  } catch (error) {
    // A failed start still stops what it started, as the story's afterAll would.
    await closeEligibilityScene({ browser, app, sockets });
    throw error;
  }
}

export async function closeEligibilityScene(scene: {
  browser?: Browser | undefined;
  app?: EmbeddedApp | undefined;
  sockets?: Socket[];
}): Promise<void> {
  for (const socket of scene.sockets ?? []) socket.close();
  await scene.browser?.close();
  await scene.app?.stop();
}
