/** The control over HTTP, for tests whose handlers run in another process, and the control object itself. */
import type { World } from './endpoints.js';
import { type Call, jsonReply, type Reply } from './replies.js';
import type { CalendarAccessRole, EventInput, InjectedFailureStatus, StandInControl, TestAccount } from './types.js';

/**
 * The control over HTTP, under /_control/, for tests whose handlers run in another process (the
 * integration run's local stack): the same operations as `control`, JSON in and out.
 */
export function controlReply(control: StandInControl, call: Call): Reply {
  const body = (call.body.length > 0 ? JSON.parse(call.body.toString('utf8')) : {}) as Record<string, unknown>;
  const calendarId = String(call.url.searchParams.get('calendarId') ?? body.calendarId ?? '');
  const operation = `${call.method} ${call.url.pathname.slice('/_control/'.length)}`;
  switch (operation) {
    case 'POST accounts':
      return jsonReply(200, control.addAccount(String(body.name ?? 'Test Account')));
    case 'POST expire-sync-tokens':
      control.expireSyncTokens();
      return jsonReply(200, {});
    case 'POST fail-next':
      control.failNext(Number(body.times), Number(body.status) as InjectedFailureStatus, typeof body.method === 'string' ? body.method : undefined);
      return jsonReply(200, {});
    case 'POST access-role':
      control.setAccessRole(calendarId, String(body.role) as CalendarAccessRole | 'none');
      return jsonReply(200, {});
    case 'POST revoke-grants':
      control.revokeGrants(String(body.email));
      return jsonReply(200, {});
    case 'GET events':
      return jsonReply(200, { items: control.events(calendarId) });
    case 'POST events':
      return jsonReply(200, control.insertEvent(calendarId, body.event as EventInput));
    case 'PATCH events':
      return jsonReply(200, control.patchEvent(calendarId, String(body.eventId), body.patch as EventInput));
    case 'GET requests':
      return jsonReply(200, { items: control.requests });
    case 'GET revoked-tokens':
      return jsonReply(200, { items: control.revokedTokens() });
    default:
      return jsonReply(404, { error: `No control operation ${operation}` });
  }
}

export function createControl(world: World): StandInControl {
  const { calendars } = world;
  return {
    testAccounts: world.accounts,
    requests: world.requests,
    expireSyncTokens: () => calendars.expireSyncTokens(),
    failNext(times, status, method) {
      if (!Number.isInteger(times) || times < 0) throw new Error(`failNext needs a whole number of requests, not ${times}`);
      for (let index = 0; index < times; index += 1) world.failures.push({ status, ...(method ? { method: method.toUpperCase() } : {}) });
    },
    setAccessRole(calendarId, role) {
      if (!['owner', 'writer', 'reader', 'freeBusyReader', 'none'].includes(role)) throw new Error(`No access role ${role}`);
      calendars.record(calendarId).accessRole = role;
    },
    revokeGrants(email) {
      if (!world.accounts.some((account) => account.email === email)) throw new Error(`No test account ${email}`);
      world.oauth.revokeAccount(email);
    },
    addAccount(name) {
      const number = world.accounts.length + 1;
      const slug = name.toLowerCase().replace(/[^a-z0-9]+/g, '.').replace(/^\.|\.$/g, '') || 'account';
      const email = `${slug}.${number}@example.test`;
      const [givenName = name, ...rest] = name.split(' ');
      const account: TestAccount = {
        id: `1047291${String(number).padStart(14, '0')}`,
        email,
        name,
        givenName,
        familyName: rest.join(' '),
        calendars: [{ id: email, summary: email, backgroundColor: '#3B82F6', primary: true }],
      };
      world.accounts.push(account);
      world.calendars.addAccount(account);
      return account;
    },
    events: (calendarId) => calendars.events(calendarId),
    insertEvent: (calendarId, event) => calendars.insert(calendars.record(calendarId), event),
    patchEvent: (calendarId, eventId, patch) => calendars.patch(calendars.record(calendarId), eventId, patch),
    deleteEvent: (calendarId, eventId) => calendars.remove(calendars.record(calendarId), eventId),
    revokedTokens: () => world.oauth.revokedTokens(),
  };
}
