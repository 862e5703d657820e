import { createImportFor } from '../../domain/imports.js';
import { routeHandler } from '../../lib/http-handler.js';
import { importsRoutes } from '../../../shared/routes/imports.js';

export const handler = routeHandler(importsRoutes.CreateImport, ({ caller, params, body }) => createImportFor(caller, params.workspaceId, body));
