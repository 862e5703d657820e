import { expect, test } from '@playwright/test';
import { openOneTaskForTwo } from './support/shared-task.js';
import { signUpNewUser } from './support/users.js';

/** A 1×1 PNG. */
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==', 'base64');

/**
 * Attachments (issue 37) in the browser: files posted straight to the S3 stand-in with the presigned form,
 * shown to another member live (on a phone-sized screen), downloaded as attachments, deleted after asking.
 */
test('two people share files on a task: upload with progress, thumbnail, live list, download, delete', async ({ page, browser }) => {
  const phone = await browser.newContext({ viewport: { width: 390, height: 844 } });
  const other = await phone.newPage();
  const otherEmail = await signUpNewUser(other);
  await signUpNewUser(page);
  const { view, otherView } = await openOneTaskForTwo(page, other, otherEmail, 'Files Team');
  await expect(view.getByText('No attachments yet.')).toBeVisible();

  await view.getByLabel('Attach files', { exact: true }).setInputFiles([
    { name: 'screen.png', mimeType: 'image/png', buffer: PNG },
    { name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('Launch notes\n') },
    { name: 'page.html', mimeType: 'text/html', buffer: Buffer.from('<script>alert(1)</script>') },
  ]);
  await expect(view.getByRole('alert').filter({ hasText: 'cannot be attached' })).toBeVisible();
  const files = view.getByRole('list', { name: 'Attached files' });
  await expect(files.getByRole('listitem')).toHaveCount(2);
  await expect(files.getByRole('img', { name: 'screen.png' })).toHaveJSProperty('naturalWidth', 1);

  // The other member sees them arrive, on a phone, and the view fits the screen.
  const otherFiles = otherView.getByRole('list', { name: 'Attached files' });
  await expect(otherFiles.getByText('notes.txt')).toBeVisible();
  expect(await other.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await expect(otherFiles.getByRole('button', { name: 'Delete notes.txt' })).toHaveCount(0);

  // Download: the bucket answers it as an attachment, with the file's name and bytes.
  const downloaded = other.waitForEvent('download');
  await otherFiles.getByRole('button', { name: 'Download notes.txt' }).click();
  const download = await downloaded;
  expect(download.suggestedFilename()).toBe('notes.txt');
  const stream = await download.createReadStream();
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  expect(Buffer.concat(chunks).toString()).toBe('Launch notes\n');

  // The uploader deletes one after confirming; it goes for the other member too.
  await files.getByRole('button', { name: 'Delete notes.txt' }).click();
  await page.getByRole('alertdialog', { name: 'Delete Attachment' }).getByRole('button', { name: 'Delete' }).click();
  await expect(files.getByRole('listitem')).toHaveCount(1);
  await expect(otherFiles.getByText('notes.txt')).toHaveCount(0);
  await phone.close();
});
