import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditPage, type MobileScene, missedTargets, startMobileScene } from './support/lighthouse';

// Lighthouse 12.2.3's mobile run (the same code as pnpm bench:mobile) holds /login, /show and
// /account to the targets: performance ≥ 90, accessibility ≥ 95, best practices ≥ 95.
// Its performance figures need a quiet machine: this file runs alone, after the other browser files.

/** One Lighthouse run's own deadline (tests/browser/support/lighthouse.ts) and a little more. */
const AUDIT_MS = 130_000;

describe('Lighthouse on a phone: /login, /show with a knife live, /account', () => {
  let scene: MobileScene;

  beforeAll(async () => {
    scene = await startMobileScene();
  });
  afterAll(async () => {
    await scene?.stop();
  });

  const meetsTargets = async (page: string, path: string) => {
    const audit = await auditPage(scene.browser.port, page, `${scene.app.baseUrl}${path}`);
    // What lost points, so a miss says where to look without a second run.
    expect(missedTargets(audit), audit.failing.join('\n')).toEqual([]);
  };

  it(
    '/login, signed out, meets the targets',
    async () => {
      await meetsTargets('/login', '/login');
    },
    AUDIT_MS,
  );

  it(
    '/show with a knife live, signed in, meets the targets',
    async () => {
      await scene.signInMember();
      await meetsTargets('/show', '/show');
    },
    AUDIT_MS + 60_000,
  );

  it(
    '/account meets the targets',
    async () => {
      await meetsTargets('/account', '/account');
    },
    AUDIT_MS,
  );
});
