import { requestAttachmentUploadFor } from '../../domain/attachments.js';
import { routeHandler } from '../../lib/http-handler.js';
import { attachmentsRoutes } from '../../../shared/routes/attachments.js';

export const handler = routeHandler(attachmentsRoutes.RequestProjectAttachmentUpload, ({ caller, params, body }) => requestAttachmentUploadFor(caller, params, body));
