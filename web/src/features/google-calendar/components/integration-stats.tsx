import type { GoogleAccountView } from '@shared/schemas/google-calendar';
import { Card } from '@/components/ui/card';

/** Integration Stats (spec pages §2): connected accounts, available calendars, enabled calendars. */
export function IntegrationStats({ accounts }: { accounts: readonly GoogleAccountView[] }) {
  const calendars = accounts.flatMap((account) => account.calendars);
  const stats = [
    { label: 'Connected accounts', value: accounts.length },
    { label: 'Available calendars', value: calendars.length },
    { label: 'Enabled calendars', value: calendars.filter((calendar) => calendar.enabled).length },
  ];
  return (
    <Card title="Integration Stats">
      <dl className="google-stats">
        {stats.map((stat) => (
          <div key={stat.label}>
            <dt className="muted">{stat.label}</dt>
            <dd>{stat.value}</dd>
          </div>
        ))}
      </dl>
    </Card>
  );
}
