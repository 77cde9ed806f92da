import type { AdminShowItem } from '@vault/contracts';
import { useState } from 'react';
import { HeartTally } from '../../../components/heart-tally';
import { Alert } from '../../../components/ui/alert';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { formatMoney } from '../../../lib/format';
import { itemCount, itemStatusVariant } from '../shared/display';
import { LegalFactsLine } from '../shared/legal-facts-line';
import { useShows } from '../shows/api';
import { AddShowItemDialog } from './add-show-item-dialog';
import { useShowItems } from './api';
import { EditShowItemDialog } from './edit-show-item-dialog';
import { saleModeText } from './sale-mode';

function ItemCard({
  item,
  showTitle,
  onEdit,
}: {
  item: AdminShowItem;
  showTitle: string | undefined;
  onEdit: () => void;
}) {
  const image = item.imageUrls[0];
  const saleMode = saleModeText(item);
  return (
    <li
      className={`flex gap-3 rounded-2xl border bg-vault-900 p-3 ${item.legalClass ? 'border-vault-700' : 'border-amber-500/50'}`}
    >
      {image ? (
        <img src={image} alt="" className="size-16 shrink-0 rounded-xl bg-vault-800 object-cover" />
      ) : (
        <div className="flex size-16 shrink-0 items-center justify-center rounded-xl bg-vault-800 text-[10px] text-steel-400">
          No image
        </div>
      )}
      <div className="min-w-0 flex-1">
        <p className="break-words font-semibold text-sm text-white">{item.name}</p>
        {showTitle ? <p className="truncate text-steel-400 text-xs">{showTitle}</p> : null}
        <LegalFactsLine item={item} />
        {saleMode ? <p className="mt-0.5 font-medium text-brass-400 text-xs">{saleMode}</p> : null}
        <div className="mt-1.5 flex items-center justify-between gap-2">
          <span className="font-semibold text-brass-400 text-sm tabular-nums">{formatMoney(item.price)}</span>
          <span className="flex items-center gap-2">
            <HeartTally count={item.hearts} />
            <Badge variant={itemStatusVariant(item.status)}>{item.status}</Badge>
          </span>
        </div>
        <Button variant="secondary" className="mt-2 w-full" onClick={onEdit} aria-label={`Edit ${item.name}`}>
          Edit
        </Button>
      </div>
    </li>
  );
}

/** The Show Items tab: the inventory grid (each item's class and blade, Edit), and the Add Show Item dialog. */
export function ShowItemsTab() {
  const items = useShowItems();
  const shows = useShows();
  const [adding, setAdding] = useState(false);
  const [editing, setEditing] = useState<AdminShowItem | null>(null);
  const unclassified = items.data?.filter((item) => item.legalClass === null).length ?? 0;
  // GET /api/shows lists the live shows only; any other item belongs to the standing $1 test products.
  const titleOf = (showId: string) =>
    shows.data ? (shows.data.find((s) => s.id === showId)?.title ?? 'Test product') : undefined;

  return (
    <div>
      <div className="flex items-center justify-between gap-3">
        <p className="text-sm text-steel-400">{items.data ? `${itemCount(items.data.length)} in the vault` : ''}</p>
        <Button onClick={() => setAdding(true)}>Add Show Item</Button>
      </div>
      {unclassified > 0 ? (
        <div className="mt-4">
          <Alert tone="warning" title={`${itemCount(unclassified)} unclassified`}>
            Members cannot buy an item until it has a legal class and a blade length. Edit it to classify it.
          </Alert>
        </div>
      ) : null}
      {items.isPending ? (
        <p className="mt-4 text-sm text-steel-400">Loading items...</p>
      ) : items.isError ? (
        <p className="mt-4 text-sm text-steel-400">Could not load the items. Please refresh the page.</p>
      ) : items.data.length === 0 ? (
        <p className="mt-4 text-sm text-steel-400">No items yet. Add the first knife for a show.</p>
      ) : (
        <ul aria-label="Show items" className="mt-4 grid grid-cols-1 gap-3 sm:grid-cols-2 lg:grid-cols-3">
          {items.data.map((item) => (
            <ItemCard key={item.id} item={item} showTitle={titleOf(item.showId)} onEdit={() => setEditing(item)} />
          ))}
        </ul>
      )}
      <AddShowItemDialog open={adding} onOpenChange={setAdding} shows={shows.data ?? []} />
      <EditShowItemDialog
        item={editing}
        perKnifeSeconds={editing ? shows.data?.find((s) => s.id === editing.showId)?.perKnifeSeconds : undefined}
        onClose={() => setEditing(null)}
      />
    </div>
  );
}
