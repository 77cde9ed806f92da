import type { OnboardingProfileBody, ProfileResponse } from '@vault/contracts';
import { useEffect, useState } from 'react';
import { Navigate } from 'react-router-dom';
import { VaultMark } from '../../../components/vault-mark';
import { useCurrentUser } from '../../../hooks/use-current-user';
import { useProfile } from '../../../hooks/use-profile';
import { paths } from '../../../lib/paths';
import { CardStep } from './card-step';
import { IntroStep } from './intro-step';
import { ProfileStep, useOnboardingProfileForm } from './profile-step';
import { StepProgress } from './step-progress';

const STEPS = 3;
type Step = 1 | 2 | 3;

const titles: Record<Step, { title: string; subtitle: string }> = {
  1: { title: 'How the Vault works', subtitle: 'Three things to know before your first live show.' },
  2: { title: 'Your information', subtitle: 'Where your knives ship, and how well you know them.' },
  3: { title: 'Payment method', subtitle: 'Save a card once and check out instantly during a show.' },
};

/** The /onboarding steps: intro → information → card; then /show. */
export function OnboardingPage() {
  const user = useCurrentUser().data ?? null;
  // Only a member who arrives already onboarded is sent away: saving the card flips the flag
  // mid-flow, and the welcome toast must still get its second before /show.
  const [arrivedOnboarded] = useState(() => user?.onboardingCompleted === true);
  const [step, setStep] = useState<Step>(1);
  const profile = useProfile();

  // Lives here, not in step 2, so Back to the intro and forward again keeps what was typed.
  const form = useOnboardingProfileForm(profileDefaults(undefined, user));
  const { isDirty } = form.formState;
  useEffect(() => {
    if (profile.data && !isDirty) form.reset(profileDefaults(profile.data, user));
  }, [profile.data, isDirty, form, user]);

  if (arrivedOnboarded) return <Navigate to={paths.show} replace />;

  const { title, subtitle } = titles[step];
  return (
    <main className="mx-auto flex min-h-dvh w-full max-w-xl flex-col px-4 pt-6 pb-10 sm:pt-10">
      <header className="flex items-center gap-3">
        <VaultMark className="size-9" />
        <p className="font-semibold text-brass-400 text-xs uppercase tracking-[0.3em]">Member onboarding</p>
      </header>

      <StepProgress step={step} total={STEPS} />

      <section className="mt-6 rounded-3xl border border-vault-700 bg-vault-900 p-5 shadow-2xl sm:p-8">
        <h1 className="font-display text-3xl text-white">{title}</h1>
        <p className="mt-2 text-sm text-steel-400">{subtitle}</p>
        <div className="mt-6">
          {step === 1 ? <IntroStep onContinue={() => setStep(2)} /> : null}
          {step === 2 ? (
            <ProfileStep
              form={form}
              loading={profile.isPending && !isDirty}
              onBack={() => setStep(1)}
              onSaved={() => setStep(3)}
            />
          ) : null}
          {step === 3 ? <CardStep onBack={() => setStep(2)} /> : null}
        </div>
      </section>
    </main>
  );
}

function profileDefaults(
  profile: ProfileResponse | undefined,
  user: { firstName: string | null; lastName: string | null } | null,
): OnboardingProfileBody {
  const nameFromAccount = [user?.firstName, user?.lastName].filter(Boolean).join(' ');
  return {
    fullName: profile?.fullName || nameFromAccount,
    address: profile?.address ?? '',
    city: profile?.city ?? '',
    state: profile?.state ?? '',
    zip: profile?.zip ?? '',
    country: profile?.country || 'US',
    phoneNumber: profile?.phoneNumber ?? '',
    skillLevel: profile?.skillLevel ?? 'beginner',
    dateOfBirth: profile?.dateOfBirth ?? '',
  };
}
