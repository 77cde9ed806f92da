import { zodResolver } from '@hookform/resolvers/zod';
import { ForgotPasswordBody } from '@vault/contracts';
import { useForm } from 'react-hook-form';
import { Link } from 'react-router-dom';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { FormField } from '../../../components/ui/form-field';
import { paths } from '../../../lib/paths';
import { useForgotPassword } from '../api/password';
import { toastAuthFailure } from '../toasts';
import { AuthCard } from './auth-card';

export function ForgotPasswordPage() {
  const forgot = useForgotPassword();
  const form = useForm({ resolver: zodResolver(ForgotPasswordBody), defaultValues: { email: '' } });

  const onSubmit = form.handleSubmit(async (values) => {
    try {
      await forgot.mutateAsync(values);
    } catch (error) {
      toastAuthFailure(error, 'Request failed', 'Please try again');
    }
  });

  return (
    <AuthCard title="Forgot password" subtitle="We will email you a link to choose a new one.">
      {forgot.data ? (
        <Alert tone="success">{forgot.data.message}</Alert>
      ) : (
        <form onSubmit={onSubmit} noValidate className="space-y-4">
          <FormField
            label="Email"
            type="email"
            autoComplete="email"
            error={form.formState.errors.email?.message}
            {...form.register('email')}
          />
          <Button type="submit" className="w-full" disabled={forgot.isPending}>
            {forgot.isPending ? 'Sending...' : 'Send reset link'}
          </Button>
        </form>
      )}
      <p className="mt-6 text-center text-sm">
        <Link to={paths.login} className="font-semibold text-brass-400 hover:text-brass-500">
          Back to log in
        </Link>
      </p>
    </AuthCard>
  );
}
