import { attachmentDownloadFor } from '../../domain/attachments.js';
import { routeHandler } from '../../lib/http-handler.js';
import { attachmentsRoutes } from '../../../shared/routes/attachments.js';

export const handler = routeHandler(attachmentsRoutes.ProjectAttachmentDownload, ({ caller, params }) => attachmentDownloadFor(caller, params, params.attachmentId));
