import { zodResolver } from '@hookform/resolvers/zod';
import { type AdminShow, CreateShowItemBody } from '@vault/contracts';
import { type ReactNode, useMemo } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { DialogPanel, DialogRoot } from '../../../components/ui/dialog';
import { FormField } from '../../../components/ui/form-field';
import { SelectField } from '../../../components/ui/select-field';
import { serverMessage } from '../../../lib/api-client';
import { toast } from '../../../lib/toast';
import { FormActions } from '../shared/form-actions';
import { LegalClassChoice } from '../shared/legal-facts';
import { NO_IMAGES } from '../uploads/use-image-list';
import { useCreateShowItem } from './api';
import { type CoreItemField, ItemFields } from './item-fields';
import { ItemImages, useItemImages } from './item-images';
import { checkSaleMode, saleModeChoice, saleModeFormFields } from './sale-mode';
import { SaleModeFields } from './sale-mode-fields';

// The contract's schema, its class read from a select that starts on "Select a legal class" (""),
// so the admin must choose one; the sale mode's window is checked against the chosen show's time
// per item, as the API checks it.
const AddItemForm = CreateShowItemBody.extend({ legalClass: LegalClassChoice, ...saleModeFormFields });

const perKnifeOf = (shows: AdminShow[], showId: string) => shows.find((s) => s.id === showId)?.perKnifeSeconds;

const addItemForm = (shows: AdminShow[]) =>
  AddItemForm.superRefine((values, ctx) => checkSaleMode(values, ctx, (v) => perKnifeOf(shows, v.showId)));

const emptyItem: z.input<typeof AddItemForm> = {
  showId: '',
  title: '',
  description: '',
  price: '',
  category: '',
  bladeType: '',
  steelType: '',
  blade: '',
  handlesSpec: '',
  hardwareSpec: '',
  clipSpec: '',
  breakerSpec: '',
  mainVideoUrl: '',
  legalClass: '',
  bladeLength: '',
  saleMode: 'first_press',
  drawWindowSeconds: '',
};

const specFields = [
  ['blade', 'Blade specs'],
  ['handlesSpec', 'Handle specs'],
  ['hardwareSpec', 'Hardware specs'],
  ['clipSpec', 'Clip specs'],
  ['breakerSpec', 'Breaker specs'],
] as const;

const coreFields: readonly CoreItemField[] = [
  'title',
  'description',
  'price',
  'category',
  'bladeType',
  'legalClass',
  'bladeLength',
  'mainVideoUrl',
];

function SpecDetails({ children }: { children: ReactNode }) {
  return (
    // Optional detail: folded away so the form stays short on a phone.
    <details className="group rounded-2xl border border-vault-700 p-4">
      <summary className="flex cursor-pointer list-none items-center justify-between font-semibold text-sm text-steel-200 [&::-webkit-details-marker]:hidden">
        Specifications (optional)
        <svg
          viewBox="0 0 20 20"
          className="size-4 text-steel-400 transition-transform group-open:rotate-180"
          aria-hidden="true"
        >
          <path d="M5 8l5 5 5-5" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
        </svg>
      </summary>
      <div className="mt-4 grid grid-cols-1 gap-3 sm:grid-cols-2">{children}</div>
    </details>
  );
}

/** Add Show Item: the show item form, validated by the same schema as POST /api/show-items. */
function ShowItemForm({ shows, onDone }: { shows: AdminShow[]; onDone: () => void }) {
  const create = useCreateShowItem();
  const images = useItemImages([]);
  const schema = useMemo(() => addItemForm(shows), [shows]);
  const form = useForm({ resolver: zodResolver(schema), defaultValues: emptyItem });
  const { errors } = form.formState;
  const perKnifeSeconds = perKnifeOf(shows, form.watch('showId'));
  const saleMode = form.watch('saleMode');
  const fields = Object.fromEntries(
    coreFields.map((name) => [name, { input: form.register(name), error: errors[name]?.message }]),
  ) as Record<CoreItemField, { input: ReturnType<typeof form.register>; error?: string }>;

  const onSubmit = form.handleSubmit(async (values) => {
    // No images is only a warning (Consider adding at least one image); the item is still created.
    const noImages = images.checkEmpty();
    // Checked by the schema already: this only turns the typed window into the body's number.
    const choice = saleModeChoice(values, perKnifeOf(shows, values.showId));
    if (!choice.ok) return;
    try {
      await create.mutateAsync({
        ...values,
        saleMode: choice.saleMode,
        drawWindowSeconds: choice.drawWindowSeconds,
        imageUrls: images.imageUrls,
      });
      toast({
        title: 'Show item created successfully!',
        description: noImages ? NO_IMAGES : undefined,
        variant: 'success',
      });
      onDone();
    } catch (error) {
      toast({
        title: 'Failed to create show item',
        description: serverMessage(error) ?? 'Please try again',
        variant: 'destructive',
      });
    }
  });

  return (
    <form onSubmit={onSubmit} noValidate className="space-y-4">
      <SelectField
        label="Show"
        error={errors.showId?.message}
        options={[{ value: '', label: 'Select a show' }, ...shows.map((s) => ({ value: s.id, label: s.title }))]}
        {...form.register('showId')}
      />
      <ItemFields
        fields={fields}
        extra={<FormField label="Steel type" error={errors.steelType?.message} {...form.register('steelType')} />}
        details={
          <SpecDetails>
            {specFields.map(([name, label]) => (
              <FormField key={name} label={label} error={errors[name]?.message} {...form.register(name)} />
            ))}
          </SpecDetails>
        }
      />
      <ItemImages images={images} />
      <SaleModeFields
        saleMode={{ input: form.register('saleMode'), error: errors.saleMode?.message }}
        drawWindowSeconds={{ input: form.register('drawWindowSeconds'), error: errors.drawWindowSeconds?.message }}
        current={saleMode}
        perKnifeSeconds={perKnifeSeconds}
      />
      <FormActions
        onCancel={onDone}
        pending={create.isPending}
        label="Create Item"
        pendingLabel="Creating..."
        busy={images.uploads.busy ? 'Uploading...' : undefined}
      />
    </form>
  );
}

export function AddShowItemDialog({
  open,
  onOpenChange,
  shows,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  shows: AdminShow[];
}) {
  return (
    <DialogRoot open={open} onOpenChange={onOpenChange}>
      <DialogPanel title="Add Show Item" description="New items join the end of their show's lineup.">
        {/* Mounted only while open, so every opening starts from an empty form. */}
        <ShowItemForm shows={shows} onDone={() => onOpenChange(false)} />
      </DialogPanel>
    </DialogRoot>
  );
}
