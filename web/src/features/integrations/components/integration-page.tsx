import { useEffect, useRef, type ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { PageHeader } from '@/components/ui/page-header';
import { SettingsSwitches } from '@/components/ui/switch';
import { paths } from '@/config/paths';
import type { IntegrationInfo } from '../data/catalogue';
import './integrations.css';

/** The integration's mark: its initial in a square of its colour (decorative; its name is written beside it). */
export function IntegrationIcon({ integration, size = 'md' }: { integration: IntegrationInfo; size?: 'md' | 'lg' }) {
  return (
    <span className={`integration-icon integration-icon-${size}`} style={{ background: integration.color }} aria-hidden="true">
      {integration.initial}
    </span>
  );
}

/**
 * Connected, or what an unconnected integration is: Available to connect for real, or a Preview (a mock-up
 * that sends and reads nothing; calling it Available promised more than it does).
 */
export function ConnectionBadge({ connected, preview = false }: { connected: boolean; preview?: boolean }) {
  const text = connected ? 'Connected' : preview ? 'Preview' : 'Available';
  return <span className={connected ? 'integration-badge integration-badge-connected' : 'integration-badge'}>{text}</span>;
}

/** A static figure of a stats card ('47 Emails processed'). */
function StatList({ stats }: { stats: readonly { readonly label: string; readonly value: number }[] }) {
  return (
    <dl className="integration-stats">
      {stats.map((stat) => (
        <div key={stat.label} className="integration-stat">
          <dt className="muted">{stat.label}</dt>
          <dd>{stat.value.toLocaleString()}</dd>
        </div>
      ))}
    </dl>
  );
}

/**
 * The frame of an integration page: Back to Integrations, the heading with the connection badge, and for a
 * mock-up the note that it is a preview kept in this browser. Connect and Disconnect swap the content (and
 * the button pressed goes with it): focus then moves to the start of the new content, unless
 * `keepFocusOnChange` (Slack's switch stays where it is).
 */
export function IntegrationPage({
  integration,
  connected,
  keepFocusOnChange = false,
  children,
}: {
  integration: IntegrationInfo;
  connected: boolean;
  keepFocusOnChange?: boolean;
  children: ReactNode;
}) {
  const contentRef = useRef<HTMLDivElement>(null);
  const shownConnected = useRef(connected);
  useEffect(() => {
    if (shownConnected.current === connected) return;
    shownConnected.current = connected;
    if (!keepFocusOnChange) contentRef.current?.focus();
  }, [connected, keepFocusOnChange]);

  return (
    <>
      <Link to={paths.app.integrations.getHref()} className="integration-back link-subtle">
        <span aria-hidden="true">← </span>Back to Integrations
      </Link>
      <div className="integration-page-header">
        <IntegrationIcon integration={integration} size="lg" />
        <PageHeader title={integration.name} description={integration.description} actions={<ConnectionBadge connected={connected} preview={integration.preview} />} />
      </div>
      {integration.preview ? (
        <p className="integration-preview-note">
          <strong>Preview.</strong> This integration is a mock-up: nothing is sent to or read from {integration.name}. Its settings and sample data are kept
          in this browser only.
        </p>
      ) : null}
      <div ref={contentRef} tabIndex={-1} role="region" className="integration-content" aria-label={`${integration.name} ${connected ? 'settings' : 'connection'}`}>
        {children}
      </div>
    </>
  );
}

/** The cards every mock integration ends with: its switches, its figures, and Disconnect (after any extra action). */
export function IntegrationSettingsCards<K extends string, S extends { readonly settings: Readonly<Record<K, boolean>> }>({
  state,
  update,
  labels,
  statsTitle,
  stats,
  accountActions,
  onDisconnect,
}: {
  /** The mock-up's stored state and its update (a switch writes one key of `settings`). */
  state: S;
  update: (change: (current: S) => S) => void;
  labels: Readonly<Record<K, { label: string; description: string }>>;
  statsTitle: string;
  stats: readonly { readonly label: string; readonly value: number }[];
  accountActions?: ReactNode;
  onDisconnect: () => void;
}) {
  return (
    <>
      <Card title="Settings">
        <SettingsSwitches
          settings={state.settings}
          labels={labels}
          onChange={(key, checked) => update((current) => ({ ...current, settings: { ...current.settings, [key]: checked } }))}
        />
      </Card>
      <Card title={statsTitle}>
        <StatList stats={stats} />
      </Card>
      <Card title="Account">
        <div className="integration-actions">
          {accountActions}
          <Button variant="danger" onClick={onDisconnect}>
            Disconnect
          </Button>
        </div>
      </Card>
    </>
  );
}

/** 'Requested permissions': what a real connection would ask the provider for, and any note under it. */
export function PermissionsCard({ permissions, children }: { permissions: readonly { readonly name: string; readonly detail: string }[]; children?: ReactNode }) {
  return (
    <Card title="Requested permissions">
      <ul className="integration-permissions">
        {permissions.map((permission) => (
          <li key={permission.name}>
            <strong>{permission.name}</strong> <span className="muted">— {permission.detail}</span>
          </li>
        ))}
      </ul>
      {children}
    </Card>
  );
}
