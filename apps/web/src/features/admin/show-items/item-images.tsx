import type { UploadedImage } from '@vault/contracts';
import { useCallback, useState } from 'react';
import { Alert } from '../../../components/ui/alert';
import { ImageDropZone } from '../uploads/image-drop-zone';
import { ImageUrlList } from '../uploads/image-url-list';
import { NO_IMAGES, useImageList } from '../uploads/use-image-list';
import { useImageUploads } from '../uploads/use-image-uploads';

/** A show item's images, uploaded or pasted; uploaded ones are listed by their file names. */
export function useItemImages(initial: readonly string[]) {
  const list = useImageList(initial);
  const [uploadedNames, setUploadedNames] = useState<Record<string, string>>({});
  const { addImage } = list;
  const onUploaded = useCallback(
    (image: UploadedImage, fileName: string) => {
      addImage(image.url);
      setUploadedNames((names) => ({ ...names, [image.url]: fileName }));
    },
    [addImage],
  );
  const uploads = useImageUploads(onUploaded);
  return { ...list, uploadedNames, uploads };
}

export function ItemImages({ images }: { images: ReturnType<typeof useItemImages> }) {
  const { uploads } = images;
  return (
    <>
      <ImageDropZone
        entries={uploads.entries}
        news={uploads.news}
        onFiles={uploads.addFiles}
        onDismiss={uploads.dismiss}
      />
      <ImageUrlList urls={images.imageUrls} labels={images.uploadedNames} onChange={images.onImages} />
      {images.warnNoImages ? <Alert tone="warning">{NO_IMAGES}</Alert> : null}
    </>
  );
}
