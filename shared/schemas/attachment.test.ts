import { describe, expect, it } from 'vitest';
import { ATTACHMENT_MAX_BYTES, attachmentUploadInput, formatFileSize, isPreviewedImage, WORKSPACE_FILES_QUOTA_BYTES } from './attachment.js';

describe('the attachment upload request', () => {
  const valid = { fileName: 'plan.pdf', contentType: 'application/pdf', size: 1024 };

  it('takes a file up to the limit, of an allowed type', () => {
    expect(attachmentUploadInput.safeParse(valid).success).toBe(true);
    expect(attachmentUploadInput.safeParse({ ...valid, size: ATTACHMENT_MAX_BYTES }).success).toBe(true);
  });

  it.each([
    ['one byte over the limit', { size: ATTACHMENT_MAX_BYTES + 1 }, 'size'],
    ['an empty file', { size: 0 }, 'size'],
    ['HTML, which a browser would run', { contentType: 'text/html' }, 'contentType'],
    ['SVG, which may carry script', { contentType: 'image/svg+xml' }, 'contentType'],
    ['a blank name', { fileName: '  ' }, 'fileName'],
    ['a name with a line break', { fileName: 'a\nb.txt' }, 'fileName'],
  ])('refuses %s', (_what, change, field) => {
    const result = attachmentUploadInput.safeParse({ ...valid, ...change });
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((issue) => issue.path[0])).toEqual([field]);
  });

  it('says sizes as people read them, and previews only raster images', () => {
    expect([formatFileSize(1), formatFileSize(2048), formatFileSize(ATTACHMENT_MAX_BYTES), formatFileSize(1.5 * 1024 * 1024)]).toEqual(['1 byte', '2 KB', '25 MB', '1.5 MB']);
    expect([formatFileSize(WORKSPACE_FILES_QUOTA_BYTES), formatFileSize(1.25 * 1024 ** 3)]).toEqual(['5 GB', '1.3 GB']);
    expect(isPreviewedImage('image/png')).toBe(true);
    expect(isPreviewedImage('application/pdf')).toBe(false);
  });
});
