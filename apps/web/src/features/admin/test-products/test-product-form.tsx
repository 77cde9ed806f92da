import { zodResolver } from '@hookform/resolvers/zod';
import {
  type AdminTestProduct,
  CreateTestProductBody,
  TEST_PRODUCT_PRICE,
  UpdateTestProductBody,
} from '@vault/contracts';
import { type UseFormRegisterReturn, useForm } from 'react-hook-form';
import { z } from 'zod';
import { Alert } from '../../../components/ui/alert';
import { DialogPanel, DialogRoot } from '../../../components/ui/dialog';
import { FormField } from '../../../components/ui/form-field';
import { TextareaField } from '../../../components/ui/textarea-field';
import { serverMessage } from '../../../lib/api-client';
import { toast } from '../../../lib/toast';
import { FormActions } from '../shared/form-actions';
import { LegalClassChoice } from '../shared/legal-facts';
import { LegalFields } from '../shared/legal-fields';
import { ImageUrlList } from '../uploads/image-url-list';
import { NO_IMAGES, useImageList } from '../uploads/use-image-list';
import { useCreateTestProduct, useUpdateTestProduct } from './api';

type FieldName = 'title' | 'description' | 'price' | 'category' | 'bladeType' | 'legalClass' | 'bladeLength';

// The contract's schemas, the class read from a select that starts on "Select a legal class" (""):
// a product is always given one, on create and on edit.
const AddProductSchema = CreateTestProductBody.extend({ legalClass: LegalClassChoice });
const EditProductSchema = z.object(UpdateTestProductBody.shape).extend({ legalClass: LegalClassChoice });
type Fields = Record<FieldName, { input: UseFormRegisterReturn; error?: string }>;

/** The fields both forms show; each form registers them with its own schema. */
function ProductFields({
  fields,
  imageUrls,
  onImages,
  warnNoImages,
}: {
  fields: Fields;
  imageUrls: string[];
  onImages: (urls: string[]) => void;
  warnNoImages: boolean;
}) {
  return (
    <>
      <FormField label="Name" error={fields.title.error} {...fields.title.input} />
      <TextareaField label="Description" error={fields.description.error} {...fields.description.input} />
      <div className="grid grid-cols-2 gap-3">
        <FormField
          label="Price"
          inputMode="decimal"
          placeholder={TEST_PRODUCT_PRICE}
          error={fields.price.error}
          {...fields.price.input}
        />
        <FormField label="Category" error={fields.category.error} {...fields.category.input} />
        <FormField
          label="Blade type"
          className="col-span-2 sm:col-span-1"
          error={fields.bladeType.error}
          {...fields.bladeType.input}
        />
      </div>
      <LegalFields legalClass={fields.legalClass} bladeLength={fields.bladeLength} />
      <ImageUrlList urls={imageUrls} onChange={onImages} />
      {warnNoImages ? <Alert tone="warning">{NO_IMAGES}</Alert> : null}
    </>
  );
}

const failed = (title: string, error: unknown) =>
  toast({ title, description: serverMessage(error) ?? 'Please try again', variant: 'destructive' });

/** Add Test Product: validated by the same schema as POST /api/admin/test-products. */
function CreateForm({ onDone }: { onDone: () => void }) {
  const create = useCreateTestProduct();
  const images = useImageList([]);
  const form = useForm({
    resolver: zodResolver(AddProductSchema),
    defaultValues: {
      title: '',
      description: '',
      price: TEST_PRODUCT_PRICE,
      category: '',
      bladeType: '',
      legalClass: '',
      bladeLength: '',
    },
  });
  const { errors } = form.formState;
  const field = (name: FieldName) => ({ input: form.register(name), error: errors[name]?.message });

  const onSubmit = form.handleSubmit(async (values) => {
    const noImages = images.checkEmpty();
    try {
      const product = await create.mutateAsync({ ...values, imageUrls: images.imageUrls });
      toast({
        title: 'Test product created',
        description: noImages ? NO_IMAGES : `${product.title} is on sale for members now.`,
        variant: 'success',
      });
      onDone();
    } catch (error) {
      failed('Failed to create test product', error);
    }
  });

  const fields = fieldsOf(field);
  return (
    <form onSubmit={onSubmit} noValidate className="space-y-4">
      <ProductFields
        fields={fields}
        imageUrls={images.imageUrls}
        onImages={images.onImages}
        warnNoImages={images.warnNoImages}
      />
      <FormActions pending={create.isPending} label="Add Product" pendingLabel="Adding..." onCancel={onDone} />
    </form>
  );
}

/** Every field of the form, as ProductFields shows them. */
function fieldsOf<F>(field: (name: FieldName) => F): Record<FieldName, F> {
  return {
    title: field('title'),
    description: field('description'),
    price: field('price'),
    category: field('category'),
    bladeType: field('bladeType'),
    legalClass: field('legalClass'),
    bladeLength: field('bladeLength'),
  };
}

/** Edit Test Product: every field sent; an emptied optional one is cleared (PATCH semantics). */
function EditForm({ product, onDone }: { product: AdminTestProduct; onDone: () => void }) {
  const update = useUpdateTestProduct();
  const images = useImageList(product.imageUrls);
  const form = useForm({
    resolver: zodResolver(EditProductSchema),
    defaultValues: {
      title: product.title,
      description: product.description ?? '',
      price: product.price,
      category: product.category ?? '',
      bladeType: product.bladeType ?? '',
      legalClass: product.legalClass ?? '',
      bladeLength: product.bladeLength ?? '',
    },
  });
  const { errors } = form.formState;
  const field = (name: FieldName) => ({ input: form.register(name), error: errors[name]?.message });

  const onSubmit = form.handleSubmit(async (values) => {
    const noImages = images.checkEmpty();
    try {
      await update.mutateAsync({ id: product.id, body: { ...values, imageUrls: images.imageUrls } });
      toast({ title: 'Test product updated', description: noImages ? NO_IMAGES : undefined, variant: 'success' });
      onDone();
    } catch (error) {
      failed('Failed to update test product', error);
    }
  });

  const fields = fieldsOf(field);
  return (
    <form onSubmit={onSubmit} noValidate className="space-y-4">
      <ProductFields
        fields={fields}
        imageUrls={images.imageUrls}
        onImages={images.onImages}
        warnNoImages={images.warnNoImages}
      />
      <FormActions pending={update.isPending} label="Save Changes" pendingLabel="Saving..." onCancel={onDone} />
    </form>
  );
}

/** Add (no product) or Edit (a product) in one dialog; the form mounts afresh at each opening. */
export function TestProductDialog({
  open,
  product,
  onClose,
}: {
  open: boolean;
  product: AdminTestProduct | null;
  onClose: () => void;
}) {
  return (
    <DialogRoot open={open} onOpenChange={(next) => (next ? undefined : onClose())}>
      {open ? (
        <DialogPanel
          title={product ? 'Edit Test Product' : 'Add Test Product'}
          description={product ? product.title : 'Members can buy it at once, between shows.'}
        >
          {product ? <EditForm product={product} onDone={onClose} /> : <CreateForm onDone={onClose} />}
        </DialogPanel>
      ) : null}
    </DialogRoot>
  );
}
