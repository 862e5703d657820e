import { listAttachmentsFor } from '../../domain/attachments.js';
import { routeHandler } from '../../lib/http-handler.js';
import { attachmentsRoutes } from '../../../shared/routes/attachments.js';

export const handler = routeHandler(attachmentsRoutes.ListProjectAttachments, ({ caller, params }) => listAttachmentsFor(caller, params));
