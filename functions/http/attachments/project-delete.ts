import { deleteAttachmentFor } from '../../domain/attachments.js';
import { routeHandler } from '../../lib/http-handler.js';
import { attachmentsRoutes } from '../../../shared/routes/attachments.js';

export const handler = routeHandler(attachmentsRoutes.DeleteProjectAttachment, ({ caller, params }) => deleteAttachmentFor(caller, params, params.attachmentId));
