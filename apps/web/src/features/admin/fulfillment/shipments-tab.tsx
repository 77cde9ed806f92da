import type { AdminShipment } from '@vault/contracts';
import { useState } from 'react';
import { itemCount } from '../shared/display';
import { type ShipmentTab, useShipments } from './api';
import { MergeDialog } from './merge-dialog';
import { ShipmentCard } from './shipment-card';
import { byShipBy, mergeCandidates } from './shipment-text';
import { SplitDialog } from './split-dialog';

const empty: Record<ShipmentTab, string> = {
  processing: 'Nothing to pack: every package has shipped.',
  shipped: 'No package is on its way.',
  delivered: 'No package has been delivered yet.',
};

const packageCount = (n: number) => `${n} ${n === 1 ? 'package' : 'packages'}`;

/** One tab of packages: to pack (oldest ship-by day first), shipped, or delivered. */
export function ShipmentsTab({ status }: { status: ShipmentTab }) {
  const shipments = useShipments(status);
  const [splitting, setSplitting] = useState<AdminShipment | null>(null);
  const [merging, setMerging] = useState<AdminShipment | null>(null);

  if (shipments.isPending) return <p className="text-sm text-steel-400">Loading packages...</p>;
  if (shipments.isError) {
    return <p className="text-sm text-steel-400">Could not load the packages. Please refresh the page.</p>;
  }
  const list = status === 'processing' ? [...shipments.data].sort(byShipBy) : shipments.data;
  if (list.length === 0) return <p className="text-sm text-steel-400">{empty[status]}</p>;
  const late = list.filter((shipment) => shipment.late).length;
  const items = list.reduce((sum, shipment) => sum + shipment.items.length, 0);

  return (
    <div>
      <p className="text-sm text-steel-400">
        {packageCount(list.length)} · {itemCount(items)}
        {late > 0 ? <span className="font-semibold text-red-400"> · {late} late</span> : null}
      </p>
      <ul aria-label="Packages" className="mt-4 grid grid-cols-1 gap-4">
        {list.map((shipment) => {
          const packing = shipment.status === 'processing';
          const canMerge = packing && mergeCandidates(shipment, list).length > 0;
          return (
            <ShipmentCard
              key={shipment.id}
              shipment={shipment}
              onSplit={packing && shipment.items.length > 1 ? () => setSplitting(shipment) : undefined}
              onMerge={canMerge ? () => setMerging(shipment) : undefined}
            />
          );
        })}
      </ul>
      <SplitDialog shipment={splitting} onClose={() => setSplitting(null)} />
      <MergeDialog
        shipment={merging}
        candidates={merging ? mergeCandidates(merging, list) : []}
        onClose={() => setMerging(null)}
      />
    </div>
  );
}
