import { requestWorkspaceExportFor } from '../../domain/exports.js';
import { routeHandler } from '../../lib/http-handler.js';
import { exportsRoutes } from '../../../shared/routes/exports.js';

export const handler = routeHandler(exportsRoutes.CreateWorkspaceExport, ({ caller, params, body }) => requestWorkspaceExportFor(caller, params.workspaceId, body));
