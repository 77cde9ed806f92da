import type { AdminPurchase, AdminShow } from '@vault/contracts';
import { useState } from 'react';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { DialogPanel, DialogRoot } from '../../../components/ui/dialog';
import { formatMoney } from '../../../lib/format';
import { purchaseStatusVariant } from '../../../lib/purchase-status';
import { useSettlePurchase, useShowPurchases } from './api';
import { RelistDialog } from './relist-dialog';

const when = (iso: string) => new Date(iso).toLocaleString('en-US', { dateStyle: 'medium', timeStyle: 'short' });

function PurchaseRow({
  purchase,
  busy,
  onCapture,
  onVoid,
  onRelist,
}: {
  purchase: AdminPurchase;
  busy: boolean;
  onCapture: () => void;
  onVoid: () => void;
  onRelist: () => void;
}) {
  const { buyer } = purchase;
  return (
    <li className="rounded-2xl border border-vault-700 bg-vault-950 p-4">
      <div className="flex items-start justify-between gap-3">
        <div className="min-w-0">
          <p className="break-words font-semibold text-white">{purchase.itemTitle}</p>
          <p className="mt-0.5 break-words text-sm text-steel-200">{buyer.fullName || buyer.email}</p>
          {buyer.fullName ? <p className="break-all text-steel-400 text-xs">{buyer.email}</p> : null}
          <p className="mt-1 text-steel-400 text-xs">{when(purchase.createdAt)}</p>
        </div>
        <div className="flex shrink-0 flex-col items-end gap-1.5">
          <span className="font-semibold text-white tabular-nums">{formatMoney(purchase.amount)}</span>
          <Badge variant={purchaseStatusVariant(purchase.status)}>{purchase.status}</Badge>
          {purchase.relistedItemId ? <Badge variant="secondary">Relisted</Badge> : null}
        </div>
      </div>
      {purchase.status === 'authorized' ? (
        <div className="mt-3 grid grid-cols-2 gap-2">
          <Button className="min-h-10" onClick={onCapture} disabled={busy}>
            Capture
          </Button>
          <Button variant="secondary" className="min-h-10" onClick={onVoid} disabled={busy}>
            Void
          </Button>
        </div>
      ) : null}
      {/* A voided sale frees the knife: it can go back on sale, once. */}
      {purchase.status === 'voided' && !purchase.relistedItemId ? (
        <Button
          variant="secondary"
          className="mt-3 min-h-10 w-full"
          onClick={onRelist}
          aria-label={`Relist ${purchase.itemTitle}`}
        >
          Relist
        </Button>
      ) : null}
    </li>
  );
}

function PurchaseList({ show }: { show: AdminShow }) {
  const purchases = useShowPurchases(show.id);
  const settle = useSettlePurchase(show.id);
  const [voiding, setVoiding] = useState<AdminPurchase | null>(null);
  const [relisting, setRelisting] = useState<AdminPurchase | null>(null);

  const capture = (purchase: AdminPurchase) => settle.mutate({ purchaseId: purchase.id, action: 'capture' });
  const confirmVoid = (purchase: AdminPurchase) =>
    settle.mutate({ purchaseId: purchase.id, action: 'void' }, { onSettled: () => setVoiding(null) });

  if (purchases.isPending) return <p className="text-sm text-steel-400">Loading purchases...</p>;
  if (purchases.isError) return <p className="text-sm text-steel-400">Could not load the purchases.</p>;
  if (purchases.data.length === 0) return <p className="text-sm text-steel-400">No purchases for this show yet.</p>;
  return (
    <>
      <ul aria-label="Purchases" className="space-y-3">
        {purchases.data.map((purchase) => (
          <PurchaseRow
            key={purchase.id}
            purchase={purchase}
            busy={settle.isPending}
            onCapture={() => capture(purchase)}
            onVoid={() => setVoiding(purchase)}
            onRelist={() => setRelisting(purchase)}
          />
        ))}
      </ul>
      <ConfirmDialog
        open={voiding !== null}
        onOpenChange={(open) => (open ? undefined : setVoiding(null))}
        title="Void Payment"
        description={`Void the ${voiding ? formatMoney(voiding.amount) : ''} payment for ${voiding?.itemTitle ?? 'this item'}? The buyer's card hold is released and it can no longer be captured.`}
        confirmLabel="Void Payment"
        pendingLabel="Voiding..."
        pending={settle.isPending}
        onConfirm={() => voiding && confirmVoid(voiding)}
      />
      <RelistDialog purchase={relisting} showId={show.id} onClose={() => setRelisting(null)} />
    </>
  );
}

/** A show's purchases: who bought what, Capture / Void for the ones still only authorized, Relist for voided ones. */
export function PurchasesDialog({ show, onClose }: { show: AdminShow | null; onClose: () => void }) {
  return (
    <DialogRoot open={show !== null} onOpenChange={(open) => (open ? undefined : onClose())}>
      {show ? (
        <DialogPanel title="Purchases" description={show.title}>
          <PurchaseList show={show} />
        </DialogPanel>
      ) : null}
    </DialogRoot>
  );
}
