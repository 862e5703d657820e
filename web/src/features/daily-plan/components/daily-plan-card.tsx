import { Link } from 'react-router-dom';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { TextAreaField } from '@/components/ui/form-fields';
import { paths } from '@/config/paths';
import { apiErrorMessage } from '@/lib/api-client';
import { PLAN_DAY_FAILED, useDailyPlan, type ArchivedProjectIds } from '../hooks/use-daily-plan';
import './daily-plan.css';

/**
 * Today's Plan: the local daily plan (spec core §9) as time blocks from 09:00 — the user's top 5 open tasks
 * (theirs and the team's unassigned ones due this week) — with a tick per block and notes, kept in this
 * browser. One of the dashboard's two further cards.
 */
export function DailyPlanCard({ workspaceId, userId, today, archivedProjectIds }: { workspaceId: string; userId: string; today: string; archivedProjectIds: ArchivedProjectIds }) {
  const { plan, generate, toggleBlock, setNotes } = useDailyPlan(workspaceId, userId, today, archivedProjectIds);
  const planButton = (
    <Button variant={plan ? 'ghost' : 'primary'} size="sm" loading={generate.isPending} onClick={() => generate.mutate()}>
      {plan ? 'Replan' : 'Plan My Day'}
    </Button>
  );
  return (
    <Card title="Today's Plan" actions={plan ? planButton : null}>
      {generate.isError ? <Alert>{apiErrorMessage(generate.error, PLAN_DAY_FAILED)}</Alert> : null}
      {!plan ? (
        <div className="daily-plan-empty">
          <p className="muted">Time blocks from 09:00 for your five most important open tasks.</p>
          {planButton}
        </div>
      ) : plan.timeBlocks.length === 0 ? (
        <p className="muted">No open tasks to plan: nothing is assigned to you or due this week.</p>
      ) : (
        <ol className="daily-plan-blocks">
          {plan.timeBlocks.map((block) => (
            <li key={block.id} className={block.completed ? 'daily-plan-block is-done' : 'daily-plan-block'}>
              <input id={`block-${block.id}`} type="checkbox" checked={block.completed} onChange={() => toggleBlock(block.id)} />
              <label htmlFor={`block-${block.id}`}>
                <span className="daily-plan-time">
                  {block.startTime}–{block.endTime}
                </span>{' '}
                {block.title}
              </label>
              <Link to={paths.app.projectTask.getHref(block.projectId, block.taskId)} className="btn btn-ghost btn-sm" aria-label={`Open ${block.title}`}>
                Open
              </Link>
            </li>
          ))}
        </ol>
      )}
      {plan ? <TextAreaField label="Notes" rows={2} value={plan.notes} onChange={(event) => setNotes(event.target.value)} /> : null}
    </Card>
  );
}
