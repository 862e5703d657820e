import { expect, test } from '@playwright/test';
import { callApiAs } from './support/api.js';
import { createWorkspace, signUpNewUser } from './support/users.js';

interface ProjectBody {
  id: string;
}

test('/notes: a note created here appears in its project; search, filter, move to another project, delete', async ({ page }) => {
  await signUpNewUser(page);
  await createWorkspace(page, 'Note Team');
  const workspaceId = await page.evaluate(() => localStorage.getItem('currentWorkspaceId'));
  const { project: apollo } = await callApiAs<{ project: ProjectBody }>(page, 'POST', `/workspaces/${workspaceId}/projects`, { name: 'Apollo' });
  const { project: zephyr } = await callApiAs<{ project: ProjectBody }>(page, 'POST', `/workspaces/${workspaceId}/projects`, { name: 'Zephyr' });
  await callApiAs(page, 'POST', `/workspaces/${workspaceId}/projects/${apollo.id}/notes`, { title: 'Minutes', content: 'We decided **everything**.' });

  await page.goto('/notes');
  const minutes = page.getByRole('article', { name: 'Minutes' });
  await expect(minutes).toContainText('Apollo');
  await expect(minutes).toContainText('Just now');
  await expect(minutes.locator('strong')).toHaveText('everything');
  // A note written elsewhere shows here without a reload, by its push.
  await callApiAs(page, 'POST', `/workspaces/${workspaceId}/projects/${zephyr.id}/notes`, { title: 'Pushed note', content: 'x' });
  await expect(page.getByRole('article', { name: 'Pushed note' })).toBeVisible();

  // New Note in Zephyr, with markdown.
  await page.getByRole('button', { name: 'New Note' }).click();
  const dialog = page.getByRole('dialog', { name: 'Create New Note' });
  await dialog.getByLabel('Title').fill('Launch plan');
  await dialog.getByLabel('Project').selectOption({ label: 'Zephyr' });
  await dialog.getByLabel('Content (Markdown)').fill('# Plan\n\nInvite the press.');
  await dialog.getByRole('button', { name: 'Create Note' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('article', { name: 'Launch plan' })).toContainText('Zephyr');

  // Search (title and content) and the project filter.
  await page.getByLabel('Search notes').fill('press');
  await expect(page.getByRole('article')).toHaveCount(1);
  await expect(page.getByRole('article', { name: 'Launch plan' })).toBeVisible();
  await page.getByLabel('Search notes').fill('');
  await page.getByLabel('Project').selectOption({ label: 'Apollo' });
  await expect(page.getByRole('article')).toHaveCount(1);
  await page.getByLabel('Project').selectOption({ label: 'All Projects' });

  // A click anywhere on the card (here its middle, over the preview) opens the note; editing moves Minutes to Zephyr.
  await minutes.click();
  await page.getByRole('dialog', { name: 'Minutes' }).getByRole('button', { name: 'Edit' }).click();
  const edit = page.getByRole('dialog', { name: 'Edit Note' });
  await edit.getByLabel('Project').selectOption({ label: 'Zephyr' });
  await edit.getByRole('button', { name: 'Save Changes' }).click();
  await expect(edit).toBeHidden();
  await expect(page.getByRole('article', { name: 'Minutes' })).toContainText('Zephyr');

  // Both are in Zephyr's Notes tab.
  await page.goto(`/projects/${zephyr.id}`);
  await page.getByRole('tab', { name: 'Notes' }).click();
  await expect(page.getByRole('article', { name: 'Launch plan' })).toBeVisible();
  await expect(page.getByRole('article', { name: 'Minutes' })).toBeVisible();

  // Edit on a card opens it too.
  await page.goto('/notes');
  await page.getByRole('article', { name: 'Launch plan' }).getByRole('button', { name: 'Edit note Launch plan' }).click();
  await expect(edit.getByLabel('Title')).toHaveValue('Launch plan');
  // Escape with unsaved changes asks before dropping them; keeping them goes back to the form as it was.
  await edit.getByLabel('Content (Markdown)').fill('A long draft not saved yet');
  await page.keyboard.press('Escape');
  const discard = page.getByRole('alertdialog', { name: 'Discard changes?' });
  await expect(discard).toBeVisible();
  // Escape again keeps the form. When the browser closes the form itself (a repeated Escape it no longer lets
  // a page refuse), the form stays open and asks again.
  await page.keyboard.press('Escape');
  await expect(discard).toBeHidden();
  await edit.evaluate((dialog) => (dialog as HTMLDialogElement).close());
  await expect(discard).toBeVisible();
  await expect(edit).toBeVisible();
  expect((await discard.boundingBox())?.width ?? 0).toBeGreaterThan(100);
  await discard.getByRole('button', { name: 'Cancel' }).click();
  await expect(edit).toBeVisible();
  await expect(edit.getByLabel('Content (Markdown)')).toHaveValue('A long draft not saved yet');
  await edit.getByRole('button', { name: 'Cancel' }).click();
  await discard.getByRole('button', { name: 'Discard' }).click();
  await expect(edit).toBeHidden();
  // Unchanged, it closes at once.
  await page.getByRole('article', { name: 'Launch plan' }).getByRole('button', { name: 'Edit note Launch plan' }).click();
  await edit.getByRole('button', { name: 'Cancel' }).click();
  await expect(edit).toBeHidden();

  // Delete asks first. From the keyboard, focus then stays among the notes (on a neighbouring card).
  await page.getByRole('article', { name: 'Launch plan' }).getByRole('button', { name: 'Delete note Launch plan' }).focus();
  await page.keyboard.press('Enter');
  const confirm = page.getByRole('alertdialog');
  await expect(confirm).toContainText('Are you sure you want to delete this note?');
  await confirm.getByRole('button', { name: 'Delete' }).focus();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('article', { name: 'Launch plan' })).toBeHidden();
  await expect(page.getByRole('article').locator(':focus')).toHaveCount(1);
  await page.reload();
  await expect(page.getByRole('article')).toHaveCount(2);
});

test('note cards: GitHub-flavoured markdown, no remote images, long addresses wrap, one tab stop that opens the note', async ({ page }) => {
  await signUpNewUser(page);
  await createWorkspace(page, 'Markdown Team');
  const workspaceId = await page.evaluate(() => localStorage.getItem('currentWorkspaceId'));
  const { project } = await callApiAs<{ project: ProjectBody }>(page, 'POST', `/workspaces/${workspaceId}/projects`, { name: 'Docs' });
  // Far wider than a card unbroken, yet within the 200 characters a preview shows.
  const longUrl = `https://example.com/${'very-long-path-segment/'.repeat(5)}end`;
  await callApiAs(page, 'POST', `/workspaces/${workspaceId}/projects/${project.id}/notes`, {
    title: 'Checklist',
    content: `- [x] Draft\n- [ ] Review\n\n~~old plan~~ ${longUrl}`,
  });
  await callApiAs(page, 'POST', `/workspaces/${workspaceId}/projects/${project.id}/notes`, {
    title: 'Table and pixel',
    content: '| Owner | Task |\n| --- | --- |\n| Ana | Ship |\n\n![Pixel](https://tracker.example.com/p.gif)',
  });
  const remoteRequests: string[] = [];
  page.on('request', (request) => {
    if (request.url().startsWith('https://tracker.example.com')) remoteRequests.push(request.url());
  });

  await page.goto('/notes');
  const checklist = page.getByRole('article', { name: 'Checklist' });
  await expect(checklist.getByRole('checkbox')).toHaveCount(2);
  await expect(checklist.getByRole('checkbox').first()).toBeChecked();
  await expect(checklist.getByRole('checkbox').first()).toBeDisabled();
  await expect(checklist.locator('del')).toHaveText('old plan');
  // The long address breaks instead of widening the card; in a preview it is text, not a second tab stop.
  const url = checklist.getByText(longUrl);
  await expect(url).toBeVisible();
  const [urlBox, cardBox] = await Promise.all([url.boundingBox(), checklist.boundingBox()]);
  expect((urlBox?.x ?? Infinity) + (urlBox?.width ?? Infinity)).toBeLessThanOrEqual((cardBox?.x ?? 0) + (cardBox?.width ?? 0));
  await expect(checklist.getByRole('link')).toHaveCount(0);
  const table = page.getByRole('article', { name: 'Table and pixel' });
  await expect(table.getByRole('cell', { name: 'Ship' })).toBeVisible();
  await expect(table.locator('img')).toHaveCount(0);
  await expect(table).toContainText('Image: Pixel');

  // Keyboard: a card is its open button, its Edit and its Delete, then comes the next card (newest edit first).
  await table.getByRole('button', { name: 'Table and pixel', exact: true }).focus();
  await page.keyboard.press('Tab');
  await expect(table.getByRole('button', { name: 'Edit note Table and pixel' })).toBeFocused();
  await page.keyboard.press('Tab');
  await expect(table.getByRole('button', { name: 'Delete note Table and pixel' })).toBeFocused();
  await page.keyboard.press('Tab');
  await expect(checklist.getByRole('button', { name: 'Checklist', exact: true })).toBeFocused();

  // Opened, the note reads rendered, and shows the remote image as a link, never as an image.
  await table.click();
  const dialog = page.getByRole('dialog', { name: 'Table and pixel' });
  const imageLink = dialog.getByRole('link', { name: 'Image: Pixel' });
  await expect(imageLink).toHaveAttribute('href', 'https://tracker.example.com/p.gif');
  await expect(imageLink).toHaveAttribute('title', /not loaded/);
  await expect(dialog.getByRole('columnheader', { name: 'Owner' })).toBeVisible();
  expect(remoteRequests).toEqual([]);
  await page.keyboard.press('Escape');

  // A checklist item ticks in the open note: the markdown is saved with the box changed, and stays after a reload.
  await checklist.getByRole('button', { name: 'Checklist', exact: true }).click();
  const open = page.getByRole('dialog', { name: 'Checklist' });
  await open.getByRole('checkbox', { name: 'Review' }).check();
  await expect.poll(async () => (await callApiAs<{ notes: { title: string; content: string }[] }>(page, 'GET', `/workspaces/${workspaceId}/projects/${project.id}/items`)).notes.find((note) => note.title === 'Checklist')?.content).toBe(
    `- [x] Draft\n- [x] Review\n\n~~old plan~~ ${longUrl}`,
  );
  await open.getByRole('checkbox', { name: 'Draft' }).uncheck();
  await page.reload();
  await checklist.getByRole('button', { name: 'Checklist', exact: true }).click();
  await expect(open.getByRole('checkbox', { name: 'Draft' })).not.toBeChecked();
  await expect(open.getByRole('checkbox', { name: 'Review' })).toBeChecked();
});

test('Filter keeps the notes edited within the chosen period', async ({ page }) => {
  await signUpNewUser(page);
  await createWorkspace(page, 'Filter Team');
  const workspaceId = await page.evaluate(() => localStorage.getItem('currentWorkspaceId'));
  const { project } = await callApiAs<{ project: { id: string } }>(page, 'POST', `/workspaces/${workspaceId}/projects`, { name: 'Apollo' });
  await callApiAs(page, 'POST', `/workspaces/${workspaceId}/projects/${project.id}/notes`, { title: 'Kickoff', content: 'x' });
  // The API dates every edit now, so the list's answer says the note was last edited ten days ago: neither
  // today nor in the last week, but within the last 30 days.
  await page.route(/\/workspaces\/[^/]+\/notes(\?|$)/, async (route) => {
    const answer = await route.fetch();
    const body = (await answer.json()) as { notes: { updatedAt: string }[] };
    for (const note of body.notes) note.updatedAt = new Date(Date.now() - 10 * 86_400_000).toISOString();
    await route.fulfill({ response: answer, json: body });
  });
  await page.goto('/notes');
  await expect(page.getByRole('article', { name: 'Kickoff' })).toBeVisible();

  const choose = async (current: string, filter: string) => {
    await page.getByRole('button', { name: current, exact: true }).click();
    await page.getByRole('menuitemradio', { name: filter }).click();
    await expect(page.getByRole('button', { name: filter === 'Any time' ? 'Filter' : `Filter: ${filter}`, exact: true })).toBeFocused();
  };
  await choose('Filter', 'Edited today');
  await expect(page.getByText('No notes match.')).toBeVisible();
  await choose('Filter: Edited today', 'Edited in the last 7 days');
  await expect(page.getByText('No notes match.')).toBeVisible();
  await choose('Filter: Edited in the last 7 days', 'Edited in the last 30 days');
  await expect(page.getByRole('article', { name: 'Kickoff' })).toBeVisible();
  await page.getByRole('button', { name: 'Filter: Edited in the last 30 days' }).click();
  await expect(page.getByRole('menuitemradio', { name: 'Edited in the last 30 days' })).toHaveAttribute('aria-checked', 'true');
  await page.getByRole('menuitemradio', { name: 'Any time' }).click();
  await expect(page.getByRole('article', { name: 'Kickoff' })).toBeVisible();
});
