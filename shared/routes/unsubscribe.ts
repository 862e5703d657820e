import { unsubscribeInput, unsubscribeResponse } from '../schemas/unsubscribe.js';
import { namedRoutes } from './contract.js';

/** Turning a kind of mail off from the link in the mail (issue 37): part of the route table (shared/routes.ts). */
export const unsubscribeRoutes = namedRoutes({
  // Without sign-in: the signed token in the body is the access. A POST, sent by the page the link opens, so
  // that a mail scanner fetching the link turns nothing off.
  Unsubscribe: {
    method: 'POST', path: '/mail/unsubscribe', handler: 'functions/http/mail/unsubscribe', auth: 'public', dataAccess: 'write', usesMailLinks: true, status: 200,
    body: unsubscribeInput, response: unsubscribeResponse,
  },
});
