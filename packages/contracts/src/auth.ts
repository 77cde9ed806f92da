import { z } from 'zod';
import { countOf } from './common';
import { Role } from './enums';
import { FirstName, fullNameFits, fullNameRule, LastName } from './names';
import { lineText } from './text';

// The registration and login forms' messages, word for word. The web forms, the API routes and the tests all
// use these schemas.

/** "text, an at sign, text, a dot and text": the Please enter a valid email check. */
const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/**
 * Lower-cased before the length check: some characters grow when lower-cased ('İ' becomes two),
 * and the stored, lower-cased address must fit users.email varchar(254).
 */
const EMAIL_TOO_LONG = 'Email must be at most 254 characters';

export const Email = lineText({ error: 'Email is required' })
  .trim()
  .toLowerCase()
  .min(1, 'Email is required')
  .max(254, EMAIL_TOO_LONG)
  .regex(EMAIL_PATTERN, 'Please enter a valid email');

/** A new password. Upper bound keeps scrypt's input reasonable. */
export const NewPassword = z
  .string({ error: 'Password is required' })
  .min(1, 'Password is required')
  .min(8, 'Password must be at least 8 characters')
  .max(200, 'Password is too long');

export const RegisterBody = z
  .object({
    firstName: FirstName,
    lastName: LastName,
    email: Email,
    password: NewPassword,
  })
  .refine(fullNameFits, fullNameRule);
export type RegisterBody = z.input<typeof RegisterBody>;

/** The register screen's form: the body plus a confirmation that never leaves the browser. */
export const RegisterForm = RegisterBody.extend({ confirmPassword: z.string() }).refine(
  (form) => form.password === form.confirmPassword,
  { message: 'Passwords do not match', path: ['confirmPassword'] },
);
export type RegisterForm = z.input<typeof RegisterForm>;

export const LoginBody = z.object({
  email: Email,
  password: z.string({ error: 'Password is required' }).min(1, 'Password is required').max(200, 'Password is too long'),
});
export type LoginBody = z.input<typeof LoginBody>;

export const ForgotPasswordBody = z.object({ email: Email });
export type ForgotPasswordBody = z.input<typeof ForgotPasswordBody>;

/** A missing, malformed or unknown reset token all read the same to the member. */
const RESET_LINK_INVALID = 'This reset link is invalid or has expired.';

export const ResetPasswordBody = z.object({
  token: z.string({ error: RESET_LINK_INVALID }).min(1, RESET_LINK_INVALID).max(200, RESET_LINK_INVALID),
  password: NewPassword,
});
export type ResetPasswordBody = z.input<typeof ResetPasswordBody>;

export const ResetPasswordForm = ResetPasswordBody.extend({ confirmPassword: z.string() }).refine(
  (form) => form.password === form.confirmPassword,
  { message: 'Passwords do not match', path: ['confirmPassword'] },
);
export type ResetPasswordForm = z.input<typeof ResetPasswordForm>;

/** The current-user view: id, role and onboardingCompleted steer the routes; the rest serves the screens. */
export const CurrentUser = z.object({
  id: z.uuid(),
  email: z.string(),
  firstName: z.string().nullable(),
  lastName: z.string().nullable(),
  role: Role,
  onboardingCompleted: z.boolean(),
  emailVerified: z.boolean(),
});
export type CurrentUser = z.infer<typeof CurrentUser>;

export const UserResponse = z.object({ user: CurrentUser });
export type UserResponse = z.infer<typeof UserResponse>;

export const MessageResponse = z.object({ message: z.string() });
export type MessageResponse = z.infer<typeof MessageResponse>;

/** Server texts the client shows (it decides on the `code` beside them, never on these). */
export const authMessages = {
  invalidCredentials: 'Invalid email or password',
  emailTaken: 'An account with this email already exists',
  registered: 'Registration successful. Please check your email to verify your account.',
  notSignedIn: 'Please log in to continue',
  adminOnly: 'Admin access required',
  forgotPasswordSent: 'If an account exists for that email, we have sent a link to reset the password.',
  emailTooLong: EMAIL_TOO_LONG,
  resetLinkInvalid: RESET_LINK_INVALID,
  passwordReset: 'Your password has been reset. Please log in.',
  loggedOut: 'Logged out',
  crossSite: 'Cross-site request refused',
  tooManyAttempts: (minutes: number) => `Too many attempts. Please try again in ${countOf(minutes, 'minute')}.`,
} as const;

/**
 * Why a redirect brought the browser back to /login (?notice=…). The API picks the code; the
 * login screen shows the text.
 */
export const loginNotices = {
  verified: 'Your email is verified. You can log in now.',
  'verify-invalid': 'This verification link is invalid or has expired.',
  'google-unavailable': 'Google sign-in is not available',
  'sso-unavailable': 'External sign-in is not available',
  'oauth-failed': 'Sign-in with the external provider failed. Please try again.',
  'account-exists': 'An account with this email already exists. Log in with your password.',
  'admin-password-only': 'This is the administrator account. Log in with its password.',
} as const;
export type LoginNotice = keyof typeof loginNotices;

/**
 * GET /api/logout from anywhere but our own pages (a link or redirect on another site, even a
 * sibling subdomain) does not sign out: it shows this page, whose button signs out.
 */
export const logoutConfirmTexts = {
  title: 'Sign out of the Vault?',
  body: 'This sign-out link did not come from the Vault itself. Sign out on this device only if you meant to.',
  confirm: 'Sign out',
  cancel: 'Stay signed in',
  /** A browser prefetching the link (speculation rules) gets this, and nobody is signed out. */
  prefetchRefused: 'Sign-out links cannot be prefetched',
} as const;
