import { uploadLimits, uploadMessages } from '@vault/contracts';
import { NetworkError, serverMessage } from '../../../lib/api-client';

const ACCEPTED: readonly string[] = uploadLimits.acceptedTypes;

/**
 * What is wrong with a file before it is sent, by the same limits and in the same words as the
 * server: a 40 MB photo is refused at once instead of after a long upload. Only a first look —
 * the browser's type comes from the name, so the server still judges every file by its content.
 */
export function fileProblem(file: Pick<File, 'name' | 'size' | 'type'>): string | undefined {
  if (file.type && !ACCEPTED.includes(file.type)) return uploadMessages.notAnImage(file.name);
  if (file.size > uploadLimits.maxFileBytes) return uploadMessages.fileTooLarge(file.name);
  return undefined;
}

/** The text shown for a failed upload: the server's own message when it sent one. */
export function uploadFailure(error: unknown): string {
  const message = serverMessage(error);
  if (message) return message;
  if (error instanceof NetworkError) return 'Unable to connect. Check your connection and try again.';
  return 'The upload failed. Please try again.';
}

/** "2 images" / "1 image". */
export const imageCount = (n: number) => `${n} ${n === 1 ? 'image' : 'images'}`;
