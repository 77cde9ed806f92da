import { zodResolver } from '@hookform/resolvers/zod';
import { type AdminShow, CreateShowItemBody, type UploadedImage } from '@vault/contracts';
import { useCallback, useState } from 'react';
import { useForm } from 'react-hook-form';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { DialogPanel, DialogRoot } from '../../../components/ui/dialog';
import { FormField } from '../../../components/ui/form-field';
import { SelectField } from '../../../components/ui/select-field';
import { TextareaField } from '../../../components/ui/textarea-field';
import { serverMessage } from '../../../lib/api-client';
import { toast } from '../../../lib/toast';
import { ImageDropZone } from '../uploads/image-drop-zone';
import { ImageUrlList } from '../uploads/image-url-list';
import { useImageUploads } from '../uploads/use-image-uploads';
import { useCreateShowItem } from './api';

const NO_IMAGES = 'Consider adding at least one image';

const emptyItem: CreateShowItemBody = {
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
};

const specFields = [
  ['blade', 'Blade specs'],
  ['handlesSpec', 'Handle specs'],
  ['hardwareSpec', 'Hardware specs'],
  ['clipSpec', 'Clip specs'],
  ['breakerSpec', 'Breaker specs'],
] as const;

/** Add Show Item: the show item form, validated by the same schema as POST /api/show-items. */
function ShowItemForm({ shows, onDone }: { shows: AdminShow[]; onDone: () => void }) {
  const create = useCreateShowItem();
  const [imageUrls, setImageUrls] = useState<string[]>([]);
  const [warnNoImages, setWarnNoImages] = useState(false);
  // Uploaded images by URL: their file names, for the list (a pasted URL is shown as itself).
  const [uploadedNames, setUploadedNames] = useState<Record<string, string>>({});
  const onUploaded = useCallback((image: UploadedImage, fileName: string) => {
    setImageUrls((urls) => (urls.includes(image.url) ? urls : [...urls, image.url]));
    setUploadedNames((names) => ({ ...names, [image.url]: fileName }));
    setWarnNoImages(false);
  }, []);
  const uploads = useImageUploads(onUploaded);
  const form = useForm({ resolver: zodResolver(CreateShowItemBody), defaultValues: emptyItem });
  const { errors } = form.formState;

  const onSubmit = form.handleSubmit(async (values) => {
    // No images is only a warning (Consider adding at least one image); the item is still created.
    const noImages = imageUrls.length === 0;
    setWarnNoImages(noImages);
    try {
      await create.mutateAsync({ ...values, imageUrls });
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
      <FormField label="Name" error={errors.title?.message} {...form.register('title')} />
      <TextareaField label="Description" error={errors.description?.message} {...form.register('description')} />
      <div className="grid grid-cols-2 gap-3">
        <FormField
          label="Price"
          inputMode="decimal"
          placeholder="0.00"
          error={errors.price?.message}
          {...form.register('price')}
        />
        <FormField label="Category" error={errors.category?.message} {...form.register('category')} />
        <FormField label="Blade type" error={errors.bladeType?.message} {...form.register('bladeType')} />
        <FormField label="Steel type" error={errors.steelType?.message} {...form.register('steelType')} />
      </div>
      {/* Optional detail: folded away so the form stays short on a phone. */}
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
        <div className="mt-4 grid grid-cols-1 gap-3 sm:grid-cols-2">
          {specFields.map(([name, label]) => (
            <FormField key={name} label={label} error={errors[name]?.message} {...form.register(name)} />
          ))}
        </div>
      </details>
      <FormField
        label="Main video URL"
        type="url"
        inputMode="url"
        placeholder="https://…"
        error={errors.mainVideoUrl?.message}
        {...form.register('mainVideoUrl')}
      />
      <ImageDropZone
        entries={uploads.entries}
        news={uploads.news}
        onFiles={uploads.addFiles}
        onDismiss={uploads.dismiss}
      />
      <ImageUrlList
        urls={imageUrls}
        labels={uploadedNames}
        onChange={(urls) => {
          setImageUrls(urls);
          if (urls.length > 0) setWarnNoImages(false);
        }}
      />
      {warnNoImages ? <Alert tone="warning">{NO_IMAGES}</Alert> : null}
      <div className="grid grid-cols-2 gap-3 pt-1">
        <Button variant="secondary" onClick={onDone} disabled={create.isPending}>
          Cancel
        </Button>
        {/* Not while images are still uploading: the item would be created without them. */}
        <Button type="submit" disabled={create.isPending || uploads.busy}>
          {create.isPending ? 'Creating...' : uploads.busy ? 'Uploading...' : 'Create Item'}
        </Button>
      </div>
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
