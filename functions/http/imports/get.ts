import { importFor } from '../../domain/imports.js';
import { routeHandler } from '../../lib/http-handler.js';
import { importsRoutes } from '../../../shared/routes/imports.js';

export const handler = routeHandler(importsRoutes.GetImport, ({ caller, params }) => importFor(caller, params.workspaceId, params.importId));
