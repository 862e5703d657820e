import { expect, test, type Page } from '@playwright/test';
import { callApiAs } from './support/api.js';
import { createWorkspace, signUpNewUser } from './support/users.js';

// The Google stand-in's test accounts and calendars are one world for the whole run: these tests take turns.
test.describe.configure({ mode: 'default' });

/** The local Google stand-in's address (playwright.config.ts gives it GOOGLE_PORT = port base + 5). */
const googleUrl = `http://127.0.0.1:${Number(process.env.E2E_PORT_BASE ?? 19000) + 5}`;

/** What the calendar's owner does at Google: shares it with the test account as `role` ('none': not at all). */
async function shareAtGoogle(page: Page, calendarId: string, role: 'owner' | 'reader' | 'none'): Promise<void> {
  const answer = await page.request.post(`${googleUrl}/_control/access-role`, {
    data: { calendarId, role },
    headers: { 'x-control-secret': process.env.LOCAL_CONTROL_SECRET ?? '' },
  });
  expect(answer.status()).toBe(200);
}

/** From the Google Calendar page: Connect, pick Alex on the stand-in's consent page, back on the settings. */
async function connectAlex(page: Page): Promise<void> {
  await page.goto('/integrations/google-calendar');
  await page.getByRole('button', { name: 'Connect Google Calendar' }).click();
  await page.getByRole('button', { name: /Alex Rivera/ }).click();
  await expect(page).toHaveURL(/\/integrations\/google-calendar$/, { timeout: 10_000 });
  await expect(page.getByRole('region', { name: 'Calendar Settings', exact: true })).toBeVisible();
}

const TEAM_CALENDAR = 'c_alex_team_meetings@group.calendar.example.test';
const READ_ONLY_NOTE = "Read-only in Google: its events are shown, but due dates can't be added to it, so it can't be linked to a project.";

/**
 * Google Calendar end to end: the consent page of the local Google stand-in, the callback page, Calendar
 * Settings with a project link, the events on /calendar and in the project, an event added from a task,
 * and Remove.
 */
test('connect a Google account, link a calendar to a project, see and add events, disconnect', async ({ page }) => {
  await signUpNewUser(page);
  await createWorkspace(page, 'Calendar Team');
  const workspaceId = await page.evaluate(() => localStorage.getItem('currentWorkspaceId'));
  const today = await page.evaluate(() => {
    const now = new Date();
    return `${now.getFullYear()}-${String(now.getMonth() + 1).padStart(2, '0')}-${String(now.getDate()).padStart(2, '0')}`;
  });
  const { project } = await callApiAs<{ project: { id: string } }>(page, 'POST', `/workspaces/${workspaceId}/projects`, { name: 'Apollo' });
  await callApiAs(page, 'POST', `/workspaces/${workspaceId}/projects/${project.id}/tasks`, { title: 'Ship beta', dueDate: today });

  await page.goto('/integrations');
  await page.getByRole('link', { name: /Google Calendar/ }).first().click();
  await expect(page.getByRole('heading', { name: 'Google Calendar', level: 1 })).toBeVisible();
  await expect(page.getByRole('region', { name: 'How It Works' })).toBeVisible();
  await page.getByRole('button', { name: 'Connect Google Calendar' }).click();

  // Google's consent page (the stand-in): pick the test account.
  await expect(page.getByRole('heading', { name: /Sign in with Google/ })).toBeVisible();
  await page.getByRole('button', { name: /Alex Rivera/ }).click();

  // The callback page completes the connection, then moves on to the settings by itself.
  await expect(page.getByText('Google Calendar connected')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Continue to Settings' })).toBeVisible();
  await expect(page).toHaveURL(/\/integrations\/google-calendar$/, { timeout: 10_000 });

  const accounts = page.getByRole('region', { name: 'Connected Google Accounts' });
  await expect(accounts.getByText('alex@example.test')).toBeVisible();
  await expect(page.getByText('1 account connected')).toBeVisible();
  const stats = page.getByRole('region', { name: 'Integration Stats' });
  await expect(stats).toContainText('Available calendars3');
  await expect(stats).toContainText('Enabled calendars1');

  // Enable Team Meetings, link it to Apollo, save.
  const settings = page.getByRole('region', { name: 'Calendar Settings' });
  await expect(settings.getByText('Primary')).toBeVisible();
  // The subscribed Holidays calendar is listed, marked read-only.
  await expect(settings.getByRole('listitem').filter({ hasText: 'Holidays' }).getByText('Read-only')).toBeVisible();
  await settings.getByRole('switch', { name: /Team Meetings/ }).click();
  await settings.getByLabel('Project for Team Meetings').selectOption({ label: 'Apollo' });
  await settings.getByRole('button', { name: 'Save Settings' }).click();
  await expect(settings.getByText('Calendar settings saved')).toBeVisible();
  await expect(stats).toContainText('Enabled calendars2');

  // The linked calendar's events show in the project's Overview.
  await page.goto(`/projects/${project.id}`);
  const upcoming = page.getByRole('region', { name: 'Upcoming Events' });
  await expect(upcoming.getByRole('listitem').first()).toBeVisible();
  await expect(upcoming).toContainText('Team Meetings');

  // /calendar: events of the enabled calendars, and '+ Add to Calendar' on a task creates one.
  await page.goto('/calendar');
  await expect(page.locator('.calendar-grid .calendar-event').first()).toBeVisible();
  await expect(page.getByRole('region', { name: 'Calendar Sync' })).toContainText('1 Google account, 2 calendars shown');
  const todayCell = page.locator('td.is-today');
  await todayCell.getByRole('button', { name: /task/ }).first().click();
  await page.getByRole('dialog', { name: /^Tasks due / }).getByRole('button', { name: 'Add to Calendar: Ship beta' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add to Calendar' });
  await expect(dialog.getByLabel('Account')).toHaveValue(/\d+/);
  await expect(dialog.getByLabel('Calendar')).toHaveValue('alex@example.test');
  // Only the calendars Google lets Alex add events to: not Holidays.
  await expect(dialog.getByLabel('Calendar').locator('option')).toHaveText(['alex@example.test', 'Team Meetings']);
  await expect(dialog.getByLabel('Title')).toHaveValue('Ship beta');
  await expect(dialog.getByLabel('Date')).toHaveValue(today);
  await expect(dialog.getByLabel('Start time')).toHaveValue('09:00');
  await dialog.getByLabel('Duration').selectOption('1.5');
  await dialog.getByRole('button', { name: 'Create Event' }).click();
  await expect(dialog).toBeHidden();
  // Today's cell shows the new event, or its "+ more" button when the stand-in's events fill the cell; on some
  // days it shows both (the CI run at 23:55 did), so either one is enough.
  await expect(todayCell.locator('.calendar-event', { hasText: 'Ship beta' }).or(todayCell.getByRole('button', { name: /more/ })).first()).toBeVisible();

  // Remove the account: back to the Connect screen.
  await page.goto('/integrations/google-calendar');
  await accounts.getByRole('button', { name: 'Remove alex@example.test' }).click();
  await page.getByRole('alertdialog', { name: 'Remove Google account' }).getByRole('button', { name: 'Remove' }).click();
  await expect(page.getByRole('button', { name: 'Connect Google Calendar' })).toBeVisible();
  await page.goto('/integrations');
  await page.getByRole('tab', { name: 'Connected' }).click();
  await expect(page.getByText('No connected integrations yet')).toBeVisible();
});

test('a read-only calendar is shown with its reason and never linked; a linked one that turns read-only says so after Refresh', async ({ page }) => {
  await signUpNewUser(page);
  await createWorkspace(page, 'Read-only Team');
  const workspaceId = await page.evaluate(() => localStorage.getItem('currentWorkspaceId'));
  await callApiAs(page, 'POST', `/workspaces/${workspaceId}/projects`, { name: 'Apollo' });
  await connectAlex(page);
  const settings = page.getByRole('region', { name: 'Calendar Settings' });
  const holidays = settings.getByRole('listitem').filter({ hasText: 'Holidays' });
  const team = settings.getByRole('listitem').filter({ hasText: 'Team Meetings' });

  // Enabled to show its events, Holidays offers no project link and says why.
  await holidays.getByRole('switch', { name: /Holidays/ }).click();
  await expect(holidays.getByText(READ_ONLY_NOTE)).toBeVisible();
  await expect(settings.getByLabel('Project for Holidays')).toHaveCount(0);
  await team.getByRole('switch', { name: /Team Meetings/ }).click();
  await settings.getByLabel('Project for Team Meetings').selectOption({ label: 'Apollo' });
  await settings.getByRole('button', { name: 'Save Settings' }).click();
  await expect(settings.getByText('Calendar settings saved')).toBeVisible();

  // Its owner makes Team Meetings view-only for Alex: Refresh still works, and the calendar says what it could not do.
  try {
    await shareAtGoogle(page, TEAM_CALENDAR, 'reader');
    await page.getByRole('button', { name: 'Refresh Calendars' }).click();
    await expect(page.getByText('Calendars refreshed, but not all of Team Meetings could be synced; see Calendar Settings.')).toBeVisible();
    await expect(team.getByText('Read-only', { exact: true })).toBeVisible();
    await expect(team.getByText('Last sync: Due dates are not written here: Google lets this account only read this calendar.')).toBeVisible();
    await expect(settings.getByLabel('Project for Team Meetings')).toHaveCount(0);
  } finally {
    await shareAtGoogle(page, TEAM_CALENDAR, 'owner');
  }
});

test('a calendar linked to a project that is archived shows it, marked; once the project is deleted it shows no link and settings still save', async ({ page }) => {
  await signUpNewUser(page);
  await createWorkspace(page, 'Linked Team');
  const workspaceId = await page.evaluate(() => localStorage.getItem('currentWorkspaceId'));
  await callApiAs(page, 'POST', `/workspaces/${workspaceId}/projects`, { name: 'Apollo' });
  const { project: gemini } = await callApiAs<{ project: { id: string; version: number } }>(page, 'POST', `/workspaces/${workspaceId}/projects`, { name: 'Gemini' });
  await connectAlex(page);
  const settings = page.getByRole('region', { name: 'Calendar Settings', exact: true });
  const link = settings.getByLabel('Project for Team Meetings');
  await settings.getByRole('switch', { name: /Team Meetings/ }).click();
  await link.selectOption({ label: 'Gemini' });
  await settings.getByRole('button', { name: 'Save Settings' }).click();
  await expect(settings.getByText('Calendar settings saved')).toBeVisible();

  // Archived: still the link, marked, and not offered to other calendars.
  await callApiAs(page, 'PATCH', `/workspaces/${workspaceId}/projects/${gemini.id}`, { version: gemini.version, archived: true });
  await page.reload();
  await expect(link.locator('option:checked')).toHaveText('Gemini (archived)');
  await expect(settings.getByLabel('Project for alex@example.test').locator('option')).toHaveText(['No project link', 'Apollo']);

  // Deleted: no link, and saving the account's settings works.
  await callApiAs(page, 'DELETE', `/workspaces/${workspaceId}/projects/${gemini.id}`);
  await page.reload();
  await expect(link.locator('option:checked')).toHaveText('No project link');
  await settings.getByRole('switch', { name: /Holidays/ }).click();
  await settings.getByRole('button', { name: 'Save Settings' }).click();
  await expect(settings.getByText('Calendar settings saved')).toBeVisible();
  await expect(link).toHaveValue('');
});
