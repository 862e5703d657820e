import { cancelImportFor } from '../../domain/imports.js';
import { routeHandler } from '../../lib/http-handler.js';
import { importsRoutes } from '../../../shared/routes/imports.js';

export const handler = routeHandler(importsRoutes.CancelImport, ({ caller, params }) => cancelImportFor(caller, params.workspaceId, params.importId));
