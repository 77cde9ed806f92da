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
} as const;
