import { expect, test } from '@playwright/test';
import { callApiAs } from './support/api.js';
import { openOneTaskForTwo } from './support/shared-task.js';
import { signUpNewUser } from './support/users.js';

/**
 * Comments with @mentions (issue 37): two people talk about one task, each in their own browser, the
 * second on a phone-sized screen; each sees the other's comment arrive without reloading.
 */
test('two people talk about a task: a mention chosen by keyboard, the reply arrives live, the card counts', async ({ page, browser }) => {
  const phone = await browser.newContext({ viewport: { width: 390, height: 844 } });
  const other = await phone.newPage();
  const otherEmail = await signUpNewUser(other);
  await callApiAs(other, 'PATCH', '/profile', { displayName: 'Bo Chen' });
  await signUpNewUser(page);
  await callApiAs(page, 'PATCH', '/profile', { displayName: 'Ana Lopez' });
  const { view, otherView } = await openOneTaskForTwo(page, other, otherEmail, 'Talk Team');
  await expect(view.getByText('No comments yet.')).toBeVisible();
  await expect(otherView.getByText('No comments yet.')).toBeVisible();

  // Ana mentions Bo from the list, with the keyboard only, and sends with Ctrl+Enter.
  const box = view.getByLabel('Write a comment');
  await box.pressSequentially('Can you check the **numbers**, @B');
  await expect(view.getByRole('listbox', { name: 'Members to mention' }).getByRole('option')).toHaveText(['Bo Chen']);
  await box.press('Enter');
  await expect(box).toHaveValue('Can you check the **numbers**, @Bo Chen ');
  await box.press('Control+Enter');
  await expect(box).toHaveValue('');

  // Bo sees it arrive, the mention by his name and the markdown rendered, and answers.
  const asked = otherView.getByRole('listitem').filter({ hasText: 'Can you check the numbers, @Bo Chen' });
  await expect(asked).toBeVisible();
  await expect(asked.locator('strong', { hasText: 'numbers' })).toBeVisible();
  await expect(asked.getByRole('button', { name: 'Edit comment by Ana Lopez' })).toHaveCount(0);
  const reply = otherView.getByLabel('Write a comment');
  await reply.pressSequentially('Done, they add up');
  await otherView.getByRole('button', { name: 'Comment' }).click();
  await expect(view.getByRole('listitem').filter({ hasText: 'Done, they add up' })).toBeVisible();
  await expect(view.getByRole('listitem').filter({ hasText: 'Done, they add up' }).locator('strong').first()).toHaveText('Bo Chen');

  // The phone's view fits its screen: nothing wider than it.
  expect(await other.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);

  // Ana closes the task: its card counts the two comments.
  await page.keyboard.press('Escape');
  await expect(view).toBeHidden();
  await expect(page.getByText('2 comments')).toBeAttached();
  await phone.close();
});

test('two people comment on a project itself: the comment arrives live and the heading counts it', async ({ page, browser }) => {
  const context = await browser.newContext();
  const other = await context.newPage();
  const otherEmail = await signUpNewUser(other);
  await signUpNewUser(page);
  await openOneTaskForTwo(page, other, otherEmail, 'Project Talk');
  // Both on the project's page (its Comments tab) instead of the task.
  const projectPage = new URL(page.url()).pathname.replace(/\/tasks\/.*$/, '');
  await page.goto(projectPage);
  await other.goto(projectPage);
  await page.getByRole('tab', { name: 'Comments' }).click();
  await other.getByRole('tab', { name: 'Comments' }).click();

  const comments = page.getByRole('region', { name: 'Comments (0)' });
  await comments.getByLabel('Write a comment').pressSequentially('Kick-off on Monday');
  await comments.getByRole('button', { name: 'Comment' }).click();
  await expect(page.getByRole('heading', { name: 'Comments (1)' })).toBeVisible();
  const arrived = other.getByRole('region', { name: 'Comments (1)' });
  await expect(arrived.getByRole('listitem').filter({ hasText: 'Kick-off on Monday' })).toBeVisible();
  await context.close();
});
