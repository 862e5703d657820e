import { QueryClient, QueryClientProvider, useMutation } from '@tanstack/react-query';
import { act, renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { describe, expect, it } from 'vitest';
import { aTask } from '@shared/testing/project-views';
import { updateTaskKey, type UpdateTaskVariables } from '../api/task-mutations';
import { useLeavingTasks } from './use-leaving-tasks';

/** The hook beside two task updates whose answers the test gives: one of the list's scope, one of nobody's. */
function setup() {
  const client = new QueryClient({ defaultOptions: { mutations: { retry: false } } });
  const answers: { resolve: () => void; reject: (error: Error) => void }[] = [];
  const answered = () => new Promise<void>((resolve, reject) => answers.push({ resolve, reject }));
  const wrapper = ({ children }: { children: ReactNode }) => <QueryClientProvider client={client}>{children}</QueryClientProvider>;
  const { result } = renderHook(
    () => ({
      leaving: useLeavingTasks('list'),
      listWrite: useMutation({ mutationKey: updateTaskKey('list'), mutationFn: (_variables: UpdateTaskVariables) => answered() }),
      otherWrite: useMutation({ mutationKey: updateTaskKey(), mutationFn: (_variables: UpdateTaskVariables) => answered() }),
    }),
    { wrapper },
  );
  return { result, answers };
}

const task = aTask({ id: 't1', version: 3 });
const other = aTask({ id: 't2', version: 1 });

describe('useLeavingTasks', () => {
  it('hides a task while the list’s write of it is on its way and once stored, until a later version comes', async () => {
    // Prepare
    const { result, answers } = setup();

    // Act
    act(() => result.current.listWrite.mutate({ workspaceId: 'w1', task, edit: { completed: true } }));

    // Assert
    await waitFor(() => expect(result.current.leaving.isGone(task)).toBe(true));
    expect(result.current.leaving.isGone(other)).toBe(false);
    await act(async () => answers[0]?.resolve());
    await waitFor(() => expect(result.current.listWrite.isSuccess).toBe(true));
    expect(result.current.leaving.isGone({ id: 't1', version: 4 })).toBe(true);
    expect(result.current.leaving.isGone({ id: 't1', version: 5 })).toBe(false);
  });

  it('shows the task again when its write is refused, and never hides for writes of other scopes', async () => {
    // Prepare
    const { result, answers } = setup();

    // Act
    act(() => result.current.otherWrite.mutate({ workspaceId: 'w1', task: other, edit: { completed: true } }));
    act(() => result.current.listWrite.mutate({ workspaceId: 'w1', task, edit: { completed: true } }));
    await waitFor(() => expect(result.current.leaving.isGone(task)).toBe(true));
    await act(async () => answers[1]?.reject(new Error('refused')));

    // Assert
    await waitFor(() => expect(result.current.leaving.isGone(task)).toBe(false));
    expect(result.current.leaving.isGone(other)).toBe(false);
  });
});
