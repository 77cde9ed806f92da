import { uploadLimits } from '@vault/contracts';
import { type DragEvent, useId, useRef, useState } from 'react';
import { Button } from '../../../components/ui/button';
import type { UploadEntry, UploadNews } from './use-image-uploads';

const ACCEPT = uploadLimits.acceptedTypes.join(',');
const MAX_MB = uploadLimits.maxFileBytes / (1024 * 1024);

function UploadRow({ entry, onDismiss }: { entry: UploadEntry; onDismiss: () => void }) {
  const percent = Math.round(entry.sent * 100);
  const failed = entry.status === 'failed';
  // Everything sent: the server is checking and resizing it.
  const state = failed
    ? 'Failed'
    : entry.status === 'waiting'
      ? 'Waiting'
      : percent >= 100
        ? 'Processing'
        : `${percent}%`;
  return (
    <li
      className={`rounded-xl border p-2.5 ${failed ? 'border-red-500/40 bg-red-950/40' : 'border-vault-700 bg-vault-950'}`}
    >
      <div className="flex items-center gap-2 text-xs">
        <span className="min-w-0 flex-1 truncate text-steel-200">{entry.name}</span>
        <span className={`shrink-0 tabular-nums ${failed ? 'text-red-300' : 'text-steel-400'}`}>{state}</span>
        {failed ? (
          <button
            type="button"
            onClick={onDismiss}
            aria-label={`Dismiss ${entry.name}`}
            className="-my-1 shrink-0 rounded-lg p-1.5 text-steel-400 transition-colors hover:bg-vault-800 hover:text-white"
          >
            <svg viewBox="0 0 20 20" className="size-4" aria-hidden="true">
              <path d="M5 5l10 10M15 5L5 15" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
            </svg>
          </button>
        ) : null}
      </div>
      {failed ? (
        <p className="mt-1 break-words text-red-300 text-xs">{entry.error}</p>
      ) : (
        <div
          role="progressbar"
          aria-label={`Uploading ${entry.name}`}
          aria-valuemin={0}
          aria-valuemax={100}
          aria-valuenow={percent}
          className="mt-2 h-1.5 overflow-hidden rounded-full bg-vault-800"
        >
          <div
            className="h-full rounded-full bg-brass-500 transition-[width] duration-150"
            style={{ width: `${percent}%` }}
          />
        </div>
      )}
    </li>
  );
}

/**
 * Drag images here, or choose them with a button (a hidden file input behind it, so the zone works
 * by keyboard and on phones, which have no drag and drop). Several at once; each file's progress
 * and any refusal are listed below the zone, and each piece of `news` is read out as it comes.
 */
export function ImageDropZone({
  entries,
  news,
  onFiles,
  onDismiss,
}: {
  entries: UploadEntry[];
  news: UploadNews[];
  onFiles: (files: File[]) => void;
  onDismiss: (key: string) => void;
}) {
  const input = useRef<HTMLInputElement>(null);
  const [dragging, setDragging] = useState(false);
  const hintId = useId();

  const onDragOver = (event: DragEvent) => {
    if (!event.dataTransfer.types.includes('Files')) return;
    event.preventDefault();
    event.dataTransfer.dropEffect = 'copy';
    setDragging(true);
  };
  const onDragLeave = (event: DragEvent) => {
    // Leaving for a child of the zone is not leaving the zone.
    if (event.relatedTarget instanceof Node && event.currentTarget.contains(event.relatedTarget)) return;
    setDragging(false);
  };
  const onDrop = (event: DragEvent) => {
    event.preventDefault();
    setDragging(false);
    const files = Array.from(event.dataTransfer.files);
    if (files.length > 0) onFiles(files);
  };

  return (
    <div>
      <fieldset
        onDragEnter={onDragOver}
        onDragOver={onDragOver}
        onDragLeave={onDragLeave}
        onDrop={onDrop}
        data-dragging={dragging || undefined}
        className={`flex min-w-0 flex-col items-center gap-2 rounded-2xl border-2 border-dashed px-4 py-5 text-center transition-colors ${
          dragging ? 'border-brass-500 bg-brass-500/10' : 'border-vault-600 bg-vault-950/60'
        }`}
      >
        <legend className="sr-only">Upload images</legend>
        <svg viewBox="0 0 24 24" className="size-7 text-steel-400" aria-hidden="true">
          <path
            d="M12 16V4m0 0l-4 4m4-4l4 4M4 16v2a2 2 0 002 2h12a2 2 0 002-2v-2"
            fill="none"
            stroke="currentColor"
            strokeWidth="1.8"
            strokeLinecap="round"
            strokeLinejoin="round"
          />
        </svg>
        <p className="text-sm text-steel-200">Drop images here, or</p>
        <Button variant="secondary" aria-describedby={hintId} onClick={() => input.current?.click()}>
          Choose images
        </Button>
        <p id={hintId} className="text-steel-400 text-xs">
          JPEG, PNG or WebP, up to {MAX_MB} MB each
        </p>
        <input
          ref={input}
          type="file"
          multiple
          accept={ACCEPT}
          aria-label="Image files"
          tabIndex={-1}
          className="hidden"
          onChange={(event) => {
            const files = Array.from(event.target.files ?? []);
            // Cleared, so choosing the same file again (after a failure) is a change too.
            event.target.value = '';
            if (files.length > 0) onFiles(files);
          }}
        />
      </fieldset>
      {entries.length > 0 ? (
        <ul aria-label="Uploads" className="mt-3 space-y-2">
          {entries.map((entry) => (
            <UploadRow key={entry.key} entry={entry} onDismiss={() => onDismiss(entry.key)} />
          ))}
        </ul>
      ) : null}
      <div role="log" aria-label="Upload news" className="sr-only">
        {news.map((line) => (
          <p key={line.id}>{line.text}</p>
        ))}
      </div>
    </div>
  );
}
