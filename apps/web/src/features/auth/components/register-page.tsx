import { zodResolver } from '@hookform/resolvers/zod';
import { RegisterForm } from '@vault/contracts';
import { useForm } from 'react-hook-form';
import { Link, useNavigate } from 'react-router-dom';
import { Button } from '../../../components/ui/button';
import { FormField } from '../../../components/ui/form-field';
import { paths } from '../../../lib/paths';
import { toast } from '../../../lib/toast';
import { externalSignIn, useRegister } from '../api/session';
import { toastAuthFailure } from '../toasts';
import { AuthCard, Divider, GoogleButton } from './auth-card';

export function RegisterPage() {
  const navigate = useNavigate();
  const register = useRegister();
  // The form schema adds the confirmation to the API's schema; nothing is sent while any field is invalid.
  const form = useForm({
    resolver: zodResolver(RegisterForm),
    defaultValues: { firstName: '', lastName: '', email: '', password: '', confirmPassword: '' },
  });
  const { errors } = form.formState;

  const onSubmit = form.handleSubmit(async ({ confirmPassword: _, ...body }) => {
    try {
      await register.mutateAsync(body);
      toast({
        title: 'Registration successful!',
        description: 'Please check your email to verify your account.',
        variant: 'success',
      });
      navigate(paths.login);
    } catch (error) {
      toastAuthFailure(error, 'Registration failed', 'Please try again');
    }
  });

  return (
    <AuthCard title="Create account" subtitle="Membership gets you into every live release.">
      <form onSubmit={onSubmit} noValidate className="space-y-4">
        <div className="grid gap-4 sm:grid-cols-2">
          <FormField
            label="First name"
            autoComplete="given-name"
            error={errors.firstName?.message}
            {...form.register('firstName')}
          />
          <FormField
            label="Last name"
            autoComplete="family-name"
            error={errors.lastName?.message}
            {...form.register('lastName')}
          />
        </div>
        <FormField
          label="Email"
          type="email"
          autoComplete="email"
          inputMode="email"
          error={errors.email?.message}
          {...form.register('email')}
        />
        <FormField
          label="Password"
          type="password"
          autoComplete="new-password"
          hint="At least 8 characters."
          error={errors.password?.message}
          {...form.register('password')}
        />
        <FormField
          label="Confirm password"
          type="password"
          autoComplete="new-password"
          error={errors.confirmPassword?.message}
          {...form.register('confirmPassword')}
        />
        <Button type="submit" className="w-full" disabled={register.isPending}>
          {register.isPending ? 'Creating account...' : 'Create account'}
        </Button>
      </form>
      <Divider label="or" />
      <GoogleButton label="Sign up with Google" onClick={externalSignIn.google} />
      <p className="mt-6 text-center text-sm text-steel-400">
        Already a member?{' '}
        <Link to={paths.login} className="font-semibold text-brass-400 hover:text-brass-500">
          Log in
        </Link>
      </p>
    </AuthCard>
  );
}
