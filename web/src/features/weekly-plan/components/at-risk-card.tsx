import { Link } from 'react-router-dom';
import { splitEstimate } from '@shared/rules/task-split';
import type { TaskView } from '@shared/schemas/project';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { LoadError } from '@/components/ui/load-error';
import { SkeletonLines } from '@/components/ui/skeleton';
import { paths } from '@/config/paths';
import { readFailure } from '@/lib/load-failure';
import { LabelChips } from '@/features/labels';
import { useWorkspaceMembers } from '@/features/members';
import { useAtRiskFixes } from '../api/at-risk-fixes';
import { useSavedWeeklyPlan, useWeekTasks } from '../api/weekly-plan';
import { atRiskItems } from '../utils/at-risk';
import type { PlanProject } from '../utils/plan-days';
import './at-risk.css';

/**
 * "At risk" on the dashboard (issue 31): what the last weekly plan could not keep safe — work that will be
 * late, a day over someone's capacity, a chain of blockers whose end is late, work due this week with no
 * room — each with why (and its labels), and fixes: move to next week, reassign to a member with room, split the estimate.
 */
export function AtRiskCard({ workspaceId, today, projects }: { workspaceId: string; today: string; projects: readonly PlanProject[] | undefined }) {
  const week = useWeekTasks(workspaceId, today);
  const fixes = useAtRiskFixes(workspaceId, today);
  const saved = useSavedWeeklyPlan(workspaceId);
  const members = useWorkspaceMembers(workspaceId);
  const failure = readFailure(week) ?? readFailure(saved);
  const items = atRiskItems(week.data?.tasks ?? [], saved.data, today);
  const projectName = (task: TaskView) => projects?.find((project) => project.id === task.projectId)?.name;
  const memberName = (userId: string) => members.data?.find((member) => member.userId === userId)?.displayName;

  return (
    <Card className="at-risk" title="At risk">
      {failure ? (
        <LoadError what="what is at risk" error={failure.error} onRetry={() => void Promise.all([week.refetch(), saved.refetch()])} />
      ) : !week.data || saved.isPending ? (
        <SkeletonLines label="Loading what is at risk…" lines={3} />
      ) : !saved.data ? (
        <p className="muted">Generate a weekly plan to see which deadlines are at risk.</p>
      ) : items.length === 0 ? (
        <p className="muted">Nothing at risk: the plan keeps every deadline this week.</p>
      ) : (
        <ul className="at-risk-list">
          {items.map(({ task, text, roomWith }) => {
            const helper = roomWith ? memberName(roomWith) : undefined;
            return (
              <li key={task.id}>
                <div className="at-risk-what">
                  <Link to={paths.app.projectTask.getHref(task.projectId, task.id)}>{task.title}</Link>
                  {projectName(task) ? <span className="muted"> · {projectName(task)}</span> : null}
                  {/* Only a row with labels watches the workspace's labels. */}
                  {task.labelIds?.length ? <LabelChips labelIds={task.labelIds} /> : null}
                  <p className="at-risk-why">{text}</p>
                </div>
                <div className="at-risk-fixes">
                  <Button size="sm" variant="ghost" aria-label={`Move ${task.title} to next week`} onClick={() => fixes.onMoveToNextWeek(task)}>
                    Move to next week
                  </Button>
                  {roomWith && helper ? (
                    <Button size="sm" variant="ghost" aria-label={`Reassign ${task.title} to ${helper}`} onClick={() => fixes.onReassign(task, roomWith)}>
                      Reassign to {helper}
                    </Button>
                  ) : null}
                  {splitEstimate(task.timeEstimate) ? (
                    <Button size="sm" variant="ghost" aria-label={`Split ${task.title} in two`} onClick={() => fixes.onSplit(task)}>
                      Split
                    </Button>
                  ) : null}
                </div>
              </li>
            );
          })}
        </ul>
      )}
    </Card>
  );
}
