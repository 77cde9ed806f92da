import { zodResolver } from '@hookform/resolvers/zod';
import { LoginBody, type LoginNotice, loginNotices } from '@vault/contracts';
import { useForm } from 'react-hook-form';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { FormField } from '../../../components/ui/form-field';
import { paths } from '../../../lib/paths';
import { toast } from '../../../lib/toast';
import { externalSignIn, useLogin } from '../api/session';
import { toastAuthFailure } from '../toasts';
import { AuthCard, Divider, GoogleButton } from './auth-card';

const goodNews: LoginNotice[] = ['verified'];

export function LoginPage() {
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const notice = params.get('notice') as LoginNotice | null;
  const login = useLogin();
  const form = useForm({ resolver: zodResolver(LoginBody), defaultValues: { email: '', password: '' } });
  const { errors } = form.formState;

  const onSubmit = form.handleSubmit(async (values) => {
    try {
      const { user } = await login.mutateAsync(values);
      toast({ title: 'Welcome back!', description: 'Logging you in...', variant: 'success' });
      navigate(user.onboardingCompleted ? paths.show : paths.onboarding, { replace: true });
    } catch (error) {
      toastAuthFailure(error, 'Login failed', 'Invalid email or password');
    }
  });

  return (
    <AuthCard title="Welcome back" subtitle="Log in to enter the Vault.">
      {notice && notice in loginNotices ? (
        <div className="mb-5">
          <Alert tone={goodNews.includes(notice) ? 'success' : 'warning'}>{loginNotices[notice]}</Alert>
        </div>
      ) : null}
      <form onSubmit={onSubmit} noValidate className="space-y-4">
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
          autoComplete="current-password"
          error={errors.password?.message}
          {...form.register('password')}
        />
        <div className="flex justify-end">
          <Link to={paths.forgotPassword} className="text-brass-400 text-sm hover:text-brass-500">
            Forgot password?
          </Link>
        </div>
        <Button type="submit" className="w-full" disabled={login.isPending}>
          {login.isPending ? 'Logging in...' : 'Log in'}
        </Button>
      </form>
      <Divider label="or" />
      <GoogleButton label="Sign in with Google" onClick={externalSignIn.google} />
      <p className="mt-6 text-center text-sm text-steel-400">
        New to the Vault?{' '}
        <Link to={paths.register} className="font-semibold text-brass-400 hover:text-brass-500">
          Create account
        </Link>
      </p>
    </AuthCard>
  );
}
