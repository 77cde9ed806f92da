import { paths } from '../paths';

/**
 * Where this page stands with a newer build of the app:
 * - `current`: none known;
 * - `waiting`: a new service worker is installed and waits for this page to let it take over;
 * - `taken-over`: it already took over (another tab let it), so this page still runs the old build.
 */
export type UpdateState = 'current' | 'waiting' | 'taken-over';

/**
 * Whether the app may load the new build now, as a member arrives at `pathname` (a navigation
 * inside the app, or a full load). Never on the live show page: a reload there could cost a member
 * the second in which they press Buy. The show page says a new version waits instead.
 */
export function mayLoadUpdate(state: UpdateState, pathname: string): boolean {
  return state !== 'current' && !isShowPage(pathname);
}

/** The live show screen, where nothing reloads by itself. */
export function isShowPage(pathname: string): boolean {
  return pathname === paths.show || pathname === `${paths.show}/`;
}
