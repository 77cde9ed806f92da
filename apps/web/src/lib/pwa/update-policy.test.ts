import { describe, expect, it } from 'vitest';
import { mayLoadUpdate } from './update-policy';

describe('when the app loads a new build', () => {
  it('loads a waiting build at a navigation anywhere but the live show', () => {
    expect(mayLoadUpdate('waiting', '/account')).toBe(true);
    expect(mayLoadUpdate('waiting', '/')).toBe(true);
    expect(mayLoadUpdate('waiting', '/draws/abc')).toBe(true);
  });

  it('never reloads into or on the live show page', () => {
    expect(mayLoadUpdate('waiting', '/show')).toBe(false);
    expect(mayLoadUpdate('waiting', '/show/')).toBe(false);
    expect(mayLoadUpdate('taken-over', '/show')).toBe(false);
  });

  it('reloads a page left on the old build when another tab let the new one take over', () => {
    expect(mayLoadUpdate('taken-over', '/account')).toBe(true);
  });

  it('does nothing when no new build is known', () => {
    expect(mayLoadUpdate('current', '/account')).toBe(false);
  });
});
