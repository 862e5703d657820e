import { personalExportFor } from '../../domain/exports.js';
import { routeHandler } from '../../lib/http-handler.js';
import { exportsRoutes } from '../../../shared/routes/exports.js';

export const handler = routeHandler(exportsRoutes.GetPersonalExport, ({ caller, params }) => personalExportFor(caller, params.exportId));
