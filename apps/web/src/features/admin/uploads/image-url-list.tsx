import { ImageUrl, thumbnailUrlOf } from '@vault/contracts';
import { useState } from 'react';
import { Button } from '../../../components/ui/button';
import { FormField } from '../../../components/ui/form-field';

/**
 * The item's image URLs: typed one at a time, checked by the contract's ImageUrl schema
 * ("Please enter an image URL" / "Please enter a valid image URL"), removable. Uploaded
 * images are in the list too: shown by their thumbnail, and named by `labels` (their file names).
 */
export function ImageUrlList({
  urls,
  onChange,
  labels = {},
}: {
  urls: string[];
  onChange: (urls: string[]) => void;
  labels?: Record<string, string>;
}) {
  const [draft, setDraft] = useState('');
  const [error, setError] = useState<string>();

  const add = () => {
    const parsed = ImageUrl.safeParse(draft);
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message);
      return;
    }
    if (urls.includes(parsed.data)) {
      setError('This image is already in the list');
      return;
    }
    onChange([...urls, parsed.data]);
    setDraft('');
    setError(undefined);
  };

  return (
    <div>
      <div className="flex items-start gap-2">
        <FormField
          label="Image URL"
          type="url"
          inputMode="url"
          placeholder="https://…"
          className="min-w-0 flex-1"
          value={draft}
          error={error}
          onChange={(e) => {
            setDraft(e.target.value);
            setError(undefined);
          }}
          onKeyDown={(e) => {
            // Enter adds the URL rather than submitting the whole item form.
            if (e.key === 'Enter') {
              e.preventDefault();
              add();
            }
          }}
        />
        <Button variant="secondary" className="mt-[26px] px-4" onClick={add}>
          Add
        </Button>
      </div>
      {urls.length > 0 ? (
        <ul aria-label="Image URLs" className="mt-3 space-y-2">
          {urls.map((url, index) => (
            <li key={url} className="flex items-center gap-3 rounded-xl border border-vault-700 bg-vault-950 p-2">
              <img
                src={thumbnailUrlOf(url) ?? url}
                alt=""
                className="size-10 shrink-0 rounded-lg bg-vault-800 object-cover"
              />
              <span className="min-w-0 flex-1 truncate text-steel-200 text-xs" title={url}>
                {labels[url] ?? url}
              </span>
              <button
                type="button"
                onClick={() => onChange(urls.filter((u) => u !== url))}
                aria-label={`Remove image ${index + 1}`}
                className="rounded-lg p-2 text-steel-400 transition-colors hover:bg-vault-800 hover:text-white"
              >
                <svg viewBox="0 0 20 20" className="size-4" aria-hidden="true">
                  <path d="M5 5l10 10M15 5L5 15" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
                </svg>
              </button>
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}
