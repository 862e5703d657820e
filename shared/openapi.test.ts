import { describe, expect, it } from 'vitest';
import { jsonSchemaOf, openApiDocument } from './openapi.js';
import { httpRoutes, pathParameterNames } from './routes.js';

type Operation = {
  operationId: string;
  parameters?: { name: string; in: string; required: boolean; schema: unknown }[];
  requestBody?: { content: Record<string, { schema: unknown }> };
  responses: Record<string, { content?: Record<string, { schema: unknown }> } | { $ref: string }>;
  security: unknown[];
};

const document = openApiDocument() as { openapi: string; paths: Record<string, Record<string, Operation>>; components: { responses: Record<string, unknown> } };
const operationOf = (method: string, path: string) => document.paths[path]?.[method.toLowerCase()];

describe('the OpenAPI document', () => {
  it('is OpenAPI 3.1 with every route of the contract, once, under its path and method', () => {
    expect(document.openapi).toBe('3.1.0');
    const operations = Object.values(document.paths).flatMap((methods) => Object.values(methods));
    expect(operations.map((operation) => operation.operationId).sort()).toEqual(httpRoutes.map((route) => route.name).sort());
    for (const route of httpRoutes) expect(operationOf(route.method, route.path)?.operationId, route.name).toBe(route.name);
  });

  it.each(httpRoutes.map((route) => [route.name, route] as const))('%s: documents exactly what its handler validates and answers', (_name, route) => {
    const operation = operationOf(route.method, route.path);
    if (!operation) throw new Error(`${route.name} is missing`);
    const pathParameters = (operation.parameters ?? []).filter((parameter) => parameter.in === 'path');
    expect(pathParameters.map((parameter) => parameter.name)).toEqual(pathParameterNames(route.path));
    if (route.params) {
      const properties = (jsonSchemaOf(route.params, 'input').properties ?? {}) as Record<string, unknown>;
      for (const parameter of pathParameters) expect(parameter.schema).toEqual(properties[parameter.name]);
    }
    const queryNames = (operation.parameters ?? []).filter((parameter) => parameter.in === 'query').map((parameter) => parameter.name);
    if (route.query) expect(queryNames.length).toBeGreaterThan(0);
    else expect(queryNames).toEqual([]);
    expect(operation.requestBody?.content['application/json']?.schema).toEqual(route.body ? jsonSchemaOf(route.body, 'input') : undefined);
    const success = operation.responses[String(route.status)];
    const schema = success && 'content' in success ? success.content?.['application/json']?.schema : undefined;
    expect(schema).toEqual(route.response ? jsonSchemaOf(route.response, 'output') : undefined);
    expect(operation.security).toEqual(route.auth === 'user' ? [{ bearer: [] }] : []);
    // Every failure refers to the one error shape.
    for (const [status, response] of Object.entries(operation.responses)) {
      if (Number(status) >= 400) expect(response).toHaveProperty('$ref', expect.stringMatching(/^#\/components\/responses\//));
    }
  });

  it("describes a query with several shapes by each parameter any of them takes (the task list's 'by')", () => {
    const parameters = operationOf('GET', '/workspaces/{workspaceId}/tasks')?.parameters ?? [];
    expect(parameters.find((parameter) => parameter.name === 'by')).toMatchObject({ in: 'query', required: true });
    expect(parameters.find((parameter) => parameter.name === 'cursor')).toMatchObject({ in: 'query', required: false });
  });

  it('resolves every $ref it makes', () => {
    const refs = [...JSON.stringify(document).matchAll(/"\$ref":"#\/components\/(\w+)\/(\w+)"/g)];
    expect(refs.length).toBeGreaterThan(0);
    for (const [, section, name] of refs) expect((document.components as Record<string, Record<string, unknown>>)[section ?? '']?.[name ?? ''], `${section}/${name}`).toBeDefined();
  });
});
