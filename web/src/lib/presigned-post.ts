/** A presigned POST to the bucket: its address and the form fields that pin the key, size and type. */
export interface PresignedPost {
  readonly url: string;
  readonly fields: Readonly<Record<string, string>>;
}

export const UPLOAD_FAILED = 'The upload failed; try again';

/**
 * Posts the file to the bucket with the presigned POST's fields (the file last, as S3 requires), reporting
 * the share sent so far (0–1). XMLHttpRequest, as fetch reports no upload progress. Attachments and imports
 * upload through it.
 */
export function postToBucket(upload: PresignedPost, file: File, onProgress: (share: number) => void, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    const form = new FormData();
    for (const [name, value] of Object.entries(upload.fields)) form.append(name, value);
    form.append('file', file);
    const request = new XMLHttpRequest();
    request.upload.addEventListener('progress', (event) => {
      if (event.lengthComputable) onProgress(event.loaded / event.total);
    });
    request.addEventListener('load', () => (request.status >= 200 && request.status < 300 ? resolve() : reject(new Error(UPLOAD_FAILED))));
    request.addEventListener('error', () => reject(new Error(UPLOAD_FAILED)));
    request.addEventListener('abort', () => reject(new DOMException('Upload stopped', 'AbortError')));
    signal?.addEventListener('abort', () => request.abort());
    request.open('POST', upload.url);
    request.send(form);
  });
}
