import { screen, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { useState } from 'react';
import { beforeEach, describe, expect, it } from 'vitest';
import type { LabelView } from '@shared/schemas/label';
import { aLabel } from '@shared/testing/project-views';
import { renderWithApp, workspaceView } from '@/testing/render';
import { api, server } from '@/testing/server';
import { LabelFilter } from './label-filter';
import { LabelsCard } from './labels-card';

/** The filter as a page holds it: its value in state, and the last value it was given. */
function FilterOnPage({ initial = [], seen }: { initial?: string[]; seen: string[][] }) {
  const [value, setValue] = useState<readonly string[]>(initial);
  return (
    <LabelFilter
      value={value}
      onChange={(labelIds) => {
        seen.push(labelIds);
        setValue(labelIds);
      }}
    />
  );
}

describe('labels (issue 36)', () => {
  let labels: LabelView[];
  beforeEach(() => {
    labels = [aLabel({ id: 'bug', name: 'Bug' }), aLabel({ id: 'docs', name: 'Docs', color: '#3B82F6' })];
    server.use(
      http.get(api('/workspaces/ws-1/labels'), () => HttpResponse.json({ labels })),
    );
  });

  it('Workspace Settings: an admin adds a label (the refusal shown under its field), and deletes one after confirming', async () => {
    const sent: unknown[] = [];
    server.use(
      http.post(api('/workspaces/ws-1/labels'), async ({ request }) => {
        const body = (await request.json()) as { name: string; color: string };
        sent.push(body);
        if (body.name === 'bug') return HttpResponse.json({ error: 'name: taken', fields: [{ field: 'name', message: 'A label with this name already exists' }] }, { status: 400 });
        const label = aLabel({ id: 'new', name: body.name, color: body.color });
        labels = [...labels, label];
        return HttpResponse.json({ label }, { status: 201 });
      }),
      http.delete(api('/workspaces/ws-1/labels/bug'), () => {
        labels = labels.filter((label) => label.id !== 'bug');
        return new HttpResponse(null, { status: 204 });
      }),
    );
    const { user } = renderWithApp(<LabelsCard workspace={workspaceView({ role: 'admin' })} />, { workspace: workspaceView({ role: 'admin' }) });
    const card = screen.getByRole('region', { name: 'Labels' });
    expect(await within(card).findByText('Bug')).toBeInTheDocument();

    await user.type(within(card).getByLabelText('Label name'), 'bug');
    await user.click(within(card).getByRole('button', { name: 'Add Label' }));
    expect(await within(card).findByText('A label with this name already exists')).toBeInTheDocument();
    expect(within(card).getByLabelText('Label name')).toHaveAttribute('aria-invalid', 'true');

    await user.clear(within(card).getByLabelText('Label name'));
    await user.type(within(card).getByLabelText('Label name'), 'Release{Enter}');
    expect(await within(card).findByText('Release')).toBeInTheDocument();
    expect(within(card).getByLabelText('Label name')).toHaveValue('');
    expect(sent).toEqual([
      { name: 'bug', color: '#6B7280' },
      { name: 'Release', color: '#6B7280' },
    ]);

    await user.click(within(card).getByRole('button', { name: 'Delete Bug' }));
    const confirm = screen.getByRole('alertdialog', { name: 'Delete Label' });
    await user.click(within(confirm).getByRole('button', { name: 'Delete' }));
    await expect.poll(() => within(card).queryByText('Bug')).toBeNull();
  });

  it('Workspace Settings: Edit opens the label in a form with the focus in its name, and saves it with its version', async () => {
    const sent: unknown[] = [];
    server.use(
      http.patch(api('/workspaces/ws-1/labels/bug'), async ({ request }) => {
        const body = (await request.json()) as { name: string };
        sent.push(body);
        labels = labels.map((label) => (label.id === 'bug' ? { ...label, name: body.name, version: 2 } : label));
        return HttpResponse.json({ label: labels[0] });
      }),
    );
    const { user } = renderWithApp(<LabelsCard workspace={workspaceView()} />, { workspace: workspaceView() });
    const card = screen.getByRole('region', { name: 'Labels' });
    await user.click(await within(card).findByRole('button', { name: 'Edit Bug' }));
    const form = within(card).getByRole('form', { name: 'Edit Bug' });
    expect(within(form).getByLabelText('Label name')).toHaveFocus();
    await user.clear(within(form).getByLabelText('Label name'));
    await user.type(within(form).getByLabelText('Label name'), 'Defect');
    await user.click(within(form).getByRole('button', { name: 'Save Label' }));
    expect(await within(card).findByText('Defect')).toBeInTheDocument();
    expect(within(card).queryByRole('form', { name: 'Edit Bug' })).toBeNull();
    expect(sent).toEqual([{ version: 1, name: 'Defect', color: '#EF4444' }]);
  });

  it('Workspace Settings: a member sees the labels but nothing to change them with', async () => {
    renderWithApp(<LabelsCard workspace={workspaceView({ role: 'member' })} />, { workspace: workspaceView({ role: 'member' }) });
    const card = screen.getByRole('region', { name: 'Labels' });
    expect(await within(card).findByText('Docs')).toBeInTheDocument();
    expect(within(card).queryByRole('button')).toBeNull();
    expect(within(card).queryByLabelText('Label name')).toBeNull();
  });

  it('the label filter: a button named by its label and what is chosen opens checkboxes for any of the labels, used with the keyboard', async () => {
    const seen: string[][] = [];
    const { user } = renderWithApp(<FilterOnPage seen={seen} />, { workspace: workspaceView() });
    const button = await screen.findByRole('button', { name: 'Label All labels' });
    expect(button).toHaveAttribute('aria-expanded', 'false');

    button.focus();
    await user.keyboard('{Enter}');
    const panel = screen.getByRole('group', { name: 'Show tasks with any of these labels' });
    await user.tab();
    expect(within(panel).getByRole('checkbox', { name: 'Bug' })).toHaveFocus();
    await user.keyboard(' ');
    await user.tab();
    await user.keyboard(' ');
    expect(seen.at(-1)).toEqual(['bug', 'docs']);
    expect(screen.getByRole('button', { name: 'Label Bug or Docs' })).toBeInTheDocument();

    // Escape closes the panel and goes back to the button.
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('group', { name: 'Show tasks with any of these labels' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Label Bug or Docs' })).toHaveFocus();

    await user.click(screen.getByRole('button', { name: 'Label Bug or Docs' }));
    await user.click(screen.getByRole('button', { name: 'Show all tasks' }));
    expect(seen.at(-1)).toEqual([]);
    expect(screen.getByRole('button', { name: 'Label All labels' })).toBeInTheDocument();
  });

  it('the label filter drops a chosen label deleted meanwhile', async () => {
    const seen: string[][] = [];
    renderWithApp(<FilterOnPage initial={['gone', 'docs']} seen={seen} />, { workspace: workspaceView() });
    expect(await screen.findByRole('button', { name: 'Label Docs' })).toBeInTheDocument();
    expect(seen).toEqual([['docs']]);
  });

  it('the label filter is not shown while the workspace has no labels', async () => {
    let answered = 0;
    server.use(
      http.get(api('/workspaces/ws-1/labels'), () => {
        answered += 1;
        return HttpResponse.json({ labels: [] });
      }),
    );
    const { container } = renderWithApp(<FilterOnPage seen={[]} />, { workspace: workspaceView() });
    await expect.poll(() => answered).toBe(1);
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(container.querySelector('.label-filter')).toBeNull();
  });
});
