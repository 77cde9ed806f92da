/** Every client route, declared once (SPEC §2). */
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
  auth: '/auth',
  /** Issue 17: the one-click link in reminder emails (public). */
  unsubscribe: '/unsubscribe',
} as const;
