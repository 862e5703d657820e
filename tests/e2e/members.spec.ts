import { expect, test, type Page } from '@playwright/test';
import { callApiAs } from './support/api';
import { createWorkspace, newEmail, register, signIn, signUpNewUser } from './support/users';

/** The e-mail prefix: the display name of a user without a profile name. */
const prefixOf = (email: string) => email.split('@')[0] ?? email;

async function signOut(page: Page): Promise<void> {
  await page.getByRole('button', { name: 'User menu' }).click();
  await page.getByRole('menuitem', { name: 'Sign out' }).click();
  await expect(page).toHaveURL(/\/auth\/login/);
}

function teamMembers(page: Page) {
  return page.getByRole('region', { name: 'Team Members' });
}

async function invite(page: Page, email: string, role: 'Member' | 'Admin' = 'Member') {
  await teamMembers(page).getByRole('button', { name: 'Invite Member' }).click();
  const dialog = page.getByRole('dialog', { name: 'Invite Member' });
  await expect(dialog.getByLabel('Email')).toBeFocused();
  await dialog.getByLabel('Email').fill(email);
  await dialog.getByRole('radio', { name: role }).check();
  await dialog.getByRole('button', { name: 'Send Invitation' }).click();
  return dialog;
}

test('the owner invites an existing user, makes them admin and removes them', async ({ page, browser }) => {
  // Two users with three sign-ins and several reloads: longer than the default on a busy machine.
  test.slow();
  // The second person has an account already (their own browser), then signs out.
  const otherContext = await browser.newContext();
  const other = await otherContext.newPage();
  const otherEmail = await signUpNewUser(other);
  const otherName = prefixOf(otherEmail);
  await signOut(other);

  const ownerEmail = await signUpNewUser(page);
  await createWorkspace(page, 'Orbit Crew');
  await page.goto('/workspaces/settings');
  const team = teamMembers(page);
  await expect(team.getByRole('listitem')).toHaveCount(1);
  await expect(team.getByRole('listitem').first()).toContainText(prefixOf(ownerEmail));
  await expect(team.getByRole('listitem').first()).toContainText('Workspace Owner');

  // The dialog offers the two roles with their descriptions; Member is the default.
  await team.getByRole('button', { name: 'Invite Member' }).click();
  const dialog = page.getByRole('dialog', { name: 'Invite Member' });
  await expect(dialog.getByRole('radio', { name: 'Member' })).toBeChecked();
  await expect(dialog.getByText('Can view and edit projects in this workspace')).toBeVisible();
  await expect(dialog.getByText('Can manage workspace settings and invite members')).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(team.getByRole('button', { name: 'Invite Member' })).toBeFocused();

  await invite(page, otherEmail);
  await expect(dialog.getByRole('status')).toHaveText(`${otherName} has been added to Orbit Crew and notified by email.`);
  // The success closes the dialog after 3 seconds by itself.
  await expect(dialog).toBeHidden({ timeout: 6_000 });
  const otherRow = team.getByRole('listitem').filter({ hasText: otherEmail });
  await expect(otherRow).toContainText(otherName);
  await expect(otherRow.getByLabel(`Role of ${otherName}`)).toHaveValue('member');

  // The second person signs in: their only workspace is one they were added to, so they are asked to open
  // it. As a member they manage nothing, and see names, not e-mail addresses.
  await signIn(other, otherEmail);
  await expect(other).toHaveURL(/\/dashboard$/);
  const choice = other.getByRole('region', { name: 'Choose a workspace to open' });
  await expect(choice).toContainText(`${prefixOf(ownerEmail)} added you to Orbit Crew as a member`);
  await choice.getByRole('button', { name: 'Open Orbit Crew' }).click();
  await expect(choice).toBeHidden();
  await expect(other.getByRole('button', { name: 'Orbit Crew', exact: true })).toBeVisible();
  await other.goto('/workspaces/settings');
  const otherTeam = teamMembers(other);
  await expect(otherTeam.getByRole('listitem').filter({ hasText: 'Your Role' })).toContainText(otherName);
  await expect(otherTeam.getByRole('listitem').filter({ hasText: 'Your Role' })).toContainText('Member');
  await expect(otherTeam.getByRole('listitem').filter({ hasText: 'Workspace Owner' })).toContainText(prefixOf(ownerEmail));
  await expect(otherTeam).not.toContainText('@');
  await expect(otherTeam.getByRole('button', { name: 'Invite Member' })).toHaveCount(0);
  await expect(otherTeam.getByRole('combobox')).toHaveCount(0);
  await expect(other.getByRole('region', { name: 'Danger Zone' })).toHaveCount(0);

  // The owner makes them admin; it sticks, and the second person's page follows without a reload.
  await otherRow.getByLabel(`Role of ${otherName}`).selectOption('admin');
  await expect(otherRow.getByLabel(`Role of ${otherName}`)).toHaveValue('admin');
  await page.reload();
  await expect(teamMembers(page).getByRole('listitem').filter({ hasText: otherEmail }).getByLabel(`Role of ${otherName}`)).toHaveValue('admin');
  await expect(otherTeam.getByRole('button', { name: 'Invite Member' })).toBeVisible();
  await expect(otherTeam.getByRole('listitem').filter({ hasText: otherEmail })).toContainText('Admin');
  // An admin gets no controls on the owner's row, and no Danger Zone.
  await expect(otherTeam.getByRole('listitem').filter({ hasText: ownerEmail }).getByRole('combobox')).toHaveCount(0);
  await expect(other.getByRole('region', { name: 'Danger Zone' })).toHaveCount(0);

  // The owner removes them after confirming.
  await teamMembers(page).getByRole('button', { name: `Remove ${otherName}` }).click();
  const confirmation = page.getByRole('alertdialog', { name: 'Remove Member' });
  await expect(confirmation).toContainText(`Are you sure you want to remove ${otherName} from this workspace?`);
  await confirmation.getByRole('button', { name: 'Remove' }).click();
  await expect(teamMembers(page).getByRole('listitem').filter({ hasText: otherEmail })).toHaveCount(0);

  // Their open page is told at once, without a reload.
  await expect(other.getByRole('status').filter({ hasText: 'You are no longer a member of Orbit Crew.' })).toBeVisible();
  await expect(other.getByText('No workspace selected')).toBeVisible();
  await other.reload();
  await expect(other.getByRole('button', { name: 'Orbit Crew' })).toHaveCount(0);
  await expect(other.getByText('No workspace selected')).toBeVisible();
  await otherContext.close();
});

test('an invitation to a new address asks them to sign up; once they do, they are in the workspace', async ({ page, browser }) => {
  await signUpNewUser(page);
  await createWorkspace(page, 'Nova Lab');
  await page.goto('/workspaces/settings');

  const invitee = newEmail();
  const dialog = await invite(page, invitee, 'Admin');
  await expect(dialog.getByRole('status')).toContainText(`Invitation sent to ${invitee}. They must create an account`);
  await dialog.getByRole('button', { name: 'Done' }).click();
  await expect(dialog).toBeHidden();
  const pending = page.getByRole('region', { name: 'Pending Invitations' });
  await expect(pending.getByRole('listitem').filter({ hasText: invitee })).toContainText('Admin');
  await expect(pending.getByRole('listitem').filter({ hasText: invitee })).toContainText('Expires in 14 days');
  // On the local stack the page links the outbox, which holds the invitation mail.
  const outboxUrl = await teamMembers(page).getByRole('link', { name: 'local outbox' }).getAttribute('href');
  await expect.poll(async () => (await page.request.get(outboxUrl ?? '')).text()).toContain(invitee);
  // The mail's link: the sign-up page with the address filled in, and the workspace to open.
  const outbox = await (await page.request.get(outboxUrl ?? '')).text();
  const link = /\/auth\/register\?email=[^"<\s&]+&(?:amp;|#38;)?workspace=[A-Za-z0-9_-]+/.exec(outbox)?.[0]?.replace(/&(?:amp;|#38;)/, '&');
  expect(link).toBeDefined();

  const inviteeContext = await browser.newContext();
  const newcomer = await inviteeContext.newPage();
  await newcomer.goto(link ?? '/auth/register');
  await expect(newcomer.getByLabel('Email')).toHaveValue(invitee);
  await register(newcomer, invitee);
  await expect(newcomer).toHaveURL(/\/dashboard$/);
  // Lands in the workspace it was invited to, welcomed: who added them, as what.
  await expect(newcomer.getByRole('button', { name: 'Nova Lab', exact: true })).toBeVisible();
  await expect(newcomer.getByText(/added you to Nova Lab as an admin/)).toBeVisible();
  await newcomer.goto('/workspaces/settings');
  await expect(teamMembers(newcomer).getByRole('listitem').filter({ hasText: invitee })).toContainText('Admin');
  await inviteeContext.close();

  // The invitation is used up, and the owner sees the newcomer among the members.
  await page.reload();
  await expect(page.getByRole('region', { name: 'Pending Invitations' })).toContainText('No pending invitations');
  await expect(teamMembers(page).getByRole('listitem').filter({ hasText: invitee })).toBeVisible();
});

test('Add Member puts an existing account straight in and refuses an unknown address with a hint', async ({ page, browser }) => {
  const otherContext = await browser.newContext();
  const otherEmail = await signUpNewUser(await otherContext.newPage());
  await otherContext.close();

  await signUpNewUser(page);
  await createWorkspace(page, 'Comet Desk');
  await page.goto('/workspaces/settings');
  const team = teamMembers(page);

  await team.getByRole('button', { name: 'Add Member' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add Member' });
  await dialog.getByLabel('Email').fill(newEmail());
  await dialog.getByRole('button', { name: 'Add Member' }).click();
  await expect(dialog.getByRole('alert')).toHaveText('No account uses this email address yet. Send an invitation instead.');
  // Focus stays on the button while the request runs and after it fails, not dropped to <body>.
  await expect(dialog.getByRole('button', { name: 'Add Member' })).toBeFocused();

  await dialog.getByLabel('Email').fill(otherEmail);
  await dialog.getByRole('radio', { name: 'Admin' }).check();
  await dialog.getByRole('button', { name: 'Add Member' }).click();
  await expect(dialog.getByRole('status')).toHaveText(`${prefixOf(otherEmail)} has been added to Comet Desk.`);
  await expect(dialog).toBeHidden({ timeout: 6_000 });
  await expect(team.getByRole('listitem').filter({ hasText: otherEmail }).getByLabel(`Role of ${prefixOf(otherEmail)}`)).toHaveValue('admin');
});

test('General shows the facts as text; the owner renames the workspace (slug kept), a member sees the new name and no Rename', async ({ page, browser }) => {
  const otherContext = await browser.newContext();
  const other = await otherContext.newPage();
  const otherEmail = await signUpNewUser(other);

  await signUpNewUser(page);
  await createWorkspace(page, 'Star Base');
  const workspaceId = await page.evaluate(() => localStorage.getItem('currentWorkspaceId'));
  await callApiAs(page, 'POST', `/workspaces/${workspaceId}/members`, { email: otherEmail, role: 'member' });
  // A workspace someone was added to opens for them once they have seen the notice (the consent test covers it).
  await callApiAs(other, 'DELETE', `/workspaces/${workspaceId}/membership/notice`);
  await page.goto('/workspaces/settings');
  const general = page.getByRole('region', { name: 'General' });
  await expect(general.getByRole('definition').filter({ hasText: 'star-base' })).toBeVisible();
  await expect(general.getByText('Star Base', { exact: true })).toBeVisible();
  // Facts are text, not input boxes.
  await expect(general.getByRole('textbox')).toHaveCount(0);

  // The member (their only workspace is the current one), on their own page: the same facts, without Rename.
  await other.goto('/workspaces/settings');
  const otherGeneral = other.getByRole('region', { name: 'General' });
  await expect(otherGeneral.getByText('Star Base', { exact: true })).toBeVisible();
  await expect(otherGeneral.getByRole('button', { name: 'Rename workspace' })).toHaveCount(0);
  await expect(otherGeneral.getByRole('textbox')).toHaveCount(0);

  // The owner renames: Cancel first gives focus back, then a bad name is refused, then the save sticks.
  await general.getByRole('button', { name: 'Rename workspace' }).click();
  await expect(general.getByLabel('Workspace Name')).toBeFocused();
  await general.getByRole('button', { name: 'Cancel' }).click();
  await expect(general.getByRole('button', { name: 'Rename workspace' })).toBeFocused();
  await general.getByRole('button', { name: 'Rename workspace' }).click();
  await general.getByLabel('Workspace Name').fill('!!!');
  await general.getByRole('button', { name: 'Save Name' }).click();
  await expect(general.getByText('Workspace Name must contain a letter or a digit')).toBeVisible();
  await general.getByLabel('Workspace Name').fill('Star Harbour');
  await general.getByRole('button', { name: 'Save Name' }).click();
  await expect(general.getByRole('textbox')).toHaveCount(0);
  await expect(general.getByText('Star Harbour', { exact: true })).toBeVisible();
  await expect(general.getByText('star-base', { exact: true })).toBeVisible();

  // The member's page follows by the push, without a reload.
  await expect(otherGeneral.getByText('Star Harbour', { exact: true })).toBeVisible();
  await page.reload();
  await expect(page.getByRole('region', { name: 'General' }).getByText('Star Harbour', { exact: true })).toBeVisible();
  await otherContext.close();
});

test('the owner deletes a workspace and lands on the dashboard in the remaining one', async ({ page }) => {
  await signUpNewUser(page);
  await createWorkspace(page, 'Keep Me');
  await createWorkspace(page, 'Throwaway');
  await page.goto('/workspaces/settings');
  await expect(page.getByRole('region', { name: 'General' }).getByText('Throwaway', { exact: true })).toBeVisible();

  const dangerZone = page.getByRole('region', { name: 'Danger Zone' });
  await dangerZone.getByRole('button', { name: 'Delete Workspace' }).click();
  const confirmation = page.getByRole('alertdialog', { name: 'Delete Workspace' });
  await expect(confirmation).toContainText('Are you sure you want to delete this workspace? This action cannot be undone.');
  await confirmation.getByRole('button', { name: 'Cancel' }).click();
  await expect(confirmation).toBeHidden();
  await expect(page.getByRole('region', { name: 'General' }).getByText('Throwaway', { exact: true })).toBeVisible();

  await dangerZone.getByRole('button', { name: 'Delete Workspace' }).click();
  await confirmation.getByRole('button', { name: 'Delete Workspace' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByRole('button', { name: 'Keep Me' })).toBeVisible();
  await page.getByRole('button', { name: 'Keep Me' }).click();
  await expect(page.getByRole('menuitemradio', { name: 'Throwaway' })).toHaveCount(0);
  // Deleted by the user themselves: nothing to explain.
  await expect(page.getByText('You are no longer a member of Throwaway.')).toHaveCount(0);
  await page.reload();
  await expect(page.getByRole('button', { name: 'Keep Me' })).toBeVisible();
});

test('a person added to a workspace sees it once as a banner, in the bell\'s inbox, and may leave it', async ({ page, browser }) => {
  test.slow();
  const otherContext = await browser.newContext();
  const other = await otherContext.newPage();
  const otherEmail = await signUpNewUser(other);
  await createWorkspace(other, 'Home Base');

  const ownerEmail = await signUpNewUser(page);
  await createWorkspace(page, 'Harbor');
  const workspaceId = await page.evaluate(() => localStorage.getItem('currentWorkspaceId'));
  await callApiAs(page, 'POST', `/workspaces/${workspaceId}/members`, { email: otherEmail, role: 'admin' });

  // The push of the new membership brings the notice; their own workspace stays open.
  const banner = other.getByRole('region', { name: 'You were added to a workspace' });
  const notice = `${prefixOf(ownerEmail)} added you to Harbor as an admin`;
  await expect(banner).toContainText(notice);
  await expect(other.getByRole('button', { name: 'Home Base' })).toBeVisible();
  // The bell counts it, and its inbox lists it.
  await expect(other.getByRole('button', { name: 'Notifications, 1 unread' })).toContainText('1');
  await other.getByRole('button', { name: 'Notifications, 1 unread' }).click();
  const bell = other.getByRole('region', { name: 'Notifications' });
  await expect(bell.getByRole('listitem')).toContainText(`${prefixOf(ownerEmail)} added you to Harbor`);
  await bell.getByRole('button', { name: 'Mark all read' }).click();
  await expect(other.getByRole('button', { name: 'Notifications', exact: true })).toBeVisible();

  // Leave, from the banner, after confirming: the notice and the workspace go, for them and for the owner.
  await banner.getByRole('button', { name: 'Leave Harbor' }).click();
  const confirmation = other.getByRole('alertdialog', { name: 'Leave Workspace' });
  await expect(confirmation).toContainText('Are you sure you want to leave Harbor?');
  await confirmation.getByRole('button', { name: 'Leave' }).click();
  await expect(banner).toBeHidden();
  await other.getByRole('button', { name: 'Home Base' }).click();
  await expect(other.getByRole('menuitemradio', { name: 'Harbor' })).toHaveCount(0);
  await page.goto('/workspaces/settings');
  await expect(teamMembers(page).getByRole('listitem')).toHaveCount(1);
  // Their own leaving needs no telling (by now the push of it has reached their page too).
  await expect(other.getByText('You are no longer a member of Harbor.')).toHaveCount(0);

  // Seen once: a notice dismissed does not come back.
  await callApiAs(page, 'POST', `/workspaces/${workspaceId}/members`, { email: otherEmail });
  await other.reload();
  await expect(banner).toContainText(`${prefixOf(ownerEmail)} added you to Harbor as a member`);
  await banner.getByRole('button', { name: 'Dismiss the notice about Harbor' }).click();
  await expect(banner).toBeHidden();
  await other.reload();
  await expect(other.getByRole('button', { name: 'Home Base' })).toBeVisible();
  await expect(banner).toHaveCount(0);
  await otherContext.close();
});

test('an owner invites from a project page too; a member sees no Invite Member there', async ({ page, browser }) => {
  await signUpNewUser(page);
  await createWorkspace(page, 'Project Invites');
  const workspaceId = await page.evaluate(() => localStorage.getItem('currentWorkspaceId'));
  const { project } = await callApiAs<{ project: { id: string } }>(page, 'POST', `/workspaces/${workspaceId}/projects`, { name: 'Orion' });
  await page.goto(`/projects/${project.id}`);

  const invitee = newEmail();
  await page.getByRole('button', { name: 'Invite Member' }).click();
  const dialog = page.getByRole('dialog', { name: 'Invite Member' });
  await expect(dialog).toContainText('Invite someone to Project Invites by email.');
  await dialog.getByLabel('Email').fill(invitee);
  await dialog.getByRole('button', { name: 'Send Invitation' }).click();
  await expect(dialog.getByRole('status')).toContainText(`Invitation sent to ${invitee}.`);
  await dialog.getByRole('button', { name: 'Done' }).click();
  await expect(page.getByRole('button', { name: 'Invite Member' })).toBeFocused();

  // Once they sign up they are a member, and members do not invite.
  const inviteeContext = await browser.newContext();
  const member = await inviteeContext.newPage();
  await member.goto('/auth/register');
  await register(member, invitee);
  await member.getByRole('region', { name: 'Choose a workspace to open' }).getByRole('button', { name: 'Open Project Invites' }).click();
  await member.goto(`/projects/${project.id}`);
  await expect(member.getByRole('heading', { level: 1, name: 'Orion' })).toBeVisible();
  await expect(member.getByRole('button', { name: 'Invite Member' })).toHaveCount(0);
  await inviteeContext.close();
});
