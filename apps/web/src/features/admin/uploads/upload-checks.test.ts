import { uploadLimits } from '@vault/contracts';
import { describe, expect, it } from 'vitest';
import { answerError, NetworkError } from '../../../lib/api-client';
import { fileProblem, imageCount, uploadFailure } from './upload-checks';

describe('checking a file before it is uploaded', () => {
  it('lets JPEG, PNG, WebP and files of unknown type through, up to the size limit', () => {
    for (const type of ['image/jpeg', 'image/png', 'image/webp', '']) {
      expect(fileProblem({ name: 'a', size: uploadLimits.maxFileBytes, type })).toBeUndefined();
    }
  });

  it('refuses other types and files over the limit in the server’s words', () => {
    expect(fileProblem({ name: 'clip.mov', size: 10, type: 'video/quicktime' })).toBe(
      'clip.mov is not a JPEG, PNG or WebP image',
    );
    expect(fileProblem({ name: 'huge.jpg', size: uploadLimits.maxFileBytes + 1, type: 'image/jpeg' })).toBe(
      'huge.jpg is larger than 10 MB: choose a smaller image',
    );
  });

  it('shows the server’s message for a refused upload, and a connection hint when there was no answer', () => {
    const refused = answerError(
      400,
      JSON.stringify({ message: 'x.jpg is not a JPEG, PNG or WebP image', code: 'invalid_request' }),
    );
    expect(uploadFailure(refused)).toBe('x.jpg is not a JPEG, PNG or WebP image');
    expect(uploadFailure(new NetworkError(new Error('down')))).toMatch(/Unable to connect/);
    expect(uploadFailure(new Error('?'))).toBe('The upload failed. Please try again.');
    expect(imageCount(1)).toBe('1 image');
    expect(imageCount(3)).toBe('3 images');
  });
});
