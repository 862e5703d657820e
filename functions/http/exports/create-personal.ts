import { requestPersonalExportFor } from '../../domain/exports.js';
import { routeHandler } from '../../lib/http-handler.js';
import { exportsRoutes } from '../../../shared/routes/exports.js';

export const handler = routeHandler(exportsRoutes.CreatePersonalExport, ({ caller }) => requestPersonalExportFor(caller));
