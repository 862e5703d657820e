import { AbortMultipartUploadCommand, CompleteMultipartUploadCommand, CreateMultipartUploadCommand, PutObjectCommand, S3Client, UploadPartCommand } from '@aws-sdk/client-s3';
import { mockClient } from 'aws-sdk-client-mock';
import { describe, expect, it, vi } from 'vitest';
import { attachmentDisposition, writeObject } from './file-store.js';

describe('the download disposition', () => {
  it('is always an attachment, with an ASCII fallback name and the name itself (RFC 6266)', () => {
    expect(attachmentDisposition('report.pdf')).toBe(`attachment; filename="report.pdf"; filename*=UTF-8''report.pdf`);
    expect(attachmentDisposition('Café "q".txt')).toBe(`attachment; filename="Caf_ _q_.txt"; filename*=UTF-8''Caf%C3%A9%20%22q%22.txt`);
  });

  it('keeps a name from breaking out of the header value', () => {
    const header = attachmentDisposition(`a"; filename="evil.html`);
    expect(header.startsWith('attachment; filename="a_; filename=_evil.html"; ')).toBe(true);
    expect(header).not.toMatch(/[\r\n]/);
  });
});

describe('a file written as it is made', () => {
  it('drops its multipart upload before abort() answers, even with a part still going up', async () => {
    process.env.ATTACHMENTS_BUCKET = 'bucket';
    const s3 = mockClient(S3Client);
    s3.on(CreateMultipartUploadCommand).resolves({ UploadId: 'upload-1' });
    // A part takes a while, as on a network: the abort comes while it is in flight.
    s3.on(UploadPartCommand).callsFake(async () => {
      await new Promise((resolve) => setTimeout(resolve, 50));
      return { ETag: '"part"' };
    });
    s3.on(AbortMultipartUploadCommand).resolves({});
    const file = writeObject('exports/x/export.json', 'application/json');
    const piece = 'x'.repeat(1024 * 1024);
    for (let count = 0; count < 12; count += 1) await file.write(piece);
    await vi.waitFor(() => expect(s3.commandCalls(UploadPartCommand).length).toBeGreaterThan(0));
    await file.abort();
    expect(s3.commandCalls(AbortMultipartUploadCommand).map((call) => call.args[0].input)).toEqual([expect.objectContaining({ Key: 'exports/x/export.json', UploadId: 'upload-1' })]);
    expect(s3.commandCalls(CompleteMultipartUploadCommand)).toHaveLength(0);
    expect(s3.commandCalls(PutObjectCommand)).toHaveLength(0);
    s3.restore();
  });
});
