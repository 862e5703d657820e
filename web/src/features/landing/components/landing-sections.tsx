import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { CalendarIcon, CheckIcon, CheckSquareIcon, DashboardIcon, FolderIcon, LinkIcon, NoteIcon, SparklesIcon } from '@/components/ui/icons';
import { paths } from '@/config/paths';

/** A landing section in the page's container: its h2 (which names the section) and an optional lead line under it. */
function LandingSection({
  id,
  titleId,
  title,
  lead,
  alt = false,
  children,
}: {
  /** The anchor the top bar's links go to. */
  id?: string;
  titleId: string;
  title: ReactNode;
  lead?: ReactNode;
  /** On the subtle background, between borders. */
  alt?: boolean;
  children: ReactNode;
}) {
  return (
    <section id={id} className={alt ? 'landing-section landing-section-alt' : 'landing-section'} aria-labelledby={titleId}>
      <div className="landing-container">
        <h2 id={titleId} className="landing-section-title">
          {title}
        </h2>
        {lead ? <p className="landing-section-lead">{lead}</p> : null}
        {children}
      </div>
    </section>
  );
}

export function Comparison() {
  return (
    <LandingSection titleId="comparison-title" title="Before and after TaskFlow">
      <div className="comparison">
        <div className="comparison-card comparison-before">
          <h3>Before</h3>
          <ul>
            <li>Status meetings to find out who does what</li>
            <li>Tasks scattered over chats, mails and documents</li>
            <li>Deadlines discovered the day they pass</li>
          </ul>
        </div>
        <div className="comparison-card comparison-after">
          <h3>After</h3>
          <ul>
            <li>Every project's progress on one dashboard</li>
            <li>One board per project, shared by the whole team</li>
            <li>A weekly plan that puts due dates where they fit</li>
          </ul>
        </div>
      </div>
    </LandingSection>
  );
}

const features = [
  { icon: FolderIcon, title: 'Projects', text: 'Colours, deadlines, priorities and favourites, with progress at a glance.' },
  { icon: CheckSquareIcon, title: 'Tasks and boards', text: 'Kanban boards with drag and drop, due dates, estimates and assignees.' },
  { icon: DashboardIcon, title: 'Dashboards', text: 'Completion, overdue work and team workload, updated live.' },
  { icon: CalendarIcon, title: 'Calendar and focus', text: 'A month view of due dates and a pomodoro timer for deep work.' },
  { icon: NoteIcon, title: 'Notes', text: 'Markdown notes beside the project they belong to.' },
  { icon: LinkIcon, title: 'Links', text: 'Your team’s bookmarks, grouped by category.' },
] as const;

export function Features() {
  return (
    <LandingSection id="features" titleId="features-title" title="Everything a team needs to ship">
      <ul className="feature-grid">
        {features.map(({ icon: Icon, title, text }) => (
          <li key={title} className="feature-card">
            <span className="feature-icon">
              <Icon />
            </span>
            <h3>{title}</h3>
            <p>{text}</p>
          </li>
        ))}
      </ul>
    </LandingSection>
  );
}

/** The six feature groups (spec core §2 Landing page), each a few concrete capabilities. */
const featureGroups = [
  { title: 'Plan', points: ['Projects with deadlines, priorities and preferred working days', 'Milestones on a timeline', 'A weekly plan that explains each date'] },
  { title: 'Track', points: ['Boards with To Do, In Progress and Completed', 'Overdue and due-today at a glance', 'Progress per project, live'] },
  { title: 'Collaborate', points: ['Workspaces with owners, admins and members', 'Invitations by e-mail', 'Team activity and workload'] },
  { title: 'Focus', points: ['A pomodoro timer with breaks', "Today's plan in time blocks", 'One Focus click puts a task on today'] },
  { title: 'Ask the assistant', points: ['Create and update tasks in plain words', 'Find what is due or overdue', 'Undo anything it did'] },
  { title: 'Organize knowledge', points: ['Markdown notes per project', 'Shared links by category', 'Search across tasks, notes and links'] },
] as const;

export function FeatureGroups() {
  return (
    <LandingSection titleId="feature-groups-title" title="Built for the whole week">
      <div className="feature-groups">
        {featureGroups.map((group) => (
          <section key={group.title} className="feature-group" aria-label={group.title}>
            <h3>{group.title}</h3>
            <ul>
              {group.points.map((point) => (
                <li key={point}>{point}</li>
              ))}
            </ul>
          </section>
        ))}
      </div>
    </LandingSection>
  );
}

const integrations = ['Google Calendar', 'Gmail', 'Slack', 'GitHub', 'Fireflies'] as const;

export function Integrations() {
  return (
    <LandingSection
      id="integrations"
      titleId="integrations-title"
      title="Works with your tools"
      lead="Sync due dates with your calendar and bring work in from the tools your team already uses."
      alt
    >
      <ul className="integration-list">
        {integrations.map((name) => (
          <li key={name} className="integration-chip">
            {name}
          </li>
        ))}
      </ul>
    </LandingSection>
  );
}

export function AiSection() {
  return (
    <section id="ai" className="landing-section" aria-labelledby="ai-title">
      <div className="landing-container landing-split">
        <div>
          <h2 id="ai-title" className="landing-section-title">
            An assistant that does the busywork
          </h2>
          <p className="landing-section-lead">Ask in plain words. The assistant creates and updates tasks for you, and plans your week.</p>
          <ul className="check-list">
            <li>
              <CheckIcon /> Creates tasks with priority, estimate and due date
            </li>
            <li>
              <CheckIcon /> Answers “what is overdue?” across all projects
            </li>
            <li>
              <CheckIcon /> Generates a weekly plan around your focus projects
            </li>
          </ul>
        </div>
        <figure className="ai-sample" aria-label="Example conversation">
          <p className="ai-bubble ai-bubble-user">Add a high priority task “Write spec” to Apollo, due Friday, 90 min</p>
          <p className="ai-bubble ai-bubble-assistant">
            <SparklesIcon /> Done: “Write spec” is in Apollo, due Friday, 1.5 h, high priority.
          </p>
        </figure>
      </div>
    </section>
  );
}

const plans = [
  {
    name: 'Starter',
    price: '$12',
    features: ['Up to 10 team members', 'Unlimited projects', 'Basic AI assistant', '3 integrations', '30-day history'],
    highlighted: false,
  },
  {
    name: 'Pro',
    price: '$29',
    features: ['Unlimited members', 'Advanced AI assistant', 'All integrations', 'Unlimited history', 'Priority support', 'Advanced analytics'],
    highlighted: true,
  },
] as const;

export function Pricing() {
  return (
    <LandingSection id="pricing" titleId="pricing-title" title="Simple pricing" lead="Every plan starts with a 14-day free trial." alt>
      <div className="pricing-grid">
        {plans.map((plan) => (
          <article key={plan.name} className={`pricing-card${plan.highlighted ? ' pricing-card-highlighted' : ''}`} aria-labelledby={`plan-${plan.name}`}>
            <h3 id={`plan-${plan.name}`}>{plan.name}</h3>
            <p className="pricing-price">
              <span className="pricing-amount">{plan.price}</span> <span className="muted">/user/month</span>
            </p>
            <ul className="check-list">
              {plan.features.map((feature) => (
                <li key={feature}>
                  <CheckIcon /> {feature}
                </li>
              ))}
            </ul>
            <Link to={paths.auth.register.getHref()} className={`btn btn-block ${plan.highlighted ? 'btn-primary' : 'btn-secondary'}`}>
              Start 14-day free trial
            </Link>
          </article>
        ))}
      </div>
    </LandingSection>
  );
}

export function LandingFooter() {
  return (
    <footer className="landing-footer">
      <div className="landing-container landing-footer-grid">
        <div>
          <h2 className="landing-footer-title">Product</h2>
          <ul>
            <li>
              <a href={paths.landing.features}>Features</a>
            </li>
            <li>
              <a href={paths.landing.integrations}>Integrations</a>
            </li>
            <li>
              <a href={paths.landing.ai}>AI</a>
            </li>
            <li>
              <a href={paths.landing.pricing}>Pricing</a>
            </li>
          </ul>
        </div>
        <div>
          <h2 className="landing-footer-title">Company</h2>
          <p className="muted">TaskFlow is built for teams who would rather ship than sync.</p>
        </div>
        <div>
          <h2 className="landing-footer-title">Stay in the loop</h2>
          <form className="newsletter" onSubmit={(event) => event.preventDefault()}>
            <label htmlFor="newsletter-email">Email address</label>
            <div className="newsletter-row">
              <input id="newsletter-email" className="input" type="email" name="email" required autoComplete="email" placeholder="you@company.com" />
              <button type="submit" className="btn btn-primary">
                Subscribe
              </button>
            </div>
          </form>
        </div>
      </div>
      <p className="landing-container landing-copyright muted">© {new Date().getFullYear()} TaskFlow</p>
    </footer>
  );
}
