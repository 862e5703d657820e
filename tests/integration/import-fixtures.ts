import { expect } from 'vitest';
import { importResponse, importUpload, type ImportUpload, type ImportView } from '../../shared/schemas/import.js';
import { callApi, type TestUser } from './helpers.js';
import { postFile, sha256 } from './import-upload.js';
import { config } from './member-fixtures.js';

/**
 * An import's steps through the local HTTP API, the import worker (run in process by the gateway's Lambda
 * endpoint) and the S3 stand-in, as the Import page takes them: ask with the file's SHA-256, post it with the
 * presigned POST as a browser does, say it is uploaded, wait for the analysis, start, wait for the report.
 * `extra` is added to the request (a TaskFlow export named export.json unless it says otherwise).
 */

export const imports = (workspaceId: string) => `/workspaces/${workspaceId}/imports`;
const request = (bytes: Buffer, extra: object) => ({ source: 'taskflow', fileName: 'export.json', size: bytes.length, sha256: sha256(bytes), ...extra });

export async function asked(user: TestUser, workspaceId: string, bytes: Buffer, extra: object = {}): Promise<ImportUpload> {
  const response = await callApi(config, 'POST', imports(workspaceId), { token: user.idToken, body: request(bytes, extra) });
  expect(response.status).toBe(201);
  return importUpload.parse(response.body);
}

export async function read(user: TestUser, workspaceId: string, importId: string): Promise<ImportView> {
  const response = await callApi(config, 'GET', `${imports(workspaceId)}/${importId}`, { token: user.idToken });
  expect(response.status).toBe(200);
  return importResponse.parse(response.body).import;
}

/** Polls the job until it leaves `status` (the worker runs in the background). */
export async function settled(user: TestUser, workspaceId: string, importId: string, status: 'analyzing' | 'running'): Promise<ImportView> {
  for (let attempt = 0; attempt < 300; attempt += 1) {
    const job = await read(user, workspaceId, importId);
    if (job.status !== status) return job;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`The import stayed ${status}`);
}

/** Asks, uploads and completes the upload: the analysed job. */
export async function analysed(user: TestUser, workspaceId: string, bytes: Buffer, extra: object = {}): Promise<ImportView> {
  const ticket = await asked(user, workspaceId, bytes, extra);
  const { source, fileName } = request(bytes, extra);
  expect(ticket.import).toMatchObject({ status: 'uploading', source, fileName, size: bytes.length, requestedBy: expect.any(String) });
  expect((await postFile(ticket, bytes)).status).toBe(204);
  const uploaded = await callApi(config, 'POST', `${imports(workspaceId)}/${ticket.import.id}/uploaded`, { token: user.idToken });
  expect(uploaded.status).toBe(200);
  expect(importResponse.parse(uploaded.body).import.status).not.toBe('uploading');
  return settled(user, workspaceId, ticket.import.id, 'analyzing');
}

/** Starts an analysed job and waits for its end. */
export async function started(user: TestUser, workspaceId: string, ready: ImportView): Promise<ImportView> {
  expect(ready.status).toBe('ready');
  const response = await callApi(config, 'POST', `${imports(workspaceId)}/${ready.id}/start`, { token: user.idToken });
  expect(response.status).toBe(200);
  return settled(user, workspaceId, ready.id, 'running');
}

export async function imported(user: TestUser, workspaceId: string, bytes: Buffer, extra: object = {}): Promise<ImportView> {
  return started(user, workspaceId, await analysed(user, workspaceId, bytes, extra));
}
