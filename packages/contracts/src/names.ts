import { lineText, storableText } from './text';

/**
 * A member's names and the full name derived from them. The columns are first_name and
 * last_name varchar(100) and full_name varchar(200): "first last" must fit the last one too, or
 * two 100-character names make a 201-character full name (and a 500 on register and profile save).
 */
export const NAME_MAX = 100;
export const FULL_NAME_MAX = 200;

export const nameMessages = {
  fullNameTooLong: `First and last name together must be at most ${FULL_NAME_MAX - 1} characters`,
} as const;

/** A first or last name ("First name is required" on registration and profile edit), bounded by its column. */
const nameField = (label: 'First name' | 'Last name') =>
  lineText({ error: `${label} is required` })
    .trim()
    .min(1, `${label} is required`)
    .max(NAME_MAX, `${label} must be at most ${NAME_MAX} characters`);

/** Registration and profile edit share these, so one rule reads the same on both forms. */
export const FirstName = nameField('First name');
export const LastName = nameField('Last name');

export const fullNameOf = (firstName: string, lastName: string) => `${firstName} ${lastName}`;

/** For a schema's refine, with fullNameRule: the derived full name fits its column. */
export const fullNameFits = (names: { firstName: string; lastName: string }) =>
  fullNameOf(names.firstName, names.lastName).length <= FULL_NAME_MAX;
export const fullNameRule = { message: nameMessages.fullNameTooLong, path: ['lastName'] };

/**
 * First and last name guessed from a full name (onboarding without a name on the account, or an
 * external provider's `name`), each cut to its column — by code points, as Postgres counts them,
 * so a cut never leaves half a surrogate pair behind.
 */
export function splitFullName(fullName: string): { firstName: string | null; lastName: string | null } {
  const [first, ...rest] = fullName.trim().split(/\s+/);
  const cut = (value: string | undefined) => storableText(value ?? '', NAME_MAX) || null;
  return { firstName: cut(first), lastName: cut(rest.join(' ')) };
}
