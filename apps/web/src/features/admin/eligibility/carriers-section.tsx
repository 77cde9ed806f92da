import { zodResolver } from '@hookform/resolvers/zod';
import {
  CARRIERS,
  type ClassShippingView,
  carrierLabels,
  classShippingMessages,
  legalClassLabels,
  NOT_BY_USPS,
} from '@vault/contracts';
import { useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { FormField } from '../../../components/ui/form-field';
import { serverMessage } from '../../../lib/api-client';
import { toast } from '../../../lib/toast';
import { useClassShipping, useSaveClassShipping } from './api';
import { ShippingFormSchema, type ShippingFormValues, shippingFormValues } from './shipping-form';

function CarrierChecks({
  legalClass,
  value,
  onChange,
  error,
}: {
  legalClass: ClassShippingView['legalClass'];
  value: ShippingFormValues['carriers'];
  onChange: (carriers: ShippingFormValues['carriers']) => void;
  error?: string;
}) {
  // USPS does not carry these classes for the public: offered only to be unticked, never to be ticked.
  const noUsps = NOT_BY_USPS.includes(legalClass);
  return (
    <fieldset>
      <legend className="mb-1.5 font-medium text-sm text-steel-200">Carriers</legend>
      <div className="grid grid-cols-2 gap-2">
        {CARRIERS.map((carrier) => {
          const checked = value.includes(carrier);
          const blocked = carrier === 'usps' && noUsps && !checked;
          return (
            <label
              key={carrier}
              className={`flex min-h-10 items-center gap-2 rounded-xl border border-vault-700 px-3 text-sm ${blocked ? 'text-steel-400 opacity-60' : 'cursor-pointer text-steel-200'}`}
            >
              <input
                type="checkbox"
                className="size-4 accent-brass-500"
                checked={checked}
                disabled={blocked}
                onChange={(e) => onChange(e.target.checked ? [...value, carrier] : value.filter((c) => c !== carrier))}
              />
              {carrierLabels[carrier]}
            </label>
          );
        })}
      </div>
      {noUsps ? <p className="mt-1.5 text-steel-400 text-xs">USPS does not carry them (Publication 52).</p> : null}
      {error ? (
        <p role="alert" className="mt-1.5 text-red-400 text-sm">
          {error}
        </p>
      ) : null}
    </fieldset>
  );
}

function ClassShippingCard({ shipping }: { shipping: ClassShippingView }) {
  const save = useSaveClassShipping();
  const [formError, setFormError] = useState<string | null>(null);
  const label = legalClassLabels[shipping.legalClass].one;
  const form = useForm({ resolver: zodResolver(ShippingFormSchema), defaultValues: shippingFormValues(shipping) });
  const { errors, isDirty } = form.formState;

  const onSubmit = form.handleSubmit(async (body) => {
    setFormError(null);
    try {
      const saved = await save.mutateAsync({ legalClass: shipping.legalClass, body });
      form.reset(shippingFormValues(saved));
      toast({ title: 'Carriers saved', description: label, variant: 'success' });
    } catch (error) {
      const message = serverMessage(error) ?? 'Could not save the carriers. Please try again.';
      if (message === classShippingMessages.notByUsps(shipping.legalClass)) form.setError('carriers', { message });
      else setFormError(message);
    }
  });

  return (
    <li className="rounded-2xl border border-vault-700 bg-vault-900 p-4">
      <form onSubmit={onSubmit} noValidate aria-label={`Carriers for ${label}`} className="space-y-3">
        <h3 className="font-semibold text-white">{label}</h3>
        <Controller
          control={form.control}
          name="carriers"
          render={({ field }) => (
            <CarrierChecks
              legalClass={shipping.legalClass}
              value={field.value}
              onChange={field.onChange}
              error={errors.carriers?.message}
            />
          )}
        />
        <FormField
          label="Adult signature over ($)"
          inputMode="decimal"
          placeholder="Never"
          hint="Parcels worth more need an adult's signature. Empty: never."
          error={errors.adultSignatureOver?.message}
          {...form.register('adultSignatureOver')}
        />
        {formError ? <Alert tone="error">{formError}</Alert> : null}
        <Button type="submit" variant="secondary" className="w-full sm:w-auto" disabled={!isDirty || save.isPending}>
          {save.isPending ? 'Saving...' : 'Save'}
        </Button>
      </form>
    </li>
  );
}

/** Which carriers may take each legal class, and from what value a parcel needs an adult signature. */
export function CarriersSection() {
  const classes = useClassShipping();
  if (classes.isPending) return <p className="text-sm text-steel-400">Loading legal classes...</p>;
  if (classes.isError) {
    return <p className="text-sm text-steel-400">Could not load the legal classes. Please refresh the page.</p>;
  }
  return (
    <div>
      <p className="text-sm text-steel-400">
        Shipments of each class go only by the carriers ticked here. Check each carrier's own terms with counsel.
      </p>
      <ul aria-label="Legal classes" className="mt-4 grid grid-cols-1 gap-3 sm:grid-cols-2 lg:grid-cols-3">
        {classes.data.map((shipping) => (
          <ClassShippingCard key={shipping.legalClass} shipping={shipping} />
        ))}
      </ul>
    </div>
  );
}
