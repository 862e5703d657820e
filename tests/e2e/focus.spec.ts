import { expect, test } from '@playwright/test';
import { signUpNewUser } from './support/users.js';

test('the focus timer counts down by the clock, pauses, ends into a break and shows the time in the title', async ({ page }) => {
  // Each beep is one oscillator started on the page's audio context: counted here.
  await page.addInitScript(() => {
    const start = OscillatorNode.prototype.start;
    OscillatorNode.prototype.start = function countedStart(...args: Parameters<OscillatorNode['start']>) {
      (window as unknown as { beeps: number }).beeps = ((window as unknown as { beeps?: number }).beeps ?? 0) + 1;
      start.apply(this, args);
    };
  });
  const beeps = () => page.evaluate(() => (window as unknown as { beeps?: number }).beeps ?? 0);
  await signUpNewUser(page);
  await page.clock.install();
  // Reached from the sidebar (and the command palette), not only by its address.
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Focus Mode' }).click();
  await expect(page).toHaveURL(/\/focus$/);
  const timer = page.getByRole('timer');
  await expect(timer).toHaveText('25:00');
  await expect(page.getByRole('button', { name: 'Focus', exact: true })).toHaveAttribute('aria-pressed', 'true');

  await page.getByRole('button', { name: 'Start' }).click();
  await page.clock.fastForward('10:00');
  await expect(timer).toHaveText('15:00');
  await expect(page).toHaveTitle(/^15:00 · Focus · TaskFlow$/);

  await page.getByRole('button', { name: 'Pause' }).click();
  await expect(page).toHaveTitle('Focus Mode · TaskFlow');
  // The installed clock keeps running in real time: under load a second can pass before the press lands.
  const paused = (await timer.textContent()) ?? '';
  expect(['15:00', '14:59', '14:58']).toContain(paused);
  await page.clock.fastForward('05:00');
  await expect(timer).toHaveText(paused);

  // Resumed, it ends after the 15 minutes left (however few ticks a background tab gets) and a short break waits.
  await page.getByRole('button', { name: 'Start' }).click();
  await page.clock.fastForward('15:01');
  await expect(page.getByRole('button', { name: 'Short Break' })).toHaveAttribute('aria-pressed', 'true');
  await expect(timer).toHaveText('05:00');
  await expect(page.getByRole('button', { name: 'Start' })).toBeVisible();
  await expect(page.getByText('Completed focus sessions: 1.')).toBeVisible();
  expect(await beeps()).toBe(1);
  // Said as well as beeped, until the next action.
  const finished = page.getByRole('status').filter({ hasText: 'Focus finished. Short Break is next.' });
  await expect(finished).toBeVisible();

  // Choosing a mode resets and pauses; Reset restores the mode's time.
  await page.getByRole('button', { name: 'Start' }).click();
  await page.clock.fastForward('01:00');
  await expect(finished).toHaveCount(0);
  await page.getByRole('button', { name: 'Long Break' }).click();
  await expect(timer).toHaveText('15:00');
  await expect(page.getByRole('button', { name: 'Start' })).toBeVisible();
  await page.getByRole('button', { name: 'Start' }).click();
  await page.clock.fastForward('02:00');
  await expect(timer).toHaveText('13:00');
  await page.getByRole('button', { name: 'Reset' }).click();
  await expect(timer).toHaveText('15:00');
  // Neither a mode chosen while running nor a reset beeps.
  expect(await beeps()).toBe(1);

  // A running session keeps running while its user looks elsewhere in the app.
  await page.getByRole('button', { name: 'Start' }).click();
  // The timer's page is gone once the Tasks page shows (a lazy page keeps the last one until it loads).
  const awayOnTasks = async () => {
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Tasks' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Tasks' })).toBeVisible();
    await expect(timer).toHaveCount(0);
  };
  await awayOnTasks();
  await page.clock.fastForward('03:00');
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Focus Mode' }).click();
  // Three minutes less, and the real seconds the two page loads took: the installed clock keeps running.
  const secondsLeft = async () => {
    const [minutes = Number.NaN, seconds = Number.NaN] = (await timer.innerText()).split(':').map(Number);
    return minutes * 60 + seconds;
  };
  await expect.poll(secondsLeft).toBeLessThanOrEqual(12 * 60);
  expect(await secondsLeft()).toBeGreaterThan(11 * 60);
  await expect(page.getByRole('button', { name: 'Long Break' })).toHaveAttribute('aria-pressed', 'true');
  await expect(page.getByRole('button', { name: 'Pause' })).toBeVisible();

  // Run out while the user is elsewhere in the app, it ends there: a beep, and a toast that leads back to
  // the timer, where the next mode waits.
  await awayOnTasks();
  await page.clock.fastForward('12:00');
  const endedToast = page.locator('.toast').filter({ hasText: 'Long Break finished. Focus is next.' });
  await expect(endedToast).toBeVisible();
  expect(await beeps()).toBe(2);
  await endedToast.getByRole('button', { name: 'Open Focus Mode' }).click();
  await expect(page).toHaveURL(/\/focus$/);
  await expect(page.getByRole('button', { name: 'Focus', exact: true })).toHaveAttribute('aria-pressed', 'true');
  await expect(timer).toHaveText('25:00');
  await expect(page.getByRole('status').filter({ hasText: 'Long Break finished. Focus is next.' })).toBeVisible();

  // One that ran out while the tab was closed is told, not beeped, on whichever page opens.
  await page.getByRole('button', { name: 'Start' }).click();
  await awayOnTasks();
  // The clock is set past the end without running the page's timers, as while the tab was shut.
  await page.clock.setSystemTime((await page.evaluate(() => Date.now())) + 30 * 60_000);
  await page.reload();
  await expect(page.locator('.toast').filter({ hasText: 'Focus finished. Short Break is next.' })).toBeVisible();
  expect(await beeps()).toBe(0);
  await page.goto('/focus');
  await expect(page.getByRole('button', { name: 'Short Break' })).toHaveAttribute('aria-pressed', 'true');
  await page.getByRole('button', { name: 'Focus', exact: true }).click();
  await page.getByRole('button', { name: 'Start' }).click();

  // The keyboard's focus shows on a primary button too (its own shadow must not hide the ring).
  await page.getByRole('button', { name: 'Pause' }).focus();
  await page.keyboard.press('Shift+Tab');
  await page.keyboard.press('Tab');
  await expect(page.getByRole('button', { name: 'Pause' })).toBeFocused();
  const ring = await page.getByRole('button', { name: 'Pause' }).evaluate((button) => getComputedStyle(button).boxShadow);
  expect(ring).toMatch(/0px 0px 0px 4px/);

  // After a reload the running session still beeps at its end, once the page has had a key press.
  await page.reload();
  await expect(page.getByRole('button', { name: 'Pause' })).toBeVisible();
  await page.keyboard.press('Shift');
  await page.clock.fastForward('25:01');
  await expect(page.getByRole('button', { name: 'Short Break' })).toHaveAttribute('aria-pressed', 'true');
  expect(await beeps()).toBe(1);
});
