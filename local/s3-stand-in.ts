import { createHash, createHmac, randomUUID, timingSafeEqual } from 'node:crypto';
import { once } from 'node:events';
import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import http from 'node:http';
import path from 'node:path';
import { refusedByGuard, type LocalRequestGuard } from './request-guard.js';

/**
 * A local stand-in for the S3 bucket of attachments (issue 37), answering what the handlers send through
 * the real @aws-sdk/client-s3 (pointed here by AWS_ENDPOINT_URL_S3, path-style) and what a browser sends
 * with the presigned URLs they make: PUT, a presigned POST upload, GET (with the response-content-*
 * overrides), HEAD, DELETE, DeleteObjects and multipart uploads (an export's files, written as they are
 * made). Objects live under `dir`, one file and its metadata each.
 *
 * It holds the rules a real bucket holds the app to, so a mistake fails here first: the bucket is private
 * (a GET without a signature or with an expired one is refused); a POST's signature is checked with the
 * local credentials, its policy must not have expired, every condition must hold (the exact key, the size
 * range, the content type) and every field sent must be named by a condition, as S3 answers: 403
 * AccessDenied "Invalid according to Policy", 400 EntityTooLarge / EntityTooSmall. A browser may call it
 * from the web app's origin only (the guard), as the bucket's CORS rule allows. Header-signed SDK calls are
 * trusted as they are (no signature check), like the other stand-ins' SDK endpoints.
 */
export interface S3StandInOptions {
  readonly port: number;
  readonly host: string;
  readonly dir: string;
  readonly buckets: readonly string[];
  readonly region: string;
  /** The local credentials, which presigned POSTs are signed with. */
  readonly credentials: { readonly accessKeyId: string; readonly secretAccessKey: string };
  readonly guard?: LocalRequestGuard;
}

export interface S3StandIn {
  readonly url: string;
  close(): Promise<void>;
}

/** Larger than any attachment, so the policy's size range, not this, refuses a too large file. */
const MAX_BODY_BYTES = 64 * 1024 * 1024;
/** S3's smallest part of a multipart upload, but for the last. */
const MIN_PART_BYTES = 5 * 1024 * 1024;

interface ObjectMeta {
  readonly contentType: string;
  readonly size: number;
  readonly etag: string;
  readonly lastModified: string;
}

export class S3Error extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
  ) {
    super(message);
  }
}

const xmlEscape = (text: string) => text.replace(/[<>&'"]/g, (char) => `&#${char.charCodeAt(0)};`);
const xmlUnescape = (text: string) =>
  text.replace(/&(#\d+|#x[0-9a-f]+|amp|lt|gt|quot|apos);/gi, (_match, entity: string) => {
    const named: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };
    if (entity.startsWith('#x') || entity.startsWith('#X')) return String.fromCodePoint(parseInt(entity.slice(2), 16));
    if (entity.startsWith('#')) return String.fromCodePoint(Number(entity.slice(1)));
    return named[entity.toLowerCase()] ?? '';
  });

const hmac = (key: Buffer | string, data: string) => createHmac('sha256', key).update(data).digest();

/** The SigV4 signing key of a day, region and service (what a presigned POST's signature is made with). */
export function signingKey(secretAccessKey: string, date: string, region: string, service = 's3'): Buffer {
  return hmac(hmac(hmac(hmac(`AWS4${secretAccessKey}`, date), region), service), 'aws4_request');
}

/** An aws-chunked body (the SDK's streaming PUT) as its plain bytes. */
function decodeAwsChunked(body: Buffer): Buffer {
  const parts: Buffer[] = [];
  let at = 0;
  while (at < body.length) {
    const lineEnd = body.indexOf('\r\n', at);
    if (lineEnd < 0) break;
    const size = parseInt(body.subarray(at, lineEnd).toString('latin1').split(';')[0] ?? '', 16);
    if (!Number.isFinite(size) || size === 0) break;
    parts.push(body.subarray(lineEnd + 2, lineEnd + 2 + size));
    at = lineEnd + 2 + size + 2;
  }
  return Buffer.concat(parts);
}

type PolicyCondition = Record<string, string> | [string, string | number, string | number];

/** Why the form breaks its policy (S3's own wording), or undefined when it keeps it. */
export function policyViolation(policy: { expiration?: string; conditions?: PolicyCondition[] }, form: Map<string, string>, bucket: string, fileSize: number, now = new Date()): S3Error | undefined {
  const denied = (why: string) => new S3Error(403, 'AccessDenied', `Invalid according to Policy: ${why}`);
  if (!policy.expiration || Date.parse(policy.expiration) <= now.getTime()) return denied('Policy expired.');
  const fields = new Map([...form].map(([name, value]) => [name.toLowerCase(), value]));
  fields.set('bucket', bucket);
  const named = new Set<string>(['bucket']);
  for (const condition of policy.conditions ?? []) {
    if (!Array.isArray(condition)) {
      for (const [name, value] of Object.entries(condition)) {
        named.add(name.toLowerCase());
        if (fields.get(name.toLowerCase()) !== value) return denied(`Policy Condition failed: ["eq", "$${name}", "${value}"]`);
      }
      continue;
    }
    const [operator, first, second] = condition;
    if (operator === 'content-length-range') {
      if (fileSize > Number(second)) return new S3Error(400, 'EntityTooLarge', 'Your proposed upload exceeds the maximum allowed size');
      if (fileSize < Number(first)) return new S3Error(400, 'EntityTooSmall', 'Your proposed upload is smaller than the minimum allowed size');
      continue;
    }
    const name = String(first).replace(/^\$/, '').toLowerCase();
    named.add(name);
    const value = fields.get(name) ?? '';
    const holds = operator === 'eq' ? value === String(second) : operator === 'starts-with' ? value.startsWith(String(second)) : false;
    if (!holds) return denied(`Policy Condition failed: ["${operator}", "${String(first)}", "${String(second)}"]`);
  }
  const unsigned = new Set(['policy', 'x-amz-signature', 'file']);
  const extra = [...fields.keys()].filter((name) => !named.has(name) && !unsigned.has(name) && !name.startsWith('x-ignore-'));
  if (extra.length > 0) return denied(`Extra input fields: ${extra.join(', ')}`);
  return undefined;
}

export async function startS3StandIn(options: S3StandInOptions): Promise<S3StandIn> {
  const objectPath = (bucket: string, key: string) => path.join(options.dir, bucket, encodeURIComponent(key));

  async function readMeta(bucket: string, key: string): Promise<ObjectMeta | undefined> {
    try {
      return JSON.parse(await readFile(`${objectPath(bucket, key)}.meta.json`, 'utf8')) as ObjectMeta;
    } catch {
      return undefined;
    }
  }

  async function putObject(bucket: string, key: string, bytes: Buffer, contentType: string): Promise<ObjectMeta> {
    await mkdir(path.join(options.dir, bucket), { recursive: true });
    const meta: ObjectMeta = { contentType, size: bytes.length, etag: `"${createHash('md5').update(bytes).digest('hex')}"`, lastModified: new Date().toUTCString() };
    await writeFile(objectPath(bucket, key), bytes);
    await writeFile(`${objectPath(bucket, key)}.meta.json`, JSON.stringify(meta));
    return meta;
  }

  async function deleteObject(bucket: string, key: string): Promise<void> {
    await rm(objectPath(bucket, key), { force: true });
    await rm(`${objectPath(bucket, key)}.meta.json`, { force: true });
  }

  /** A presigned GET's expiry (S3 refuses it after X-Amz-Date + X-Amz-Expires); an unsigned read of a private bucket is refused. */
  function checkReadAccess(request: http.IncomingMessage, url: URL): void {
    if (request.headers.authorization) return;
    const date = url.searchParams.get('X-Amz-Date');
    const expires = Number(url.searchParams.get('X-Amz-Expires'));
    if (!url.searchParams.get('X-Amz-Signature') || !date || !Number.isFinite(expires)) throw new S3Error(403, 'AccessDenied', 'Access Denied');
    const signedAt = Date.parse(date.replace(/^(\d{4})(\d{2})(\d{2})T(\d{2})(\d{2})(\d{2})Z$/, '$1-$2-$3T$4:$5:$6Z'));
    if (!(signedAt + expires * 1000 > Date.now())) throw new S3Error(403, 'AccessDenied', 'Request has expired');
  }

  async function postUpload(request: http.IncomingMessage, bucket: string, body: Buffer): Promise<{ status: number; headers: Record<string, string> }> {
    const form = await new Request('http://s3.local/', { method: 'POST', headers: { 'content-type': request.headers['content-type'] ?? '' }, body: new Uint8Array(body) }).formData();
    const file = form.get('file');
    if (!(file instanceof Blob)) throw new S3Error(400, 'InvalidArgument', 'POST requires exactly one file upload per request.');
    const fields = new Map<string, string>();
    form.forEach((value, name) => {
      if (typeof value === 'string') fields.set(name, value);
    });
    const policyBase64 = fields.get('policy') ?? fields.get('Policy') ?? '';
    const credential = (fields.get('X-Amz-Credential') ?? fields.get('x-amz-credential') ?? '').split('/');
    const signature = fields.get('X-Amz-Signature') ?? fields.get('x-amz-signature') ?? '';
    if (credential[0] !== options.credentials.accessKeyId) throw new S3Error(403, 'InvalidAccessKeyId', 'The AWS Access Key Id you provided does not exist in our records.');
    const expected = hmac(signingKey(options.credentials.secretAccessKey, credential[1] ?? '', credential[2] ?? ''), policyBase64).toString('hex');
    if (signature.length !== expected.length || !timingSafeEqual(Buffer.from(signature), Buffer.from(expected))) {
      throw new S3Error(403, 'SignatureDoesNotMatch', 'The request signature we calculated does not match the signature you provided.');
    }
    let policy: { expiration?: string; conditions?: PolicyCondition[] };
    try {
      policy = JSON.parse(Buffer.from(policyBase64, 'base64').toString('utf8')) as typeof policy;
    } catch {
      throw new S3Error(400, 'InvalidPolicyDocument', 'Invalid Policy: Invalid JSON.');
    }
    const bytes = Buffer.from(await file.arrayBuffer());
    const violation = policyViolation(policy, fields, bucket, bytes.length);
    if (violation) throw violation;
    const key = fields.get('key') ?? '';
    if (key === '') throw new S3Error(400, 'InvalidArgument', 'Bucket POST must contain a field named \'key\'.');
    const meta = await putObject(bucket, key, bytes, fields.get('Content-Type') ?? fields.get('content-type') ?? 'binary/octet-stream');
    return { status: 204, headers: { etag: meta.etag, location: `${origin}/${bucket}/${encodeURIComponent(key)}` } };
  }

  async function deleteMany(bucket: string, body: Buffer): Promise<string> {
    const keys = [...body.toString('utf8').matchAll(/<Key>([\s\S]*?)<\/Key>/g)].map((match) => xmlUnescape(match[1] ?? ''));
    await Promise.all(keys.map((key) => deleteObject(bucket, key)));
    const quiet = /<Quiet>true<\/Quiet>/i.test(body.toString('utf8'));
    const deleted = quiet ? '' : keys.map((key) => `<Deleted><Key>${xmlEscape(key)}</Key></Deleted>`).join('');
    return `<?xml version="1.0" encoding="UTF-8"?><DeleteResult xmlns="http://s3.amazonaws.com/doc/2006-03-01/">${deleted}</DeleteResult>`;
  }

  /** Multipart uploads under way (an export's large files, lib-storage's Upload): their parts, in memory. */
  const uploads = new Map<string, { bucket: string; key: string; contentType: string; parts: Map<number, Buffer> }>();

  /** CreateMultipartUpload, UploadPart, CompleteMultipartUpload and AbortMultipartUpload, with S3's 5 MiB least part but the last. */
  async function multipart(request: http.IncomingMessage, url: URL, bucket: string, key: string): Promise<{ status: number; headers: Record<string, string>; body?: string }> {
    const xml = { 'content-type': 'application/xml' };
    const method = request.method ?? 'GET';
    if (method === 'POST' && url.searchParams.has('uploads')) {
      const uploadId = randomUUID();
      uploads.set(uploadId, { bucket, key, contentType: String(request.headers['content-type'] ?? 'binary/octet-stream'), parts: new Map() });
      return { status: 200, headers: xml, body: `<?xml version="1.0" encoding="UTF-8"?><InitiateMultipartUploadResult><Bucket>${xmlEscape(bucket)}</Bucket><Key>${xmlEscape(key)}</Key><UploadId>${uploadId}</UploadId></InitiateMultipartUploadResult>` };
    }
    const uploadId = url.searchParams.get('uploadId') ?? '';
    const upload = uploads.get(uploadId);
    if (!upload || upload.bucket !== bucket || upload.key !== key) throw new S3Error(404, 'NoSuchUpload', 'The specified upload does not exist.');
    if (method === 'PUT') {
      const partNumber = Number(url.searchParams.get('partNumber'));
      if (!Number.isInteger(partNumber) || partNumber < 1 || partNumber > 10_000) throw new S3Error(400, 'InvalidArgument', 'Part number must be an integer between 1 and 10000, inclusive');
      const raw = await readBody(request);
      const bytes = String(request.headers['content-encoding'] ?? '').includes('aws-chunked') ? decodeAwsChunked(raw) : raw;
      upload.parts.set(partNumber, bytes);
      return { status: 200, headers: { etag: `"${createHash('md5').update(bytes).digest('hex')}"` } };
    }
    if (method === 'DELETE') {
      uploads.delete(uploadId);
      return { status: 204, headers: {} };
    }
    if (method !== 'POST') throw new S3Error(405, 'MethodNotAllowed', 'The specified method is not allowed against this resource.');
    const numbers = [...(await readBody(request)).toString('utf8').matchAll(/<PartNumber>(\d+)<\/PartNumber>/g)].map((match) => Number(match[1]));
    const parts = numbers.map((number) => upload.parts.get(number));
    if (numbers.length === 0 || parts.some((part) => part === undefined)) throw new S3Error(400, 'InvalidPart', 'One or more of the specified parts could not be found.');
    const chosen = parts.flatMap((part) => part ?? []);
    if (chosen.slice(0, -1).some((part) => part.length < MIN_PART_BYTES)) throw new S3Error(400, 'EntityTooSmall', 'Your proposed upload is smaller than the minimum allowed object size.');
    uploads.delete(uploadId);
    const meta = await putObject(bucket, key, Buffer.concat(chosen), upload.contentType);
    return {
      status: 200,
      headers: xml,
      body: `<?xml version="1.0" encoding="UTF-8"?><CompleteMultipartUploadResult><Location>${origin}/${bucket}/${encodeURIComponent(key)}</Location><Bucket>${xmlEscape(bucket)}</Bucket><Key>${xmlEscape(key)}</Key><ETag>${xmlEscape(meta.etag)}</ETag></CompleteMultipartUploadResult>`,
    };
  }

  async function readBody(request: http.IncomingMessage): Promise<Buffer> {
    const chunks: Buffer[] = [];
    let size = 0;
    for await (const chunk of request as AsyncIterable<Buffer>) {
      size += chunk.length;
      if (size > MAX_BODY_BYTES) throw new S3Error(400, 'EntityTooLarge', 'Your proposed upload exceeds the maximum allowed size');
      chunks.push(chunk);
    }
    return Buffer.concat(chunks);
  }

  async function answer(request: http.IncomingMessage, response: http.ServerResponse, cors: Record<string, string>): Promise<void> {
    const url = new URL(request.url ?? '/', origin);
    const [bucket = '', ...keyParts] = url.pathname.slice(1).split('/');
    const key = keyParts.map(decodeURIComponent).join('/');
    if (!options.buckets.includes(bucket)) throw new S3Error(404, 'NoSuchBucket', 'The specified bucket does not exist');
    const method = request.method ?? 'GET';
    if (method === 'POST' && key === '' && url.searchParams.has('delete')) {
      response.writeHead(200, { ...cors, 'content-type': 'application/xml' }).end(await deleteMany(bucket, await readBody(request)));
      return;
    }
    if (method === 'POST' && key === '') {
      const { status, headers } = await postUpload(request, bucket, await readBody(request));
      response.writeHead(status, { ...cors, ...headers }).end();
      return;
    }
    if (key === '') throw new S3Error(405, 'MethodNotAllowed', 'The specified method is not allowed against this resource.');
    if (url.searchParams.has('uploads') || url.searchParams.has('uploadId')) {
      if (!request.headers.authorization) throw new S3Error(403, 'AccessDenied', 'Access Denied');
      const { status, headers, body } = await multipart(request, url, bucket, key);
      response.writeHead(status, { ...cors, ...headers }).end(body);
      return;
    }
    if (method === 'PUT') {
      if (!request.headers.authorization && !url.searchParams.get('X-Amz-Signature')) throw new S3Error(403, 'AccessDenied', 'Access Denied');
      const raw = await readBody(request);
      const bytes = String(request.headers['content-encoding'] ?? '').includes('aws-chunked') ? decodeAwsChunked(raw) : raw;
      const meta = await putObject(bucket, key, bytes, String(request.headers['content-type'] ?? 'binary/octet-stream'));
      response.writeHead(200, { ...cors, etag: meta.etag }).end();
      return;
    }
    if (method === 'DELETE') {
      await deleteObject(bucket, key);
      response.writeHead(204, cors).end();
      return;
    }
    if (method === 'GET' || method === 'HEAD') {
      checkReadAccess(request, url);
      const meta = await readMeta(bucket, key);
      if (!meta) throw new S3Error(404, 'NoSuchKey', 'The specified key does not exist.');
      const headers = {
        ...cors,
        'content-type': url.searchParams.get('response-content-type') ?? meta.contentType,
        'content-length': String(meta.size),
        etag: meta.etag,
        'last-modified': meta.lastModified,
        'x-content-type-options': 'nosniff',
        ...(url.searchParams.has('response-content-disposition') ? { 'content-disposition': url.searchParams.get('response-content-disposition') ?? '' } : {}),
      };
      if (method === 'HEAD') {
        response.writeHead(200, headers).end();
        return;
      }
      response.writeHead(200, headers).end(await readFile(objectPath(bucket, key)));
      return;
    }
    throw new S3Error(405, 'MethodNotAllowed', 'The specified method is not allowed against this resource.');
  }

  const origin = `http://${options.host}:${options.port}`;
  const server = http.createServer((request, response) => {
    if (refusedByGuard(options.guard, request, response)) return;
    // The guard let through only the web app's origin (or none): the bucket's CORS rule, locally.
    const cors: Record<string, string> = request.headers.origin
      ? { 'access-control-allow-origin': request.headers.origin, 'access-control-expose-headers': 'etag', vary: 'origin' }
      : {};
    if (request.method === 'OPTIONS') {
      response
        .writeHead(204, {
          ...cors,
          'access-control-allow-methods': 'GET, HEAD, POST',
          'access-control-allow-headers': String(request.headers['access-control-request-headers'] ?? ''),
          'access-control-max-age': '3000',
        })
        .end();
      return;
    }
    answer(request, response, cors).catch((error: unknown) => {
      const failure = error instanceof S3Error ? error : new S3Error(500, 'InternalError', error instanceof Error ? error.message : String(error));
      if (response.headersSent) return response.destroy();
      const body =
        request.method === 'HEAD'
          ? undefined
          : `<?xml version="1.0" encoding="UTF-8"?><Error><Code>${failure.code}</Code><Message>${xmlEscape(failure.message)}</Message></Error>`;
      response.writeHead(failure.status, { ...cors, 'content-type': 'application/xml' }).end(body);
    });
  });
  server.listen(options.port, options.host);
  await once(server, 'listening');
  await Promise.all(options.buckets.map((bucket) => mkdir(path.join(options.dir, bucket), { recursive: true })));
  return {
    url: origin,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
