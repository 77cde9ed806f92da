import type { AdminShow } from '@vault/contracts';
import { useState } from 'react';
import { Button } from '../../../components/ui/button';
import { FormField } from '../../../components/ui/form-field';
import { serverMessage } from '../../../lib/api-client';
import { toast } from '../../../lib/toast';
import { useUpdateShow } from './api';
import { capSummary, parsePurchaseCap } from './purchase-cap';

/**
 * The purchase limit, so one member can't buy up a show: at most this many items of the show per
 * member (PATCH {purchaseCap}); empty
 * means no cap. Until edited, the field shows what the server holds (also after a save).
 */
export function PurchaseCapForm({ show }: { show: AdminShow }) {
  const update = useUpdateShow();
  const saved = show.purchaseCap === null ? '' : String(show.purchaseCap);
  const [edited, setEdited] = useState<string | null>(null);
  const text = edited ?? saved;
  const [error, setError] = useState<string | undefined>();

  const onSubmit = async (event: React.FormEvent) => {
    event.preventDefault();
    const input = parsePurchaseCap(text);
    if (!input.ok) {
      setError(input.message);
      return;
    }
    setError(undefined);
    try {
      await update.mutateAsync({ showId: show.id, body: { purchaseCap: input.cap } });
      setEdited(null);
      toast({ title: 'Purchase limit saved', description: capSummary(input.cap), variant: 'success' });
    } catch (e) {
      toast({
        title: 'Failed to save purchase limit',
        description: serverMessage(e) ?? 'Please try again',
        variant: 'destructive',
      });
    }
  };

  return (
    <form
      onSubmit={onSubmit}
      noValidate
      aria-label={`Purchase limit of ${show.title}`}
      className="space-y-4 rounded-2xl border border-vault-700 bg-vault-950 p-4"
    >
      <h3 className="font-semibold text-steel-200 text-xs uppercase tracking-widest">Fair cap</h3>
      <FormField
        label="Per-member limit"
        type="number"
        inputMode="numeric"
        min={1}
        max={1000}
        step={1}
        placeholder="No limit"
        hint="Items one member may buy in this show. Leave empty for no limit."
        value={text}
        error={error}
        onChange={(e) => {
          setEdited(e.target.value);
          setError(undefined);
        }}
      />
      <Button type="submit" variant="secondary" className="w-full" disabled={text === saved || update.isPending}>
        {update.isPending ? 'Saving...' : 'Save limit'}
      </Button>
    </form>
  );
}
