import { completeImportUploadFor } from '../../domain/imports.js';
import { routeHandler } from '../../lib/http-handler.js';
import { importsRoutes } from '../../../shared/routes/imports.js';

export const handler = routeHandler(importsRoutes.CompleteImportUpload, ({ caller, params }) => completeImportUploadFor(caller, params.workspaceId, params.importId));
