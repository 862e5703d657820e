import { Link, useLocation } from 'react-router-dom';
import { Card } from '@/components/ui/card';
import { PageHeader } from '@/components/ui/page-header';
import { paths } from '@/config/paths';
import { LabelsCard } from '@/features/labels/components/labels-card';
import { MembersSection } from '@/features/members/components/members-section';
import { canDeleteWorkspace, canManageMembers } from '@/features/members/utils/permissions';
import { ExportPanel } from '@/features/exports';
import { IMPORT_OWNERS_ONLY } from '@/features/imports';
import { WorkspaceApiTokensCard } from '@/features/settings/components/api-tokens-card';
import {
  ApiTokenAccessSetting,
  AutoPlanSetting,
  BlockersSetting,
  NonExpiringTokensSetting,
  TwoFactorRequirementSetting,
} from '@/features/workspaces/components/workspace-switch-settings';
import { WebhooksCard } from '@/features/webhooks/components/webhooks-card';
import { DangerZone } from '@/features/workspaces/components/danger-zone';
import { WorkspaceDetails } from '@/features/workspaces/components/workspace-details';
import { useAuth } from '@/lib/auth';
import { getConfig } from '@/lib/config';
import { useCurrentWorkspace } from '@/lib/current-workspace';

/** Workspace Settings (spec core §2): details, the automatic weekly plan, dependencies, two-factor sign-in for owners and admins, API tokens, webhooks, labels, the Trash's link, Export and Import's link (owners and admins), Team Members with invitations, and the owner's Danger Zone. */
export function WorkspaceSettingsRoute() {
  const { currentWorkspace } = useCurrentWorkspace();
  const { user } = useAuth();
  // The outbox is the local stack's stand-in for SES: deployed, mail really goes out and there is none.
  const { stage, outboxUrl } = getConfig();
  const onPhone = useLocation().pathname.startsWith(paths.mobile.home.getHref());

  return (
    <div className="page page-narrow">
      <PageHeader title="Workspace Settings" />
      <WorkspaceDetails />
      {currentWorkspace && user ? (
        <>
          <AutoPlanSetting workspace={currentWorkspace} />
          <BlockersSetting workspace={currentWorkspace} />
          <TwoFactorRequirementSetting workspace={currentWorkspace} />
          <ApiTokenAccessSetting workspace={currentWorkspace} />
          <NonExpiringTokensSetting workspace={currentWorkspace} />
          <WorkspaceApiTokensCard workspace={currentWorkspace} />
          <WebhooksCard workspace={currentWorkspace} />
          <LabelsCard workspace={currentWorkspace} />
          <Card title="Trash">
            <p className="muted">Deleted projects, tasks, notes and links wait 30 days in the Trash before they are deleted for good.</p>
            <Link to={onPhone ? paths.mobile.trash.getHref() : paths.app.trash.getHref()}>Open Trash</Link>
          </Card>
          {canManageMembers(currentWorkspace.role) ? (
            <ExportPanel
              key={currentWorkspace.id}
              target={{ kind: 'workspace', workspaceId: currentWorkspace.id }}
              title="Export"
              description="Everything in this workspace (projects, tasks, milestones, notes, links, labels, comments, members and the file list) as one JSON file and a CSV per kind. It is built in the background; we e-mail you when it is ready, and its files are kept 7 days."
              buttonLabel="Export workspace"
            />
          ) : null}
          <Card title="Import">
            <p className="muted">Projects and tasks from Trello, Todoist, Asana, any CSV or a TaskFlow export, checked before anything is imported.</p>
            {canManageMembers(currentWorkspace.role) ? (
              <Link to={onPhone ? paths.mobile.import.getHref() : paths.app.import.getHref()}>Open Import</Link>
            ) : (
              <p className="muted">{IMPORT_OWNERS_ONLY}</p>
            )}
          </Card>
          <MembersSection
            key={currentWorkspace.id}
            workspace={currentWorkspace}
            viewer={{ userId: user.id, email: user.email }}
            outboxUrl={stage === 'local' ? outboxUrl : undefined}
          />
          {canDeleteWorkspace(currentWorkspace.role) ? <DangerZone workspace={currentWorkspace} /> : null}
        </>
      ) : null}
    </div>
  );
}
