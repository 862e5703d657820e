import { useQuery } from '@tanstack/react-query';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { LoadError } from '@/components/ui/load-error';
import { SkeletonLines } from '@/components/ui/skeleton';
import { apiErrorMessage } from '@/lib/api-client';
import { timeAgo } from '@/lib/format-date';
import { agentChangesQueryOptions, LOAD_AGENT_CHANGES_FAILED, UNDO_AGENT_CHANGE_FAILED, useUndoAgentChange, type AgentChangeView } from '../api/agent-changes';

export const NO_AGENT_CHANGES = 'No AI agent has changed anything as you in the last 24 hours.';

/**
 * Settings → Changes by AI agents: what outside agents connected through MCP (README: "Connect an AI
 * agent") did as the user, each with an Undo that works as the assistant's does.
 */
export function AgentChangesCard() {
  const changes = useQuery(agentChangesQueryOptions());
  const undo = useUndoAgentChange();
  return (
    <Card title="Changes by AI agents">
      <p className="muted">
        What AI agents you connected (Claude Desktop, Cursor or any MCP client) changed as you in the last 24 hours. Undo takes a change back while nobody has
        changed the item since.
      </p>
      {undo.isError ? <Alert>{apiErrorMessage(undo.error, UNDO_AGENT_CHANGE_FAILED)}</Alert> : null}
      {changes.isError ? (
        <LoadError what="the changes made by AI agents" message={LOAD_AGENT_CHANGES_FAILED.replace(/\.$/, '')} error={changes.error} onRetry={() => void changes.refetch()} />
      ) : !changes.data ? (
        <SkeletonLines label="Loading changes by AI agents…" lines={2} />
      ) : changes.data.length === 0 ? (
        <p>{NO_AGENT_CHANGES}</p>
      ) : (
        <ul className="agent-changes">
          {changes.data.map((change) => (
            <AgentChangeRow key={change.token} change={change} undoing={undo.isPending && undo.variables.token === change.token} onUndo={() => undo.mutate(change)} />
          ))}
        </ul>
      )}
    </Card>
  );
}

function AgentChangeRow({ change, undoing, onUndo }: { change: AgentChangeView; undoing: boolean; onUndo: () => void }) {
  return (
    <li className="agent-change">
      <div>
        <p className="agent-change-label">{change.label}</p>
        <p className="muted">
          {change.agentName} · {change.workspaceName ?? 'a workspace you left'} · <time dateTime={change.madeAt}>{timeAgo(change.madeAt, new Date())}</time>
        </p>
      </div>
      {change.undoneMessage !== null ? (
        <span className="muted">{change.undoneMessage}</span>
      ) : change.workspaceName === null ? null : (
        <Button size="sm" loading={undoing} onClick={onUndo} aria-label={`Undo: ${change.label}`}>
          Undo
        </Button>
      )}
    </li>
  );
}
