import type { UploadedImage } from '@vault/contracts';
import { useCallback, useEffect, useRef, useState } from 'react';
import { fileProblem, imageCount, uploadFailure } from './upload-checks';
import { UploadCancelled, uploadImage } from './upload-image';

/** Files sent at the same time: enough to keep a link busy, few enough that each shows progress. */
const PARALLEL = 2;

/** One line of news for screen readers ("bowie.jpg uploaded"). */
export interface UploadNews {
  id: number;
  text: string;
}

/** Lines kept in the log: a screen reader reads each as it is added; older ones are of no use. */
const NEWS_KEPT = 5;

export interface UploadEntry {
  key: string;
  name: string;
  /** How much of the file has been sent, 0–1 (then the server resizes it). */
  sent: number;
  status: 'waiting' | 'uploading' | 'failed';
  error?: string;
}

interface Pending {
  key: string;
  file: File;
}

/**
 * The Add Show Item dialog's uploads: one request per file (its own progress and its own error),
 * PARALLEL at a time. A file that is done leaves the list and its image goes to `onUploaded`; a
 * failed one stays with the reason until dismissed. `news` is what happened, latest last, for
 * screen readers: a log, so two uploads ending at once are both read out. Uploads still running when the dialog closes are cancelled.
 */
export function useImageUploads(onUploaded: (image: UploadedImage, fileName: string) => void) {
  const [entries, setEntries] = useState<UploadEntry[]>([]);
  const [news, setNews] = useState<UploadNews[]>([]);
  const waiting = useRef<Pending[]>([]);
  const running = useRef(new Map<string, AbortController>());
  const nextKey = useRef(0);
  const announce = useCallback((text: string) => {
    setNews((list) => [...list, { id: nextKey.current++, text }].slice(-NEWS_KEPT));
  }, []);
  // The latest callback, so uploads started earlier hand their image to the current form state.
  const deliver = useRef(onUploaded);
  deliver.current = onUploaded;

  const update = useCallback((key: string, change: Partial<UploadEntry>) => {
    setEntries((list) => list.map((entry) => (entry.key === key ? { ...entry, ...change } : entry)));
  }, []);

  const startNext = useCallback(() => {
    while (running.current.size < PARALLEL) {
      const next = waiting.current.shift();
      if (!next) return;
      const { key, file } = next;
      const controller = new AbortController();
      running.current.set(key, controller);
      update(key, { status: 'uploading' });
      uploadImage(file, (sent) => update(key, { sent }), controller.signal)
        .then((image) => {
          setEntries((list) => list.filter((entry) => entry.key !== key));
          announce(`${file.name} uploaded`);
          deliver.current(image, file.name);
        })
        .catch((error: unknown) => {
          if (error instanceof UploadCancelled) return;
          const reason = uploadFailure(error);
          update(key, { status: 'failed', error: reason });
          announce(`${file.name} was not uploaded: ${reason}`);
        })
        .finally(() => {
          running.current.delete(key);
          startNext();
        });
    }
  }, [update, announce]);

  const addFiles = useCallback(
    (files: Iterable<File>) => {
      const added: UploadEntry[] = [];
      for (const file of files) {
        const key = `upload-${nextKey.current++}`;
        const problem = fileProblem(file);
        added.push({ key, name: file.name, sent: 0, status: problem ? 'failed' : 'waiting', error: problem });
        if (!problem) waiting.current.push({ key, file });
      }
      if (added.length === 0) return;
      setEntries((list) => [...list, ...added]);
      const refused = added.filter((entry) => entry.status === 'failed');
      for (const entry of refused) announce(`${entry.name} was not uploaded: ${entry.error}`);
      const sending = added.length - refused.length;
      if (sending > 0) announce(`Uploading ${imageCount(sending)}`);
      startNext();
    },
    [startNext, announce],
  );

  const dismiss = useCallback((key: string) => {
    setEntries((list) => list.filter((entry) => entry.key !== key));
  }, []);

  useEffect(
    () => () => {
      waiting.current = [];
      for (const controller of running.current.values()) controller.abort();
    },
    [],
  );

  const busy = entries.some((entry) => entry.status !== 'failed');
  return { entries, news, addFiles, dismiss, busy };
}
