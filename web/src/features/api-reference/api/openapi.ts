import { queryOptions } from '@tanstack/react-query';
import { openApiRoutes } from '@shared/routes/openapi';
import { callRoute } from '@/lib/api-client';
import { getConfig } from '@/lib/config';

export const LOAD_API_REFERENCE_FAILED = 'Failed to load the API reference.';

/** Where a program reads the document itself. */
export const openApiDocumentUrl = () => `${getConfig().apiUrl}/openapi.json`;

/** What the page reads of an OpenAPI operation (the document is checked on the server: shared/openapi.test.ts). */
export interface ReferenceOperation {
  readonly operationId: string;
  readonly summary: string;
  readonly tags: readonly string[];
  readonly security: readonly unknown[];
  readonly parameters?: readonly { name: string; in: 'path' | 'query'; required: boolean; schema: unknown }[];
  readonly requestBody?: { content: Record<string, { schema: unknown }> };
  readonly responses: Record<string, { description?: string; content?: Record<string, { schema: unknown }>; $ref?: string }>;
}

export interface ApiReference {
  readonly description: string;
  readonly operations: readonly (ReferenceOperation & { method: string; path: string })[];
}

export function apiReferenceQueryOptions() {
  return queryOptions({
    queryKey: ['api-reference'],
    // The document never changes while a deployment runs.
    staleTime: Infinity,
    queryFn: async ({ signal }): Promise<ApiReference> => {
      const document = await callRoute(openApiRoutes.GetOpenApiDocument, { signal });
      const info = document.info as { description?: string } | undefined;
      const paths = document.paths as Record<string, Record<string, ReferenceOperation>>;
      return {
        description: info?.description ?? '',
        operations: Object.entries(paths).flatMap(([path, methods]) => Object.entries(methods).map(([method, operation]) => ({ ...operation, method: method.toUpperCase(), path }))),
      };
    },
  });
}
