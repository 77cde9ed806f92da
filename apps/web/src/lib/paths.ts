/** Every client route, declared once. */
export const paths = {
  home: '/',
  login: '/login',
  register: '/register',
  forgotPassword: '/forgot-password',
  resetPassword: '/reset-password',
  show: '/show',
  onboarding: '/onboarding',
  account: '/account',
  admin: '/admin',
  adminShows: '/admin/shows',
  adminEligibility: '/admin/eligibility',
  adminMembers: '/admin/members',
  adminFulfillment: '/admin/fulfillment',
  auth: '/auth',
  /** The unsubscribe page: the one-click link in reminder emails (public). */
  unsubscribe: '/unsubscribe',
  /** A draw's public record, verified in the browser (public: anyone may check a draw). */
  draw: '/draws/:showItemId',
} as const;

/** The public record of the draw of one show item. */
export const drawPath = (showItemId: string): string => `/draws/${encodeURIComponent(showItemId)}`;
