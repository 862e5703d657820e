import { useEffect, useState } from 'react';
import { Link } from 'react-router-dom';
import { ArrowRightIcon } from '@/components/ui/icons';
import { paths } from '@/config/paths';

/** A value that shows a dash, then its figure after `delayMs` (spec: 1 s and 1.5 s). */
function useRevealedValue(value: string, delayMs: number): string {
  const [shown, setShown] = useState('—');
  useEffect(() => {
    const timer = window.setTimeout(() => setShown(value), delayMs);
    return () => window.clearTimeout(timer);
  }, [value, delayMs]);
  return shown;
}

export function Hero() {
  const timeSaved = useRevealedValue('60% less', 1000);
  const teams = useRevealedValue('2,400+', 1500);
  return (
    <section className="landing-hero" aria-labelledby="hero-title">
      <div className="landing-container">
        <p className="landing-eyebrow">Projects, tasks and an AI assistant in one place</p>
        <h1 id="hero-title" className="landing-hero-title">
          Spend your time on the work, not on coordinating it.
        </h1>
        <p className="landing-lead">
          TaskFlow brings your team's projects, tasks, notes and calendar into shared workspaces, with an assistant that plans the week for
          you.
        </p>
        <div className="landing-cta">
          <Link to={paths.auth.register.getHref()} className="btn btn-primary btn-lg">
            Start free trial <ArrowRightIcon />
          </Link>
          <a href={paths.landing.features} className="btn btn-secondary btn-lg">
            See features
          </a>
        </div>
        <p className="mobile-phone-link">
          <Link to={paths.mobile.home.getHref()}>On a phone? Open the mobile layout</Link>
        </p>
        <dl className="landing-stats">
          <div className="landing-stat">
            <dt>Coordination time</dt>
            <dd className="landing-stat-value">
              {timeSaved}
            </dd>
          </div>
          <div className="landing-stat">
            <dt>Teams on board</dt>
            <dd className="landing-stat-value">
              {teams}
            </dd>
          </div>
          <div className="landing-stat">
            <dt>Free trial</dt>
            <dd className="landing-stat-value">14 days</dd>
          </div>
        </dl>
      </div>
    </section>
  );
}
