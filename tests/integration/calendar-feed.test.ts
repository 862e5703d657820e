import ICAL from 'ical.js';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { calendarFeedPath, calendarFeedResponse, type CalendarFeedView } from '../../shared/schemas/calendar-feed.js';
import { callApi, signUpAndSignIn, type TestUser } from './helpers.js';
import { projectApi, userIdOf } from './project-fixtures.js';

const config = inject('webConfig');

/** The feed as a calendar app fetches it: no sign-in, the secret in the address. */
async function fetchFeed(secret: string, headers: Record<string, string> = {}): Promise<Response> {
  return fetch(`${config.apiUrl}${calendarFeedPath(secret)}`, { headers });
}

/** The feed's events as an independent iCalendar parser reads them: summary, all-day date, rule. */
function eventsOf(text: string) {
  const calendar = new ICAL.Component(ICAL.parse(text));
  return calendar.getAllSubcomponents('vevent').map((component) => {
    const event = new ICAL.Event(component);
    const rule = component.getFirstPropertyValue('rrule');
    return { summary: event.summary, date: event.startDate.toString(), allDay: event.startDate.isDate, rule: rule ? String(rule) : null };
  });
}

describe('the private calendar feed', () => {
  let alice: TestUser;
  let bob: TestUser;
  let workspaceId: string;
  let api: ReturnType<typeof projectApi>;

  const saveFeed = async (body: object, user = alice): Promise<CalendarFeedView> => {
    const response = await callApi(config, 'PUT', `/workspaces/${workspaceId}/calendar-feed`, { token: user.idToken, body });
    expect(response.status).toBe(200);
    const { feed } = calendarFeedResponse.parse(response.body);
    if (!feed) throw new Error('No feed');
    return feed;
  };

  beforeAll(async () => {
    [alice, bob] = await Promise.all([signUpAndSignIn(config), signUpAndSignIn(config)]);
    api = projectApi(config, alice);
    workspaceId = await api.createWorkspace('Feed team');
    await callApi(config, 'GET', '/workspaces', { token: bob.idToken });
    expect((await api.call('POST', `/workspaces/${workspaceId}/members`, { email: bob.email, role: 'member' })).status).toBe(201);
    const project = await api.createProject(workspaceId, { name: 'Launch' });
    await Promise.all([
      api.createTask(workspaceId, project.id, { title: 'Mine, weekly', dueDate: '2026-12-14', assignedTo: userIdOf(alice), repeat: { rule: 'FREQ=WEEKLY;BYDAY=MO', from: 'due', timeZone: 'Europe/Berlin' } }),
      api.createTask(workspaceId, project.id, { title: "Bob's review", dueDate: '2026-12-15', assignedTo: userIdOf(bob) }),
      api.createTask(workspaceId, project.id, { title: 'No date', assignedTo: userIdOf(alice) }),
      api.createTask(workspaceId, project.id, { title: 'Mine, every month from the 31st', dueDate: '2026-12-31', assignedTo: userIdOf(alice), repeat: { rule: 'FREQ=MONTHLY', from: 'due', timeZone: 'UTC' } }),
    ]);
  });

  it("serves the owner's open tasks with due dates as all-day events, repeating ones with their RRULE, to an app with no sign-in", async () => {
    expect(calendarFeedResponse.parse((await callApi(config, 'GET', `/workspaces/${workspaceId}/calendar-feed`, { token: alice.idToken })).body).feed).toBeNull();
    const feed = await saveFeed({ scope: 'mine' });
    const response = await fetchFeed(feed.secret);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^text\/calendar/);
    expect(response.headers.get('cache-control')).toBe('private, max-age=300');
    const events = eventsOf(await response.text());
    expect(events).toEqual(
      expect.arrayContaining([
        { summary: 'Mine, weekly', date: '2026-12-14', allDay: true, rule: 'FREQ=WEEKLY;BYDAY=MO' },
        // Kept to month ends by this product: the rule names the 31st or the month's last day, as a calendar app reads it.
        { summary: 'Mine, every month from the 31st', date: '2026-12-31', allDay: true, rule: 'FREQ=MONTHLY;BYMONTHDAY=31,-1;BYSETPOS=1' },
      ]),
    );
    expect(events.map((event) => event.summary)).not.toContain("Bob's review");
    expect(events).toHaveLength(2);
    // Settings shows the same address again.
    expect(calendarFeedResponse.parse((await callApi(config, 'GET', `/workspaces/${workspaceId}/calendar-feed`, { token: alice.idToken })).body).feed?.secret).toBe(feed.secret);
  });

  it('answers 304 to an app that has the same tasks, and the new text once a task changes', async () => {
    const feed = await saveFeed({ scope: 'workspace' });
    const first = await fetchFeed(feed.secret);
    const etag = first.headers.get('etag') ?? '';
    expect(eventsOf(await first.text()).map((event) => event.summary)).toContain("Bob's review");
    expect((await fetchFeed(feed.secret, { 'if-none-match': etag })).status).toBe(304);
    const project = (await api.call('GET', `/workspaces/${workspaceId}/projects`)).body as { projects: { id: string }[] };
    await api.createTask(workspaceId, project.projects[0]?.id ?? '', { title: 'Added later', dueDate: '2026-12-20' });
    // The due-date index is eventually consistent: asked again until the new task is there.
    await expect.poll(async () => (await fetchFeed(feed.secret, { 'if-none-match': etag })).status).toBe(200);
    expect(eventsOf(await (await fetchFeed(feed.secret)).text()).map((event) => event.summary)).toContain('Added later');
  });

  it('stops the old address at once on a new secret, and every address when turned off or the owner leaves', async () => {
    const before = await saveFeed({ scope: 'mine' });
    const after = await saveFeed({ scope: 'mine', newSecret: true });
    expect(after.secret).not.toBe(before.secret);
    expect((await fetchFeed(before.secret)).status).toBe(404);
    expect((await fetchFeed(after.secret)).status).toBe(200);
    expect((await callApi(config, 'DELETE', `/workspaces/${workspaceId}/calendar-feed`, { token: alice.idToken })).status).toBe(204);
    expect((await fetchFeed(after.secret)).status).toBe(404);

    const bobs = await saveFeed({ scope: 'mine' }, bob);
    expect((await fetchFeed(bobs.secret)).status).toBe(200);
    expect((await callApi(config, 'DELETE', `/workspaces/${workspaceId}/members/${userIdOf(bob)}`, { token: alice.idToken })).status).toBe(204);
    expect((await fetchFeed(bobs.secret)).status).toBe(404);
  });

  it('refuses odd input: a secret that is not one, a scope that is not offered, an outsider', async () => {
    expect((await fetchFeed('not-a-secret-anyone-made')).status).toBe(404);
    expect((await fetch(`${config.apiUrl}/calendar-feeds/${'x'.repeat(300)}`)).status).toBe(400);
    const badScope = await callApi(config, 'PUT', `/workspaces/${workspaceId}/calendar-feed`, { token: alice.idToken, body: { scope: 'everyone' } });
    expect(badScope.status).toBe(400);
    expect(JSON.stringify(badScope.body)).toContain('scope');
    const outsider = await signUpAndSignIn(config);
    expect((await callApi(config, 'PUT', `/workspaces/${workspaceId}/calendar-feed`, { token: outsider.idToken, body: { scope: 'workspace' } })).status).toBe(404);
  });
});
