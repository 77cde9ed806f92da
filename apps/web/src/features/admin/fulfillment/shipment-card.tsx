import { type AdminShipment, carrierLabels } from '@vault/contracts';
import type { ReactNode } from 'react';
import { Alert } from '../../../components/ui/alert';
import { Badge } from '../../../components/ui/badge';
import { Button, buttonClass } from '../../../components/ui/button';
import { formatDate } from '../../../lib/format';
import { Fact } from '../shared/fact';
import { useDeliver } from './api';
import { packingSlipPath } from './paths';
import { ShipForm } from './ship-form';
import { ShipmentItems } from './shipment-items';
import { authorizationText, memberName, shipByText, showTitle } from './shipment-text';

/** Amber, like the Unclassified marker: something to act on soon, not yet wrong. */
function WarningBadge({ children }: { children: ReactNode }) {
  return (
    <span className="inline-flex items-center rounded-full border border-amber-500/50 bg-amber-950/70 px-2.5 py-0.5 font-semibold text-amber-200 text-xs">
      {children}
    </span>
  );
}

/** Carrier, service, the tracking link and the days it left and arrived. */
function ShippedFacts({ shipment }: { shipment: AdminShipment }) {
  return (
    <dl className="grid grid-cols-2 gap-3 sm:grid-cols-4">
      <Fact label="Carrier">{shipment.carrier ? carrierLabels[shipment.carrier] : '—'}</Fact>
      <Fact label="Service">{shipment.service ?? '—'}</Fact>
      <Fact label="Tracking">
        {shipment.trackingNumber && shipment.trackingUrl ? (
          <a
            href={shipment.trackingUrl}
            target="_blank"
            rel="noopener noreferrer"
            className="break-all text-brass-400 underline-offset-2 hover:underline"
          >
            {shipment.trackingNumber}
          </a>
        ) : (
          (shipment.trackingNumber ?? '—')
        )}
      </Fact>
      {shipment.deliveredAt ? (
        <Fact label="Delivered">{formatDate(shipment.deliveredAt)}</Fact>
      ) : (
        <Fact label="Shipped">{shipment.shippedAt ? formatDate(shipment.shippedAt) : '—'}</Fact>
      )}
    </dl>
  );
}

function DeliverButton({ shipment }: { shipment: AdminShipment }) {
  const deliver = useDeliver(shipment);
  return (
    <Button
      variant="secondary"
      className="w-full sm:w-auto"
      disabled={deliver.isPending}
      onClick={() => deliver.mutate()}
      aria-label={`Mark delivered: ${memberName(shipment.member)}, ${showTitle(shipment)}`}
    >
      {deliver.isPending ? 'Saving...' : 'Mark delivered'}
    </Button>
  );
}

/**
 * One package on the bench: who, where, by when, what is in it and what it is worth, and what can
 * be done with it now (pack and ship it; split or merge it first; mark it delivered).
 */
export function ShipmentCard({
  shipment,
  onSplit,
  onMerge,
}: {
  shipment: AdminShipment;
  /** Offered while the package is still to pack and has more than one item. */
  onSplit?: () => void;
  /** Offered while another package of the member's to the same address is still to pack. */
  onMerge?: () => void;
}) {
  const packing = shipment.status === 'processing';
  const name = memberName(shipment.member);
  return (
    <li className="flex min-w-0 flex-col gap-4 rounded-2xl border border-vault-700 bg-vault-900 p-4 sm:p-5">
      <div className="flex flex-col gap-3 sm:flex-row sm:items-start sm:justify-between">
        <div className="min-w-0">
          <p className="break-words font-semibold text-white">{name}</p>
          {shipment.member.fullName ? (
            <p className="break-all text-steel-400 text-xs">{shipment.member.email}</p>
          ) : null}
          <p className="mt-1 break-words text-sm text-steel-300">{showTitle(shipment)}</p>
        </div>
        <div className="flex flex-wrap gap-1.5 sm:justify-end">
          {shipment.late ? <Badge variant="destructive">Late</Badge> : null}
          {shipment.status === 'processing' || shipment.status === 'shipping' ? (
            <span className="rounded-full border border-vault-600 px-2.5 py-0.5 text-steel-200 text-xs">
              {shipByText(shipment.shipBy)}
            </span>
          ) : null}
          {shipment.adultSignature ? <Badge variant="outline">Adult signature</Badge> : null}
          {shipment.authorizationExpiring && shipment.authorizationExpiresAt ? (
            <WarningBadge>{authorizationText(shipment.authorizationExpiresAt)}</WarningBadge>
          ) : null}
        </div>
      </div>

      <dl>
        <Fact label="Ship to">{shipment.shipTo}</Fact>
      </dl>

      {shipment.lastError ? (
        <Alert tone="error" title="Not shipped">
          {shipment.lastError}
        </Alert>
      ) : null}

      <ShipmentItems items={shipment.items} total={shipment.total} />

      {shipment.status === 'shipping' ? (
        <Alert tone="info" title="Capturing payment…">
          The package is marked shipped once every payment in it is captured.
        </Alert>
      ) : null}

      {packing ? (
        <>
          <div className="grid grid-cols-2 gap-2 sm:flex sm:flex-wrap">
            <a
              href={packingSlipPath(shipment.id)}
              target="_blank"
              rel="noopener noreferrer"
              className={buttonClass('secondary', 'min-h-10 px-4')}
              aria-label={`Packing slip for ${name} (opens in a new tab)`}
            >
              Packing slip
            </a>
            {[
              { label: 'Split', onClick: onSplit, name: `Split ${name}'s package` },
              { label: 'Merge', onClick: onMerge, name: `Merge ${name}'s packages` },
            ].map((action) =>
              action.onClick ? (
                <Button
                  key={action.label}
                  variant="secondary"
                  className="min-h-10 px-4"
                  onClick={action.onClick}
                  aria-label={action.name}
                >
                  {action.label}
                </Button>
              ) : null,
            )}
          </div>
          <div className="border-vault-700 border-t pt-4">
            <ShipForm shipment={shipment} />
          </div>
        </>
      ) : null}

      {shipment.status === 'shipped' || shipment.status === 'delivered' ? <ShippedFacts shipment={shipment} /> : null}
      {shipment.status === 'shipped' ? <DeliverButton shipment={shipment} /> : null}
    </li>
  );
}
