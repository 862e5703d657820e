import { createHash } from 'node:crypto';
import type { ImportUpload } from '../../shared/schemas/import.js';

/** An import's file as the browser sends it (no test runner needed: the import bench uses it too). */

export const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

export function postFile(ticket: ImportUpload, bytes: Buffer) {
  const form = new FormData();
  for (const [name, value] of Object.entries(ticket.upload.fields)) form.append(name, value);
  form.append('file', new Blob([new Uint8Array(bytes)], { type: 'application/octet-stream' }), 'upload');
  return fetch(ticket.upload.url, { method: 'POST', body: form });
}
