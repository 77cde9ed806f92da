import { useCallback, useState } from 'react';

/** The warning an item or product without images gets: a warning only, it is still saved. */
export const NO_IMAGES = 'Consider adding at least one image';

/**
 * A form's image URLs, and whether to show "Consider adding at least one image" (checked when the
 * form is sent, cleared as soon as an image is added).
 */
export function useImageList(initial: readonly string[]) {
  const [imageUrls, setImageUrls] = useState<string[]>([...initial]);
  const [warnNoImages, setWarnNoImages] = useState(false);
  // Stable: an upload started earlier hands its image to whatever the list is when it finishes.
  const addImage = useCallback((url: string) => {
    setImageUrls((urls) => (urls.includes(url) ? urls : [...urls, url]));
    setWarnNoImages(false);
  }, []);
  return {
    imageUrls,
    warnNoImages,
    onImages: (urls: string[]) => {
      setImageUrls(urls);
      if (urls.length > 0) setWarnNoImages(false);
    },
    /** Adds one (an upload that finished), once. */
    addImage,
    /** Whether to warn, checked when the form is sent. */
    checkEmpty: () => {
      const empty = imageUrls.length === 0;
      setWarnNoImages(empty);
      return empty;
    },
  };
}
