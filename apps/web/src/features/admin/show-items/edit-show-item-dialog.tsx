import { zodResolver } from '@hookform/resolvers/zod';
import type { AdminShowItem } from '@vault/contracts';
import { useMemo, useState } from 'react';
import { useForm } from 'react-hook-form';
import { Alert } from '../../../components/ui/alert';
import { DialogPanel, DialogRoot } from '../../../components/ui/dialog';
import { serverMessage } from '../../../lib/api-client';
import { toast } from '../../../lib/toast';
import { FormActions } from '../shared/form-actions';
import { NO_IMAGES } from '../uploads/use-image-list';
import { useUpdateShowItem } from './api';
import { changedItemBody, EDITABLE_ITEM_FIELDS, editItemSchema, itemEditValues } from './item-edit';
import { ItemFields } from './item-fields';
import { ItemImages, useItemImages } from './item-images';
import { SaleModeFields } from './sale-mode-fields';

/**
 * Edit Show Item: the Add form's fields prefilled from the inventory (the show stays the item's
 * own), checked by PATCH's schema, and only what changed is sent. An item of a live show also has
 * its sale mode (`perKnifeSeconds` is its show's time per item); a test product has none to choose.
 */
function EditItemForm({
  item,
  perKnifeSeconds,
  onDone,
}: {
  item: AdminShowItem;
  perKnifeSeconds: number | undefined;
  onDone: () => void;
}) {
  const update = useUpdateShowItem();
  const images = useItemImages(item.imageUrls);
  const [initial] = useState(() => ({ values: itemEditValues(item), imageUrls: item.imageUrls }));
  // Raw values: the diff compares what the admin typed with what was there, before any rewriting.
  const schema = useMemo(() => editItemSchema(perKnifeSeconds), [perKnifeSeconds]);
  const form = useForm({
    resolver: zodResolver(schema, undefined, { raw: true }),
    defaultValues: initial.values,
  });
  const { errors } = form.formState;
  const saleMode = form.watch('saleMode');
  const [unchanged, setUnchanged] = useState(false);
  const fields = Object.fromEntries(
    EDITABLE_ITEM_FIELDS.map((name) => [name, { input: form.register(name), error: errors[name]?.message }]),
  ) as Record<(typeof EDITABLE_ITEM_FIELDS)[number], { input: ReturnType<typeof form.register>; error?: string }>;

  const onSubmit = form.handleSubmit(async (values) => {
    const body = changedItemBody(initial, values, images.imageUrls);
    setUnchanged(body === null);
    if (body === null) return;
    const noImages = images.checkEmpty();
    try {
      await update.mutateAsync({ id: item.id, body });
      toast({ title: 'Show item updated', description: noImages ? NO_IMAGES : item.title, variant: 'success' });
      onDone();
    } catch (error) {
      toast({
        title: 'Failed to update show item',
        description: serverMessage(error) ?? 'Please try again',
        variant: 'destructive',
      });
    }
  });

  return (
    <form onSubmit={onSubmit} noValidate className="space-y-4">
      <ItemFields fields={fields} />
      <ItemImages images={images} />
      {perKnifeSeconds === undefined ? null : (
        <SaleModeFields
          saleMode={{ input: form.register('saleMode'), error: errors.saleMode?.message }}
          drawWindowSeconds={{ input: form.register('drawWindowSeconds'), error: errors.drawWindowSeconds?.message }}
          current={saleMode}
          perKnifeSeconds={perKnifeSeconds}
        />
      )}
      {unchanged ? <Alert tone="info">Nothing to change: edit a field first.</Alert> : null}
      <FormActions
        onCancel={onDone}
        pending={update.isPending}
        label="Save Changes"
        pendingLabel="Saving..."
        busy={images.uploads.busy ? 'Uploading...' : undefined}
      />
    </form>
  );
}

export function EditShowItemDialog({
  item,
  perKnifeSeconds,
  onClose,
}: {
  item: AdminShowItem | null;
  /** The item's show's time per item; undefined for a test product (always first press). */
  perKnifeSeconds: number | undefined;
  onClose: () => void;
}) {
  return (
    <DialogRoot open={item !== null} onOpenChange={(open) => (open ? undefined : onClose())}>
      {item ? (
        <DialogPanel
          title="Edit Show Item"
          description={
            item.legalClass ? item.title : `${item.title} is unclassified: choose its legal class so it can be sold.`
          }
        >
          {/* Keyed by item: a second item opened starts from its own values. */}
          <EditItemForm key={item.id} item={item} perKnifeSeconds={perKnifeSeconds} onDone={onClose} />
        </DialogPanel>
      ) : null}
    </DialogRoot>
  );
}
