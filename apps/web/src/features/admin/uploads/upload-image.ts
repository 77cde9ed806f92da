import { UPLOAD_FIELD, type UploadedImage, UploadResponse } from '@vault/contracts';
import { answerError, NetworkError } from '../../../lib/api-client';

const UPLOAD_URL = '/api/uploads';
/** A 10 MB photo on a slow phone link can take a while; a stuck one must still end. */
const UPLOAD_TIMEOUT_MS = 180_000;

/** Thrown when the upload was cancelled (the dialog closed): not a failure to show. */
export class UploadCancelled extends Error {
  constructor() {
    super('Upload cancelled');
    this.name = 'UploadCancelled';
  }
}

/**
 * Uploads one image file and reports how much of it has been sent (0–1). XMLHttpRequest, not
 * the app's fetch client: fetch has no upload progress events. Failures are the same ApiError
 * (the server's `{ message, code }`) and NetworkError the rest of the app handles.
 */
export function uploadImage(
  file: File,
  onProgress: (sent: number) => void,
  signal?: AbortSignal,
): Promise<UploadedImage> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', UPLOAD_URL);
    xhr.timeout = UPLOAD_TIMEOUT_MS;
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0) onProgress(event.loaded / event.total);
    };
    xhr.onload = () => {
      if (xhr.status !== 201) {
        reject(answerError(xhr.status, xhr.responseText, xhr.statusText));
        return;
      }
      try {
        const [image] = UploadResponse.parse(JSON.parse(xhr.responseText)).images;
        if (image) resolve(image);
        else reject(answerError(xhr.status, xhr.responseText, xhr.statusText));
      } catch (error) {
        reject(error);
      }
    };
    xhr.onerror = () => reject(new NetworkError(new Error('upload failed')));
    xhr.ontimeout = () => reject(new NetworkError(new Error('upload timed out'), true));
    xhr.onabort = () => reject(new UploadCancelled());
    if (signal?.aborted) {
      reject(new UploadCancelled());
      return;
    }
    signal?.addEventListener('abort', () => xhr.abort(), { once: true });
    const body = new FormData();
    body.append(UPLOAD_FIELD, file, file.name);
    xhr.send(body);
  });
}
