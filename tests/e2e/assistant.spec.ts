import { expect, test, type Page, type WebSocketRoute } from '@playwright/test';
import { callApiAs } from './support/api.js';
import { createWorkspace, signUpNewUser } from './support/users.js';

interface ProjectBody {
  id: string;
}

// Replies stream at a slowed pace here (playwright.config.ts) and retries wait 2 s × attempt.
test.describe.configure({ timeout: 180_000 });

async function projectOfNewUser(page: Page, name: string): Promise<{ workspaceId: string; projectId: string }> {
  await signUpNewUser(page);
  await createWorkspace(page, `${name} Team`);
  const workspaceId = await page.evaluate(() => localStorage.getItem('currentWorkspaceId'));
  if (!workspaceId) throw new Error('No current workspace');
  const { project } = await callApiAs<{ project: ProjectBody }>(page, 'POST', `/workspaces/${workspaceId}/projects`, { name });
  return { workspaceId, projectId: project.id };
}

const panel = (page: Page) => page.getByRole('complementary', { name: 'AI Assistant' });
const messageBox = (page: Page) => panel(page).getByLabel('Message', { exact: true });

/**
 * Passes the browser's WebSocket through to the local gateway, but answers the first `failures` chat
 * requests itself with a stream error frame, as a model whose stream broke would.
 */
async function failChatStreams(page: Page, failures: number): Promise<{ sent: () => number }> {
  let chats = 0;
  await page.routeWebSocket((url) => url.protocol.startsWith('ws'), (socket: WebSocketRoute) => {
    const server = socket.connectToServer();
    socket.onMessage((raw) => {
      const message = JSON.parse(String(raw)) as { action: string; requestId?: string };
      if (message.action === 'chat') chats += 1;
      if (message.action === 'chat' && chats <= failures) {
        const frame = { type: 'error', data: { error: 'provider', message: 'Bedrock stream error: the model stream broke' } };
        socket.send(JSON.stringify({ type: 'chat', requestId: message.requestId, frame }));
        return;
      }
      server.send(raw);
    });
  });
  return { sent: () => chats };
}

test('the panel on a project page makes a task from plain English: pill, board, undo', async ({ page }) => {
  // Wide enough for the panel's 400 px (and more) beside 720 px of page and the sidebar.
  await page.setViewportSize({ width: 1440, height: 800 });
  const { projectId } = await projectOfNewUser(page, 'Apollo');
  await page.goto(`/projects/${projectId}`);
  await page.getByRole('tab', { name: 'Tasks' }).click();

  // Open by default beside the page, and about this project.
  await expect(panel(page)).toBeVisible();
  await expect(panel(page).getByText("Hi! I'm your assistant for Apollo.")).toBeVisible();
  await expect(panel(page).getByRole('group', { name: 'Suggested questions' }).getByRole('button')).toHaveCount(4);

  await expect(panel(page).getByRole('button', { name: 'Send' })).toBeDisabled();
  await messageBox(page).fill("add a high priority task 'Write spec' due tomorrow, 90 min");
  await messageBox(page).press('Enter');

  const pills = panel(page).getByRole('list', { name: 'Tool calls' });
  await expect(pills.getByText('Created "Write spec" in Apollo')).toBeVisible();
  // The board shows it without a reload (the assistant's write is pushed like any other).
  await expect(page.getByRole('main').getByRole('link', { name: 'Write spec' })).toBeVisible();
  await expect(panel(page).getByRole('listitem').filter({ hasText: 'You:' })).toContainText('Write spec');
  // The conversation is stored: it is in the history with today's date.
  await panel(page).getByRole('button', { name: 'Conversation history' }).click();
  const history = panel(page).getByRole('navigation', { name: 'Conversation history' });
  await expect(history.getByRole('button', { name: /add a high priority task.*Today/ })).toBeVisible();
  // Over the chat in the panel: focus goes into it, the chat below is out of reach, Escape closes it.
  await expect(history.getByRole('button', { name: 'New Chat' })).toBeFocused();
  const inert = () => messageBox(page).evaluate((input) => input.closest('[inert]') !== null);
  expect(await inert()).toBe(true);
  await page.keyboard.press('Escape');
  await expect(history).toBeHidden();
  await expect(panel(page).getByRole('button', { name: 'Conversation history' })).toBeFocused();
  expect(await inert()).toBe(false);

  // Undo on the stored reply's pill takes exactly that task back.
  await panel(page).getByRole('button', { name: 'Undo: Created "Write spec" in Apollo' }).first().click();
  await expect(panel(page).getByText('Undone: Created "Write spec" in Apollo').first()).toBeVisible();
  // The Undo button goes with the undo: the focus goes to what was undone.
  await expect(panel(page).getByText('Undone: Created "Write spec" in Apollo').first()).toBeFocused();
  await expect(page.getByRole('main').getByRole('link', { name: 'Write spec' })).toBeHidden();

  // The pill strip empties a few seconds after the reply.
  await expect(pills).toBeHidden({ timeout: 8_000 });

  // Closing is remembered; the floating button opens it again.
  await panel(page).getByRole('button', { name: 'Close AI chat' }).click();
  await expect(panel(page)).toBeHidden();
  await expect(page.getByRole('button', { name: 'Open AI chat' })).toBeFocused();
  await page.reload();
  await expect(page.getByRole('button', { name: 'Open AI chat' })).toBeVisible();
  await expect(panel(page)).toBeHidden();
  await page.getByRole('button', { name: 'Open AI chat' }).click();
  await expect(panel(page)).toBeVisible();
  // Opened by the user, the chat takes focus: the message box, ready to type.
  await expect(panel(page).getByRole('textbox', { name: 'Message' })).toBeFocused();
  // Reopened after the reload, the conversation's pill says it was undone instead of offering Undo again.
  await panel(page).getByRole('button', { name: 'Conversation history' }).click();
  await panel(page).getByRole('navigation', { name: 'Conversation history' }).getByRole('button', { name: /^add a high priority task.*Today$/ }).click();
  await expect(panel(page).getByText('Undone: Created "Write spec" in Apollo')).toBeVisible();
  await expect(panel(page).getByRole('button', { name: /^Undo:/ })).toHaveCount(0);

  // The width follows the keyboard on the resize handle, within 300–800 px, and is remembered.
  const handle = panel(page).getByRole('separator', { name: 'Resize AI chat panel' });
  await expect(handle).toHaveAttribute('aria-valuenow', '400');
  await handle.focus();
  await page.keyboard.press('ArrowLeft');
  await page.keyboard.press('ArrowLeft');
  await expect(handle).toHaveAttribute('aria-valuenow', '440');
  // The shell's columns follow with a transition (app-shell.css): the panel's box gets there a frame later.
  await expect.poll(async () => Math.round((await panel(page).boundingBox())?.width ?? 0)).toBe(440);
  await page.keyboard.press('Home');
  await expect(handle).toHaveAttribute('aria-valuenow', '300');
  await page.reload();
  await expect(panel(page).getByRole('separator', { name: 'Resize AI chat panel' })).toHaveAttribute('aria-valuenow', '300');

  // On a phone the panel would cover the page: it waits for the floating button.
  await page.setViewportSize({ width: 390, height: 800 });
  await page.reload();
  await expect(panel(page)).toBeHidden();
  await page.getByRole('button', { name: 'Open AI chat' }).click();
  await expect(messageBox(page)).toBeVisible();
  await expect.poll(async () => Math.round((await panel(page).boundingBox())?.width ?? 0)).toBe(390);
});

test('Stop Stream ends a reply part-way and keeps what was said', async ({ page }) => {
  await projectOfNewUser(page, 'Borealis');
  await page.goto('/ai');
  const chat = page.getByRole('region', { name: 'AI chat' });
  await expect(page.getByRole('navigation', { name: 'Conversation history' })).toBeVisible();
  // Longer than the server takes: said at once, and it cannot be sent.
  await chat.getByLabel('Message', { exact: true }).fill('x'.repeat(4_001));
  await expect(chat.getByRole('alert')).toHaveText('Message must be at most 4000 characters');
  await expect(chat.getByText('(4001 now)')).toBeVisible();
  await expect(chat.getByRole('button', { name: 'Send' })).toBeDisabled();
  await chat.getByLabel('Message', { exact: true }).fill('what can you do');
  await chat.getByRole('button', { name: 'Send' }).click();

  const reply = chat.getByRole('listitem').filter({ hasText: "I'm the built-in assistant" });
  await expect(reply).toBeVisible();
  await chat.getByRole('button', { name: 'Stop Stream' }).click();
  await expect(chat.getByRole('button', { name: 'Stop Stream' })).toBeHidden();
  // The answer's last line never comes, and what was said stays (reloaded from the server), marked as stopped;
  // focus stays in the message box for what comes next.
  await expect(chat.getByLabel('Message', { exact: true })).toBeFocused();
  await expect(reply).toContainText('You stopped this reply here.');
  await expect(reply).toBeVisible();
  await expect(chat.getByText('add a note')).toBeHidden();
  // The stopped reply let its conversation go: the next message is answered, not refused.
  await chat.getByLabel('Message', { exact: true }).fill('list projects');
  await chat.getByRole('button', { name: 'Send' }).click();
  // In the conversation (the screen reader's announcement says the same words, as plain text).
  await expect(chat.getByRole('region', { name: 'Messages' }).getByText('Borealis: 0% (0 of 0 tasks)')).toBeVisible();
  const history = page.getByRole('navigation', { name: 'Conversation history' });
  await expect(history.getByRole('button', { name: 'what can you do Today' })).toBeVisible();

  // Rename in place: Escape keeps the title, Enter saves the new one (the chat's heading follows).
  await history.getByRole('button', { name: 'Rename what can you do' }).click();
  await history.getByLabel('Rename conversation').fill('Abandoned title');
  await history.getByLabel('Rename conversation').press('Escape');
  await expect(history.getByRole('button', { name: 'what can you do Today' })).toBeVisible();
  await history.getByRole('button', { name: 'Rename what can you do' }).click();
  await history.getByLabel('Rename conversation').fill('Capabilities');
  await history.getByLabel('Rename conversation').press('Enter');
  await expect(history.getByRole('button', { name: 'Capabilities Today' })).toBeVisible();
  await expect(chat.getByRole('heading', { name: 'Capabilities' })).toBeVisible();
  await page.reload();
  await expect(history.getByRole('button', { name: 'Capabilities Today' })).toBeVisible();

  // Delete after the confirmation; the open conversation is closed with it.
  await history.getByRole('button', { name: 'Capabilities Today' }).click();
  await expect(chat.getByRole('heading', { name: 'Capabilities' })).toBeVisible();
  await history.getByRole('button', { name: 'Delete Capabilities' }).click();
  const confirm = page.getByRole('alertdialog', { name: 'Delete conversation' });
  await expect(confirm).toContainText('Are you sure you want to delete this conversation?');
  await confirm.getByRole('button', { name: 'Delete' }).click();
  await expect(history.getByText('No conversations yet. Start a new one!')).toBeVisible();
  await expect(chat.getByRole('heading', { name: 'New conversation' })).toBeVisible();
});

test('conversations stay live across tabs: a new one joins the history, a deleted one closes', async ({ page, context }) => {
  await projectOfNewUser(page, 'Gemini');
  await page.goto('/ai');
  const other = await context.newPage();
  await other.goto('/ai');
  const otherHistory = other.getByRole('navigation', { name: 'Conversation history' });
  await expect(otherHistory.getByText('No conversations yet. Start a new one!')).toBeVisible();

  const chat = page.getByRole('region', { name: 'AI chat' });
  await chat.getByLabel('Message', { exact: true }).fill('what can you do');
  await chat.getByRole('button', { name: 'Send' }).click();
  await expect(chat.getByRole('listitem').filter({ hasText: "I'm the built-in assistant" })).toBeVisible();
  // The other tab hears of it without a reload, and shows the stored reply when opened.
  await otherHistory.getByRole('button', { name: 'what can you do Today' }).click();
  await expect(other.getByRole('region', { name: 'AI chat' }).getByRole('listitem').filter({ hasText: "I'm the built-in assistant" })).toBeVisible();

  // Deleted in the other tab: the first one's history empties and its chat starts afresh.
  await otherHistory.getByRole('button', { name: 'Delete what can you do' }).click();
  await other.getByRole('alertdialog', { name: 'Delete conversation' }).getByRole('button', { name: 'Delete' }).click();
  const history = page.getByRole('navigation', { name: 'Conversation history' });
  await expect(history.getByText('No conversations yet. Start a new one!')).toBeVisible();
  await expect(chat.getByRole('heading', { name: 'New conversation' })).toBeVisible();
  await expect(chat.getByRole('listitem').filter({ hasText: 'what can you do' })).toBeHidden();
});

test('one reply at a time per conversation: a message from a second tab meanwhile is refused, then sent again', async ({ page, context }) => {
  await projectOfNewUser(page, 'Pioneer');
  await page.goto('/ai');
  const chat = page.getByRole('region', { name: 'AI chat' });
  await chat.getByLabel('Message', { exact: true }).fill('list projects');
  await chat.getByRole('button', { name: 'Send' }).click();
  // In the conversation (the screen reader's announcement says the same words, as plain text).
  await expect(chat.getByRole('region', { name: 'Messages' }).getByText('Pioneer: 0% (0 of 0 tasks)')).toBeVisible();

  const other = await context.newPage();
  await other.goto('/ai');
  await other.getByRole('navigation', { name: 'Conversation history' }).getByRole('button', { name: 'list projects Today' }).click();
  const otherChat = other.getByRole('region', { name: 'AI chat' });
  await expect(otherChat.getByRole('region', { name: 'Messages' }).getByText('Pioneer: 0% (0 of 0 tasks)')).toBeVisible();

  // The first tab's long answer is still coming when the second tab sends.
  await chat.getByLabel('Message', { exact: true }).fill('what can you do');
  await chat.getByRole('button', { name: 'Send' }).click();
  await expect(chat.getByRole('listitem').filter({ hasText: "I'm the built-in assistant" })).toBeVisible();
  await otherChat.getByLabel('Message', { exact: true }).fill('what is overdue?');
  await otherChat.getByRole('button', { name: 'Send' }).click();
  await expect(otherChat.getByRole('alert')).toContainText('Error: The assistant is still answering in this conversation.');

  // Once that reply is done, Retry Message sends it, and it is answered in the same conversation.
  await expect(chat.getByRole('button', { name: 'Stop Stream' })).toBeHidden({ timeout: 30_000 });
  await otherChat.getByRole('button', { name: 'Retry Message' }).click();
  await expect(otherChat.getByText('No tasks overdue.', { exact: true })).toBeVisible();
  await expect(otherChat.getByRole('alert')).toBeHidden();
});

test('a reply that made several changes takes them all back with Undo all, one task written twice included', async ({ page }) => {
  const { projectId } = await projectOfNewUser(page, 'Mariner');
  await page.goto(`/projects/${projectId}`);
  await page.getByRole('tab', { name: 'Tasks' }).click();
  // One request per line (Shift+Enter starts a new line; Enter sends).
  await messageBox(page).fill('add task Draft budget');
  for (const line of ['complete Draft budget', "add a milestone 'Kick-off' due tomorrow"]) {
    await messageBox(page).press('Shift+Enter');
    await messageBox(page).pressSequentially(line);
  }
  await messageBox(page).press('Enter');

  const main = page.getByRole('main');
  const board = main.getByRole('region', { name: 'Completed' });
  await expect(board.getByRole('link', { name: 'Draft budget' })).toBeVisible();
  await panel(page).getByRole('button', { name: 'Undo all 3 changes' }).click();
  // Newest first: the milestone goes, the task is reopened, then deleted.
  await expect(panel(page).getByRole('status').filter({ hasText: 'All 3 changes undone' })).toBeFocused();
  await expect(panel(page).getByText('Undone: Created "Draft budget" in Mariner').first()).toBeVisible();
  await expect(panel(page).getByText('Undone: Completed "Draft budget"').first()).toBeVisible();
  await expect(panel(page).getByText(/^Undone: Created milestone "Kick-off" in Mariner, due /).first()).toBeVisible();
  await expect(main.getByRole('link', { name: 'Draft budget' })).toBeHidden();
  await expect(panel(page).getByRole('button', { name: /^Undo/ })).toHaveCount(0);
  await page.getByRole('tab', { name: 'Overview' }).click();
  await expect(main.getByText('Kick-off')).toBeHidden();
});

test('without a workspace a message is refused with the spec\'s error, and the typed text stays in the box', async ({ page }) => {
  await signUpNewUser(page);
  await page.goto('/ai');
  const chat = page.getByRole('region', { name: 'AI chat' });
  await expect(page.getByRole('navigation', { name: 'Conversation history' }).getByText('Select a workspace to view conversations')).toBeVisible();
  await chat.getByLabel('Message', { exact: true }).fill('list projects');
  await chat.getByRole('button', { name: 'Send' }).click();
  await expect(chat.getByRole('alert')).toHaveText('Error: No workspace selected');
  await expect(chat.getByLabel('Message', { exact: true })).toHaveValue('list projects');
});

test('a message sent while the workspace list is still loading is answered, not dropped', async ({ page }) => {
  await projectOfNewUser(page, 'Voyager');
  // Nothing saved: the chat cannot assume a workspace and must wait for the list.
  await page.evaluate(() => localStorage.removeItem('currentWorkspaceId'));
  let releaseList = () => {};
  const listHeld = new Promise<void>((resolve) => (releaseList = resolve));
  await page.route(/\/workspaces$/, async (route) => {
    await listHeld;
    await route.fallback();
  });
  await page.goto('/ai');
  const chat = page.getByRole('region', { name: 'AI chat' });
  await chat.getByLabel('Message', { exact: true }).fill('list projects');
  await expect(chat.getByRole('button', { name: 'Send' })).toBeDisabled();
  await expect(chat.getByText('Finding your workspace…')).toBeVisible();
  releaseList();
  await chat.getByRole('button', { name: 'Send' }).click();
  await expect(chat.getByRole('listitem').filter({ hasText: 'list projects' })).toBeVisible();
  await expect(chat.getByText('Voyager').last()).toBeVisible({ timeout: 20_000 });
});

test('a broken stream is retried automatically, then by Retry Message', async ({ page }) => {
  await projectOfNewUser(page, 'Cassini');
  const chats = await failChatStreams(page, 1);
  await page.goto('/ai');
  const chat = page.getByRole('region', { name: 'AI chat' });

  // One failure: the Stream Error box counts the attempt, and the resend succeeds.
  await chat.getByLabel('Message', { exact: true }).fill('list projects');
  await chat.getByLabel('Message', { exact: true }).press('Enter');
  await expect(chat.getByRole('alert').filter({ hasText: 'Stream Error' })).toContainText('the model stream broke');
  await expect(chat.getByText('Cassini').last()).toBeVisible({ timeout: 10_000 });
  await expect(chat.getByRole('alert').filter({ hasText: 'Stream Error' })).toBeHidden();
  expect(chats.sent()).toBe(2);
});

test('after three failed resends, Retry Message sends it again', async ({ page }) => {
  await projectOfNewUser(page, 'Dawn');
  await failChatStreams(page, 4);
  await page.goto('/ai');
  const chat = page.getByRole('region', { name: 'AI chat' });
  await chat.getByLabel('Message', { exact: true }).fill('list projects');
  await chat.getByRole('button', { name: 'Send' }).click();
  const box = chat.getByRole('alert').filter({ hasText: 'Stream Error' });
  await expect(box).toContainText('(Retry attempt: 3/3)', { timeout: 20_000 });
  await chat.getByRole('button', { name: 'Retry Message' }).click();
  await expect(box).toBeHidden({ timeout: 10_000 });
  await expect(chat.getByRole('listitem').filter({ hasText: 'Assistant:' }).last()).toContainText('Dawn');
});

test('a reply whose frames stop coming is found in the stored conversation once it has been silent a while', async ({ page }) => {
  await projectOfNewUser(page, 'Europa');
  // The first reply's frames after its start are lost on the way (the socket stays open).
  let dropping = true;
  await page.routeWebSocket((url) => url.protocol.startsWith('ws'), (socket: WebSocketRoute) => {
    const server = socket.connectToServer();
    server.onMessage((raw) => {
      const message = JSON.parse(String(raw)) as { type: string; frame?: { type: string } };
      if (dropping && message.type === 'chat' && message.frame?.type !== 'start') {
        if (message.frame?.type === 'done') dropping = false;
        return;
      }
      socket.send(raw);
    });
  });
  await page.clock.install();
  await page.goto('/ai');
  const chat = page.getByRole('region', { name: 'AI chat' });
  await chat.getByLabel('Message', { exact: true }).fill('list projects');
  await chat.getByLabel('Message', { exact: true }).press('Enter');
  await expect.poll(() => dropping, { timeout: 20_000 }).toBe(false);
  // The chat still waits for the reply (Stop Stream offered), however long it has been quiet so far.
  const stop = chat.getByRole('button', { name: 'Stop Stream' });
  await expect(stop).toBeVisible();
  await page.clock.fastForward('01:00');
  await expect(stop).toBeVisible();
  // 90 s without a frame: the stored reply is read instead, and the chat is ready again.
  await page.clock.fastForward('00:31');
  for (let tick = 0; tick < 5 && (await stop.count()) > 0; tick += 1) await page.clock.fastForward('00:03');
  await expect(stop).toBeHidden();
  await expect(chat.getByText('Europa').last()).toBeVisible();
});
