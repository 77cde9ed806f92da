import { zodResolver } from '@hookform/resolvers/zod';
import { type AdminShipment, type Carrier, carrierFormats, normalizeTrackingNumber } from '@vault/contracts';
import { useForm } from 'react-hook-form';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { FormField } from '../../../components/ui/form-field';
import { SelectField } from '../../../components/ui/select-field';
import { serverMessage } from '../../../lib/api-client';
import { useShip } from './api';
import { ShipFormSchema, shipFormDefaults } from './ship-form-schema';
import { carrierOptions, serviceOptions } from './shipment-text';

/**
 * Mark shipped: the carriers offered are only those every item's legal class allows; the server
 * captures the package's payments before it calls the package shipped, and a refusal (a payment
 * not captured) is shown here, on the package it concerns.
 */
export function ShipForm({ shipment }: { shipment: AdminShipment }) {
  const ship = useShip(shipment);
  const form = useForm({ resolver: zodResolver(ShipFormSchema), defaultValues: shipFormDefaults(shipment) });
  const { errors, isSubmitted } = form.formState;
  const carrier = form.watch('carrier');

  if (shipment.carriers.length === 0) {
    return (
      <Alert tone="warning" title="No carrier may carry every item">
        Split the package so each part can travel by a carrier its items allow.
      </Alert>
    );
  }

  const onSubmit = form.handleSubmit((values) =>
    ship.mutate({
      carrier: values.carrier,
      service: values.service || undefined,
      trackingNumber: normalizeTrackingNumber(values.trackingNumber),
    }),
  );
  const refusal = ship.error ? (serverMessage(ship.error) ?? 'Could not mark it shipped. Please try again.') : null;
  // A refused capture also becomes the package's last error, which the card shows above with the
  // gateway's reason per item: the same words twice would read as two problems.
  const shownAbove = refusal !== null && (shipment.lastError?.includes(refusal) ?? false);
  const onCarrier = (next: Carrier) => {
    form.setValue('service', carrierFormats[next].services[0] ?? '');
    if (isSubmitted) void form.trigger('trackingNumber');
  };

  return (
    <form onSubmit={onSubmit} noValidate aria-label="Ship" className="space-y-3">
      <div className="grid grid-cols-1 gap-3 sm:grid-cols-3">
        <SelectField
          label="Carrier"
          options={carrierOptions(shipment.carriers)}
          error={errors.carrier?.message}
          {...form.register('carrier', { onChange: (e) => onCarrier(e.target.value as Carrier) })}
        />
        <SelectField label="Service" options={serviceOptions(carrier)} {...form.register('service')} />
        <FormField
          label="Tracking number"
          autoComplete="off"
          spellCheck={false}
          placeholder={carrierFormats[carrier].example}
          error={errors.trackingNumber?.message}
          {...form.register('trackingNumber')}
        />
      </div>
      {refusal && !shownAbove ? (
        <Alert tone="error" title="Not shipped">
          {refusal}
        </Alert>
      ) : null}
      <Button type="submit" className="w-full sm:w-auto" disabled={ship.isPending}>
        {ship.isPending ? 'Capturing payment…' : 'Mark shipped'}
      </Button>
    </form>
  );
}
