import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import type { ToolCallView } from '@shared/schemas/chat';
import { PROPOSAL_EXPIRED, ToolPills, type ApplyState, type UndoControls } from './tool-pills';

const proposed: ToolCallView = {
  id: 'c1',
  name: 'complete_task',
  args: { task: 'Ship' },
  status: 'proposed',
  message: 'Proposed: complete task (task "Ship")',
  proposal: { token: 'p1' },
};

/** The pills with Apply answered by `outcome` (what the server would say) and Undo recorded. */
function Harness({ calls, outcome }: { calls: ToolCallView[]; outcome: ApplyState }) {
  const [applyStates, setApplyStates] = useState<ReadonlyMap<string, ApplyState>>(new Map());
  const [undone, setUndone] = useState<string[]>([]);
  const controls: UndoControls = {
    states: new Map(),
    undo: (token) => setUndone((tokens) => [...tokens, token]),
    undoAll: () => undefined,
    applyStates,
    apply: (token) => setApplyStates(new Map([[token, outcome]])),
  };
  return (
    <>
      <ToolPills calls={calls} undo={controls} label="What the assistant did" offerUndoAll />
      <output aria-label="Undone">{undone.join(',')}</output>
    </>
  );
}

describe('a proposed write on its pill', () => {
  it('offers Apply named by what it would do; once applied it reads as the write it became, with its Undo', async () => {
    const user = userEvent.setup();
    render(<Harness calls={[proposed]} outcome={{ status: 'done', message: 'Completed "Ship"', undo: { token: 'u1', label: 'Reopen "Ship"' } }} />);
    expect(screen.getByText('Proposed:', { exact: false, selector: '.visually-hidden' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Apply: Proposed: complete task (task "Ship")' }));
    expect(screen.getByText('Completed "Ship"')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^Apply/ })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Undo: Completed "Ship"' }));
    expect(screen.getByRole('status', { name: 'Undone' })).toHaveTextContent('u1');
  });

  it('says why Apply was refused, and offers it again', async () => {
    const user = userEvent.setup();
    render(<Harness calls={[proposed]} outcome={{ status: 'failed', message: 'No task called "Ship".' }} />);
    await user.click(screen.getByRole('button', { name: /^Apply/ }));
    expect(screen.getByRole('alert')).toHaveTextContent('No task called "Ship".');
    expect(screen.getByRole('button', { name: /^Apply/ })).toBeEnabled();
  });

  it('shows a proposal applied before the conversation was loaded as done, without Apply', () => {
    const applied = { ...proposed, proposal: { token: 'p1', applied: { message: 'Completed "Ship"', undo: { token: 'u1', label: 'Reopen' } } } };
    render(<Harness calls={[applied]} outcome={{ status: 'pending' }} />);
    expect(screen.getByText('Completed "Ship"')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^Apply/ })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Undo: Completed "Ship"' })).toBeInTheDocument();
  });

  it('says a proposal expired unapplied (its token is gone), with no Apply', () => {
    const { proposal: _proposal, ...expired } = proposed;
    render(<Harness calls={[expired]} outcome={{ status: 'pending' }} />);
    expect(screen.getByText('Proposed: complete task (task "Ship")')).toBeInTheDocument();
    expect(screen.getByText(PROPOSAL_EXPIRED)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^Apply/ })).not.toBeInTheDocument();
  });
});
