import { type AdminPurchase, type AdminShow, RelistBody } from '@vault/contracts';
import { type FormEvent, useId, useState } from 'react';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { DialogPanel, DialogRoot } from '../../../components/ui/dialog';
import { FormField } from '../../../components/ui/form-field';
import { SelectField } from '../../../components/ui/select-field';
import { serverMessage } from '../../../lib/api-client';
import { formatMoney } from '../../../lib/format';
import { toast } from '../../../lib/toast';
import { useShows } from '../shows/api';
import { useRelistPurchase } from './api';

type Target = 'show' | 'test_products';

/** A lineup can grow only while its show is not live (the server refuses otherwise). */
const acceptsItems = (show: AdminShow) => show.status !== 'running' && show.status !== 'paused';

function TargetChoice({ target, onChange }: { target: Target; onChange: (target: Target) => void }) {
  const name = useId();
  const options: Array<[Target, string, string]> = [
    ['show', 'Into a show', 'Joins the end of its lineup'],
    ['test_products', 'As a test product', 'On sale between shows'],
  ];
  return (
    <fieldset>
      <legend className="mb-1.5 font-medium text-sm text-steel-200">Relist</legend>
      <div className="grid grid-cols-1 gap-2 sm:grid-cols-2">
        {options.map(([value, label, hint]) => (
          <label
            key={value}
            className="flex min-h-11 cursor-pointer items-start gap-3 rounded-xl border border-vault-600 bg-vault-950 p-3 has-[:checked]:border-brass-500 has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-brass-500/40"
          >
            <input
              type="radio"
              name={name}
              value={value}
              checked={target === value}
              onChange={() => onChange(value)}
              className="mt-0.5 accent-brass-500"
            />
            <span>
              <span className="block font-semibold text-sm text-white">{label}</span>
              <span className="block text-steel-400 text-xs">{hint}</span>
            </span>
          </label>
        ))}
      </div>
    </fieldset>
  );
}

function RelistForm({ purchase, showId, onDone }: { purchase: AdminPurchase; showId: string; onDone: () => void }) {
  const shows = useShows();
  const relist = useRelistPurchase(showId);
  const [target, setTarget] = useState<Target>('show');
  const [targetShow, setTargetShow] = useState('');
  const [price, setPrice] = useState('');
  const [errors, setErrors] = useState<{ showId?: string; price?: string }>({});
  const open = (shows.data ?? []).filter(acceptsItems);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const body =
      target === 'show' ? { target, showId: targetShow } : { target, ...(price.trim() ? { price: price.trim() } : {}) };
    // The route's own schema, so the form refuses what the server would, in the same words.
    const parsed = RelistBody.safeParse(body);
    if (!parsed.success) {
      const issue = (field: string) => parsed.error.issues.find((i) => i.path[0] === field)?.message;
      setErrors({ showId: issue('showId'), price: issue('price') });
      return;
    }
    setErrors({});
    const where = target === 'show' ? open.find((s) => s.id === targetShow)?.title : undefined;
    relist.mutate(
      { purchaseId: purchase.id, body },
      {
        onSuccess: (item) => {
          toast({
            title: 'Item relisted',
            description: where
              ? `${item.title} joined the lineup of ${where}.`
              : `${item.title} is a test product for ${formatMoney(item.price)}.`,
            variant: 'success',
          });
          onDone();
        },
        onError: (e) =>
          toast({
            title: 'Failed to relist item',
            description: serverMessage(e) ?? 'Please try again',
            variant: 'destructive',
          }),
      },
    );
  };

  return (
    <form onSubmit={submit} noValidate className="space-y-4">
      <TargetChoice target={target} onChange={setTarget} />
      {target === 'show' ? (
        shows.isPending ? (
          <p className="text-sm text-steel-400">Loading shows...</p>
        ) : open.length === 0 ? (
          <Alert tone="warning">Every show is live right now. Relist it as a test product, or after the show.</Alert>
        ) : (
          <SelectField
            label="Show"
            error={errors.showId}
            value={targetShow}
            onChange={(e) => {
              setTargetShow(e.target.value);
              setErrors({});
            }}
            options={[{ value: '', label: 'Select a show' }, ...open.map((s) => ({ value: s.id, label: s.title }))]}
          />
        )
      ) : (
        <FormField
          label="Price (optional)"
          inputMode="decimal"
          placeholder={purchase.amount}
          hint={`Leave empty to keep ${formatMoney(purchase.amount)}.`}
          error={errors.price}
          value={price}
          onChange={(e) => {
            setPrice(e.target.value);
            setErrors({});
          }}
        />
      )}
      <div className="grid grid-cols-2 gap-3 pt-1">
        <Button variant="secondary" onClick={onDone} disabled={relist.isPending}>
          Cancel
        </Button>
        <Button type="submit" disabled={relist.isPending}>
          {relist.isPending ? 'Relisting...' : 'Relist Item'}
        </Button>
      </div>
    </form>
  );
}

/**
 * Puts a voided purchase's item on sale again, as a new item: into a show that is not live, or as
 * a test product. The purchase itself stays in the list, as history.
 */
export function RelistDialog({
  purchase,
  showId,
  onClose,
}: {
  purchase: AdminPurchase | null;
  showId: string;
  onClose: () => void;
}) {
  return (
    <DialogRoot open={purchase !== null} onOpenChange={(open) => (open ? undefined : onClose())}>
      {purchase ? (
        <DialogPanel title="Relist Item" description={`${purchase.itemTitle}: back on sale as a new item.`}>
          <RelistForm purchase={purchase} showId={showId} onDone={onClose} />
        </DialogPanel>
      ) : null}
    </DialogRoot>
  );
}
