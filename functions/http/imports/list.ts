import { listImportsFor } from '../../domain/imports.js';
import { routeHandler } from '../../lib/http-handler.js';
import { importsRoutes } from '../../../shared/routes/imports.js';

export const handler = routeHandler(importsRoutes.ListImports, ({ caller, params }) => listImportsFor(caller, params.workspaceId));
