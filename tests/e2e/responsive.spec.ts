import { expect, test, type Locator, type Page } from '@playwright/test';
import { callApiAs } from './support/api.js';
import { createWorkspace, signUpNewUser } from './support/users.js';

/**
 * The signed-in pages fit every screen (issue 16): no sideways scroll at the widths people use, the
 * sidebar a drawer below 900 px and the header's extras folded into a More menu.
 */

const WIDTHS = [1440, 1024, 768, 390, 360] as const;
// A word with no break opportunity: titles like it must wrap, not widen the page.
const LONG_WORD = 'Supercalifragilisticexpialidocious-internationalization-preparations';

// One sign-up, then every route at every width on the same page.
test.describe.configure({ timeout: 300_000 });

/** Creates something through the API and answers its id (the answer is `{ [key]: { id, … } }`). */
async function post(page: Page, path: string, body: unknown, key: string): Promise<string> {
  const answer = await callApiAs<Record<string, { id: string } | undefined>>(page, 'POST', path, body);
  const id = answer[key]?.id;
  if (!id) throw new Error(`POST ${path} answered no ${key}`);
  return id;
}

/** A workspace with a project holding tasks, milestones and notes, and a workspace link; returns ids. */
async function arrangeWorkspace(page: Page): Promise<{ projectId: string; taskId: string }> {
  await signUpNewUser(page);
  await createWorkspace(page, 'Responsive Research and Development Team');
  const workspaceId = await page.evaluate(() => localStorage.getItem('currentWorkspaceId'));
  if (!workspaceId) throw new Error('No current workspace');
  const projectId = await post(
    page,
    `/workspaces/${workspaceId}/projects`,
    { name: `Apollo ${LONG_WORD}`, description: `A description with ${LONG_WORD} in it`, priority: 'high', deadline: '2030-01-31' },
    'project',
  );
  const project = `/workspaces/${workspaceId}/projects/${projectId}`;
  const taskId = await post(page, `${project}/tasks`, { title: `Review ${LONG_WORD}`, description: LONG_WORD, dueDate: '2020-01-01' }, 'task');
  await post(page, `${project}/tasks`, { title: 'Ship the release', status: 'in_progress' }, 'task');
  await post(page, `${project}/tasks`, { title: 'Write the changelog', status: 'completed' }, 'task');
  await post(page, `${project}/milestones`, { title: `Beta ${LONG_WORD}`, dueDate: '2030-01-15' }, 'milestone');
  await post(page, `${project}/notes`, { title: `Note ${LONG_WORD}`, content: `# Heading ${LONG_WORD}\n\nhttps://example.org/${LONG_WORD}/${LONG_WORD}` }, 'note');
  await post(page, `/workspaces/${workspaceId}/links`, { url: `https://example.org/${LONG_WORD}/${LONG_WORD}`, category: 'Business', title: LONG_WORD }, 'link');
  return { projectId, taskId };
}

async function pageWidth(page: Page): Promise<number> {
  return page.evaluate(() => document.documentElement.scrollWidth);
}

/** The page at every width: the document is never wider than the window. */
async function expectFitsEveryWidth(page: Page, what: string): Promise<void> {
  for (const width of WIDTHS) {
    await page.setViewportSize({ width, height: 800 });
    await expect.soft.poll(() => pageWidth(page), { message: `${what} at ${width} px`, timeout: 3_000 }).toBeLessThanOrEqual(width);
  }
}

async function visit(page: Page, path: string, ready: Locator): Promise<void> {
  await page.setViewportSize({ width: WIDTHS[0], height: 800 });
  await page.goto(path);
  await expect(ready).toBeVisible();
}

test('no signed-in page scrolls sideways at 1440, 1024, 768, 390 or 360 px', async ({ page }) => {
  const { projectId, taskId } = await arrangeWorkspace(page);
  const heading = page.getByRole('heading', { level: 1 }).first();

  const simplePages = [
    '/dashboard',
    '/projects',
    '/projects/new',
    '/tasks',
    '/calendar',
    '/notes',
    '/links',
    '/focus',
    '/ai',
    '/settings',
    '/timezones',
    '/integrations',
    '/integrations/slack',
    '/integrations/gmail',
    '/integrations/google-calendar',
    '/integrations/github',
    '/integrations/fireflies',
    '/workspaces/new',
    '/workspaces/settings',
    '/mobile',
    '/mobile/projects',
    `/mobile/projects/${projectId}`,
    '/mobile/notes',
    '/mobile/links',
  ];
  for (const path of simplePages) {
    await visit(page, path, heading);
    await expectFitsEveryWidth(page, path);
  }

  // Every tab of the catalogue and of the project page.
  await visit(page, '/integrations', heading);
  for (const tab of ['Connected', 'Available']) {
    await page.getByRole('tab', { name: new RegExp(`^${tab}`) }).click();
    await expectFitsEveryWidth(page, `/integrations, ${tab}`);
  }
  await visit(page, `/projects/${projectId}`, heading);
  await expectFitsEveryWidth(page, 'the project, Overview');
  for (const tab of ['Tasks', 'Notes']) {
    await page.getByRole('tab', { name: tab }).click();
    await expect(page.getByRole('tabpanel')).not.toContainText('Loading');
    await expectFitsEveryWidth(page, `the project, ${tab}`);
  }
  await visit(page, `/projects/${projectId}/tasks/${taskId}`, page.getByRole('dialog', { name: 'Edit Task' }));
  await expectFitsEveryWidth(page, 'the task dialog');

  await visit(page, '/integrations/google-calendar/callback', page.getByRole('alert'));
  await expectFitsEveryWidth(page, 'the calendar callback');
});
