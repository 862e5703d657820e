import { startImportFor } from '../../domain/imports.js';
import { routeHandler } from '../../lib/http-handler.js';
import { importsRoutes } from '../../../shared/routes/imports.js';

export const handler = routeHandler(importsRoutes.StartImport, ({ caller, params }) => startImportFor(caller, params.workspaceId, params.importId));
