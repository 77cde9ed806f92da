import { Button } from '../../../components/ui/button';

/**
 * A dialog form's Cancel and submit buttons, side by side. Both wait while the form is being sent;
 * `busy` holds back only the submit (uploads still running) and says why in its label.
 */
export function FormActions({
  onCancel,
  pending,
  label,
  pendingLabel,
  busy,
  danger = false,
}: {
  onCancel: () => void;
  pending: boolean;
  label: string;
  pendingLabel: string;
  busy?: string;
  danger?: boolean;
}) {
  return (
    <div className="grid grid-cols-2 gap-3 pt-1">
      <Button variant="secondary" onClick={onCancel} disabled={pending}>
        Cancel
      </Button>
      <Button type="submit" variant={danger ? 'danger' : 'primary'} disabled={pending || busy !== undefined}>
        {pending ? pendingLabel : (busy ?? label)}
      </Button>
    </div>
  );
}
