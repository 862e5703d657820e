import { expect, test } from '@playwright/test';
import { callApiAs } from './support/api.js';
import { signUpNewUser } from './support/users.js';

test.use({ timezoneId: 'Europe/Berlin' });

test('the header clock opens the time-zone planner; the slider moves the meeting time across the 12 zones', async ({ page }) => {
  await signUpNewUser(page);
  // The clock needs the room the chat panel takes.
  await page.getByRole('complementary', { name: 'AI Assistant' }).getByRole('button', { name: 'Close AI chat' }).click();
  await page.getByTitle('Open the time zone planner').click();
  await expect(page).toHaveURL(/\/timezones$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Time Zones' })).toBeVisible();

  const rows = page.getByRole('table').getByRole('row');
  await expect(rows).toHaveCount(13); // the header and 12 zones

  const slider = page.getByLabel(/Meeting time in Berlin/);
  await slider.focus();
  await page.keyboard.press('Home');
  await expect(slider).toHaveAttribute('aria-valuetext', '00:00');
  for (let step = 0; step < 28; step += 1) await page.keyboard.press('ArrowRight');
  await expect(slider).toHaveAttribute('aria-valuetext', '14:00');

  const berlin = rows.filter({ hasText: 'Berlin' });
  await expect(berlin).toContainText('14:00');
  await expect(berlin).toContainText('Good');
  await expect(rows.filter({ hasText: 'Tokyo' })).toContainText('Late');
  await expect(page.getByRole('status').filter({ hasText: 'zones are in working hours' })).toBeVisible();
  // The slider's end is midnight: the next day's 00:00 in Berlin, not 23:59.
  await page.keyboard.press('End');
  await expect(slider).toHaveAttribute('aria-valuetext', '24:00');
  await expect(berlin).toContainText('00:00');
  await expect(rows.filter({ hasText: 'Kolkata' })).toContainText('04:30');

  // The recommendation counts the Good zones the table shows, at any time of the day.
  for (const steps of [0, 5, 26, 44]) {
    await page.keyboard.press('Home');
    for (let step = 0; step < steps; step += 1) await page.keyboard.press('ArrowRight');
    const good = await rows.getByText('Good', { exact: true }).count();
    await expect(page.getByRole('status').filter({ hasText: `${good} of 12 zones` })).toBeVisible();
  }
});

test("the app tells the server the browser's time zone, the morning of the due-date reminder", async ({ page }) => {
  await signUpNewUser(page);
  await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
  await expect.poll(async () => (await callApiAs<{ profile: { browserTimeZone: string | null } }>(page, 'GET', '/profile')).profile.browserTimeZone).toBe('Europe/Berlin');
});
