import { zodResolver } from '@hookform/resolvers/zod';
import { ResetPasswordForm } from '@vault/contracts';
import { useForm } from 'react-hook-form';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { FormField } from '../../../components/ui/form-field';
import { paths } from '../../../lib/paths';
import { toast } from '../../../lib/toast';
import { useResetPassword } from '../api/password';
import { toastAuthFailure } from '../toasts';
import { AuthCard } from './auth-card';

export function ResetPasswordPage() {
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const reset = useResetPassword();
  const form = useForm({
    resolver: zodResolver(ResetPasswordForm),
    defaultValues: { token, password: '', confirmPassword: '' },
  });
  const { errors } = form.formState;

  const onSubmit = form.handleSubmit(async ({ confirmPassword: _, ...body }) => {
    try {
      const { message } = await reset.mutateAsync(body);
      toast({ title: 'Password updated', description: message, variant: 'success' });
      navigate(paths.login, { replace: true });
    } catch (error) {
      toastAuthFailure(error, 'Reset failed', 'Please try again');
    }
  });

  return (
    <AuthCard title="Choose a new password">
      {token ? (
        <form onSubmit={onSubmit} noValidate className="space-y-4">
          <FormField
            label="New password"
            type="password"
            autoComplete="new-password"
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
          <Button type="submit" className="w-full" disabled={reset.isPending}>
            {reset.isPending ? 'Saving...' : 'Set new password'}
          </Button>
        </form>
      ) : (
        <Alert tone="warning">This reset link is invalid or has expired.</Alert>
      )}
      <p className="mt-6 text-center text-sm">
        <Link to={paths.forgotPassword} className="font-semibold text-brass-400 hover:text-brass-500">
          Request a new link
        </Link>
      </p>
    </AuthCard>
  );
}
