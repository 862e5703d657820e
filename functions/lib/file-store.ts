import { once } from 'node:events';
import { PassThrough } from 'node:stream';
import { DeleteObjectsCommand, GetObjectCommand, HeadObjectCommand, DeleteObjectCommand, PutObjectCommand, S3Client, S3ServiceException } from '@aws-sdk/client-s3';
import { Upload } from '@aws-sdk/lib-storage';
import { createPresignedPost } from '@aws-sdk/s3-presigned-post';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import { requiredEnv } from './config.js';

/**
 * The attachments bucket (issue 37; exports' and imports' files too, issue 39), through the real S3 client. Locally AWS_ENDPOINT_URL_S3 points it at
 * the stack's S3 stand-in (local/s3-stand-in.ts), which is addressed by path, as any endpoint of our own
 * is; in AWS the bucket's own virtual-hosted name is used. ATTACHMENTS_BUCKET names the bucket. Both are
 * read on first use: only the functions that touch files are given them.
 */
let client: S3Client | undefined;
const s3 = () => (client ??= new S3Client({ forcePathStyle: process.env.AWS_ENDPOINT_URL_S3 !== undefined, maxAttempts: 3 }));
const bucket = () => requiredEnv('ATTACHMENTS_BUCKET');

/** How long a presigned POST is accepted. */
export const UPLOAD_SECONDS = 10 * 60;
/** How long a download link works: long enough to start it, too short to pass around. */
export const DOWNLOAD_SECONDS = 60;
/** How long a thumbnail's link works: a listing is read again before its images' links expire. */
export const THUMBNAIL_SECONDS = 15 * 60;

export interface UploadForm {
  readonly url: string;
  readonly fields: Record<string, string>;
}

/** A presigned POST that accepts exactly this key, exactly `size` bytes and this content type, for UPLOAD_SECONDS. */
export async function presignedUpload(key: string, size: number, contentType: string): Promise<UploadForm> {
  return createPresignedPost(s3(), {
    Bucket: bucket(),
    Key: key,
    Conditions: [
      ['content-length-range', size, size],
      ['eq', '$Content-Type', contentType],
    ],
    Fields: { 'Content-Type': contentType },
    Expires: UPLOAD_SECONDS,
  });
}

/** `attachment; filename="…"; filename*=UTF-8''…`: an ASCII fallback and the name itself (RFC 6266). */
export function attachmentDisposition(fileName: string): string {
  const fallback = fileName.replace(/[^\x20-\x7e]|["\\%]/g, '_');
  const encoded = encodeURIComponent(fileName).replace(/['()*]/g, (char) => `%${char.charCodeAt(0).toString(16).toUpperCase()}`);
  return `attachment; filename="${fallback}"; filename*=UTF-8''${encoded}`;
}

/** A presigned GET that answers the object as a download named `fileName`, never to be shown inline. */
export function presignedDownload(key: string, fileName: string, contentType: string, seconds: number): Promise<string> {
  const command = new GetObjectCommand({
    Bucket: bucket(),
    Key: key,
    ResponseContentDisposition: attachmentDisposition(fileName),
    ResponseContentType: contentType,
  });
  return getSignedUrl(s3(), command, { expiresIn: seconds });
}

/** The stored object's size and type, or undefined when there is none. */
export async function headObject(key: string): Promise<{ size: number; contentType: string | undefined } | undefined> {
  try {
    const head = await s3().send(new HeadObjectCommand({ Bucket: bucket(), Key: key }));
    return { size: head.ContentLength ?? 0, contentType: head.ContentType };
  } catch (error) {
    // S3 answers a missing key 403, not 404, to a caller without s3:ListBucket, which no function is given
    // (it would list every workspace's keys): both mean no object this function may read.
    const status = error instanceof S3ServiceException ? error.$metadata.httpStatusCode : undefined;
    if (status === 404 || status === 403) return undefined;
    throw error;
  }
}

/** The object's bytes as they arrive (a missing object throws, as S3 answers it). */
export async function* readObject(key: string): AsyncGenerator<Uint8Array> {
  const { Body } = await s3().send(new GetObjectCommand({ Bucket: bucket(), Key: key }));
  // In Node the SDK answers a Readable, which iterates as Buffers.
  if (Body) for await (const chunk of Body as AsyncIterable<Uint8Array>) yield chunk;
}

/** Writes a file the server made (an export's): S3 encrypts it as the bucket's default says. */
export async function putObject(key: string, body: string, contentType: string): Promise<void> {
  await s3().send(new PutObjectCommand({ Bucket: bucket(), Key: key, Body: body, ContentType: contentType }));
}

/** A file written as it is made (writeObject). */
export interface ObjectWriter {
  /** Adds text to the file, waiting while S3 takes what came before. */
  write(text: string): Promise<void>;
  /** Writes what is left and finishes the object: it exists from then on. */
  end(): Promise<void>;
  /** Gives up: nothing is stored, and the parts sent so far are dropped. */
  abort(): Promise<void>;
}

/** S3's smallest part of a multipart upload: a file smaller than this goes as one PutObject. */
const PART_BYTES = 5 * 1024 * 1024;
/** Text is gathered into pieces of this size before it goes into the upload's stream. */
const PIECE_CHARS = 64 * 1024;

/**
 * Writes a file the server makes (an export's) as it is made, never holding all of it: lib-storage's Upload
 * reads the stream part by part (a multipart upload, one part at a time, past PART_BYTES; else one
 * PutObject), and `write` waits while the stream is full. At most about three parts are held at once
 * (one going up, one gathered for the next, one in the stream's room).
 */
export function writeObject(key: string, contentType: string): ObjectWriter {
  // A part's worth of room: the export reads on while the previous part goes up.
  const body = new PassThrough({ highWaterMark: PART_BYTES });
  const upload = new Upload({ client: s3(), params: { Bucket: bucket(), Key: key, Body: body, ContentType: contentType }, partSize: PART_BYTES, queueSize: 1 });
  const done = upload.done().then(
    () => undefined,
    (error: unknown) => {
      body.destroy();
      throw error;
    },
  );
  // Its failure is answered by the write or end that waits on it; until then it is no unhandled rejection.
  done.catch(() => undefined);
  let pending = '';
  const flush = async (): Promise<void> => {
    const text = pending;
    pending = '';
    if (text !== '' && !body.write(text)) await Promise.race([once(body, 'drain'), done]);
  };
  return {
    async write(text) {
      pending += text;
      if (pending.length >= PIECE_CHARS) await flush();
    },
    async end() {
      await flush();
      body.end();
      await done;
    },
    async abort() {
      // A failed body makes lib-storage drop the multipart upload's parts before `done` settles; its
      // upload.abort() would only flag it and send the abort later, perhaps after the function froze.
      body.destroy(new Error('The file was given up'));
      await done.catch(() => undefined);
    },
  };
}

export async function deleteObject(key: string): Promise<void> {
  await s3().send(new DeleteObjectCommand({ Bucket: bucket(), Key: key }));
}

/** Deletes the objects in DeleteObjects calls of 1,000 (S3's most); a key with no object is no error. */
export async function deleteObjects(objectKeys: readonly string[]): Promise<void> {
  for (let start = 0; start < objectKeys.length; start += 1000) {
    const batch = objectKeys.slice(start, start + 1000);
    const { Errors } = await s3().send(new DeleteObjectsCommand({ Bucket: bucket(), Delete: { Objects: batch.map((Key) => ({ Key })), Quiet: true } }));
    if (Errors && Errors.length > 0) throw new Error(`S3 did not delete ${Errors.length} objects: ${Errors[0]?.Code ?? ''} ${Errors[0]?.Message ?? ''}`);
  }
}
