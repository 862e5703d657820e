import { describe, expect, inject, it } from 'vitest';
import { httpRoutes } from '../../shared/routes.js';
import { callApi } from './helpers.js';

const config = inject('webConfig');

describe('the OpenAPI document through the local gateway', () => {
  it('is served to anyone, whole, as the route contract says', async () => {
    const response = await callApi(config, 'GET', '/openapi.json');
    expect(response.status).toBe(200);
    const document = response.body as { openapi: string; paths: Record<string, Record<string, { operationId: string }>> };
    expect(document.openapi).toBe('3.1.0');
    const operations = Object.values(document.paths).flatMap((methods) => Object.values(methods).map((operation) => operation.operationId));
    expect(operations.sort()).toEqual(httpRoutes.map((route) => route.name).sort());
  });
});
