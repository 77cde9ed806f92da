import { useQuery } from '@tanstack/react-query';
import { ageOn, dateOfBirthMessages, type EligibilitySettings, isCalendarDate, todayIso } from '@vault/contracts';
import { useCallback } from 'react';
import type { FieldErrors, FieldValues, Resolver } from 'react-hook-form';

// The date of birth in the onboarding and profile forms: the contract's rules, plus the operator's
// minimum age, which only the server knows (GET /api/eligibility/settings).

/** GET /api/eligibility/settings: the operator's minimum buyer age and ship-from state. */
const eligibilitySettingsKey = ['/api/eligibility/settings'] as const;

/** Why the member asked for a date of birth, under the field. */
export const dateOfBirthHint = 'Knife laws set minimum ages; we check yours before any sale.';

/**
 * The native date input's attributes, the same in both forms: the phone's own date picker, bounded
 * as the contract bounds it (after 1900, not in the future), drawn for the dark theme.
 */
export const dateOfBirthInput = () =>
  ({
    label: 'Date of birth',
    type: 'date',
    autoComplete: 'bday',
    min: '1900-01-01',
    max: todayIso(),
    style: { colorScheme: 'dark' },
  }) as const;

/**
 * The under-age message when a real date of birth makes the member younger than the minimum age on
 * `today` (UTC, the day the server judges on); undefined otherwise, or while the minimum is unknown
 * (the server checks it too).
 */
export function underAgeMessage(
  dateOfBirth: string | undefined,
  minimumAge: number | undefined,
  today: string = todayIso(),
): string | undefined {
  if (minimumAge === undefined || !dateOfBirth || !isCalendarDate(dateOfBirth) || dateOfBirth > today) return;
  return ageOn(dateOfBirth, today) < minimumAge ? dateOfBirthMessages.underAge(minimumAge) : undefined;
}

/** Whether a server's refusal is about the date of birth, so it belongs under that field rather than in a toast. */
export function isDateOfBirthMessage(message: string | undefined): message is string {
  if (!message) return false;
  const { underAge, ...fixed } = dateOfBirthMessages;
  if (Object.values(fixed).includes(message as (typeof fixed)[keyof typeof fixed])) return true;
  const age = Number(/\d+/.exec(message)?.[0]);
  return Number.isInteger(age) && message === underAge(age);
}

/** The operator's minimum age, once the settings have loaded. */
export function useMinimumAge(): number | undefined {
  return useQuery<EligibilitySettings>({ queryKey: eligibilitySettingsKey }).data?.minimumAge;
}

/**
 * A form resolver that also refuses a date of birth under the operator's minimum age, with the
 * message the server would give, so the member sees it before sending.
 */
export function useDateOfBirthCheck<TIn extends FieldValues & { dateOfBirth?: string }, TContext, TOut>(
  resolver: Resolver<TIn, TContext, TOut>,
): Resolver<TIn, TContext, TOut> {
  const minimumAge = useMinimumAge();
  return useCallback<Resolver<TIn, TContext, TOut>>(
    async (values, context, options) => {
      const result = await resolver(values, context, options);
      const message = underAgeMessage(values.dateOfBirth, minimumAge);
      if (!message || 'dateOfBirth' in result.errors) return result;
      const errors = { ...result.errors, dateOfBirth: { type: 'min_age', message } } as FieldErrors<TIn>;
      return { values: {}, errors };
    },
    [resolver, minimumAge],
  );
}
