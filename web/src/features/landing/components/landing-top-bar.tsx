import { useState } from 'react';
import { Link } from 'react-router-dom';
import { CloseIcon, LogoIcon, MenuIcon, MoonIcon, SunIcon } from '../../../components/ui/icons';
import { paths } from '../../../config/paths';
import { useTheme } from '../../../lib/theme-provider';

const sections = [
  { href: paths.landing.features, label: 'Features' },
  { href: paths.landing.integrations, label: 'Integrations' },
  { href: paths.landing.ai, label: 'AI' },
  { href: paths.landing.pricing, label: 'Pricing' },
] as const;

export function LandingTopBar() {
  const { resolved, setPreference } = useTheme();
  const [menuOpen, setMenuOpen] = useState(false);
  const dark = resolved === 'dark';

  const links = (onNavigate?: () => void) =>
    sections.map((section) => (
      <a key={section.href} href={section.href} className="landing-nav-link" onClick={onNavigate}>
        {section.label}
      </a>
    ));

  return (
    <header className="landing-top-bar">
      <div className="landing-container landing-top-bar-inner">
        <Link to={paths.home.getHref()} className="brand">
          <LogoIcon />
          <span>TaskFlow</span>
        </Link>
        <nav aria-label="Sections" className="landing-nav">
          {links()}
        </nav>
        <div className="landing-actions">
          <button
            type="button"
            className="btn btn-ghost btn-icon"
            aria-label="Dark mode"
            aria-pressed={dark}
            title={dark ? 'Switch to light mode' : 'Switch to dark mode'}
            onClick={() => setPreference(dark ? 'light' : 'dark')}
          >
            {dark ? <SunIcon /> : <MoonIcon />}
          </button>
          <Link to={paths.auth.login.getHref()} className="btn btn-ghost landing-desktop-only">
            Sign in
          </Link>
          <Link to={paths.auth.register.getHref()} className="btn btn-primary landing-desktop-only">
            Get Started
          </Link>
          <button
            type="button"
            className="btn btn-ghost btn-icon landing-mobile-only"
            aria-label="Menu"
            aria-expanded={menuOpen}
            aria-controls="landing-mobile-menu"
            onClick={() => setMenuOpen((open) => !open)}
          >
            {menuOpen ? <CloseIcon /> : <MenuIcon />}
          </button>
        </div>
      </div>
      {menuOpen ? (
        <nav id="landing-mobile-menu" aria-label="Mobile" className="landing-mobile-menu landing-mobile-only">
          {links(() => setMenuOpen(false))}
          <Link to={paths.auth.login.getHref()} className="btn btn-secondary">
            Sign in
          </Link>
          <Link to={paths.auth.register.getHref()} className="btn btn-primary">
            Get Started
          </Link>
        </nav>
      ) : null}
    </header>
  );
}
