import { useRef, useState, type KeyboardEvent } from 'react';
import { Link } from 'react-router-dom';
import { BrandLink } from '@/components/ui/brand';
import { CloseIcon, MenuIcon, MoonIcon, SunIcon } from '@/components/ui/icons';
import { paths } from '@/config/paths';
import { useTheme } from '@/lib/theme-provider';

const sections = [
  { href: paths.landing.features, label: 'Features' },
  { href: paths.landing.integrations, label: 'Integrations' },
  { href: paths.landing.ai, label: 'AI' },
  { href: paths.landing.pricing, label: 'Pricing' },
] as const;

/** Sign in and Get Started: beside the theme toggle on wide screens, under the section links in the mobile menu. */
function AccountLinks({ inMobileMenu = false }: { inMobileMenu?: boolean }) {
  const placement = inMobileMenu ? '' : ' landing-desktop-only';
  return (
    <>
      <Link to={paths.auth.login.getHref()} className={`btn ${inMobileMenu ? 'btn-secondary' : 'btn-ghost'}${placement}`}>
        Sign in
      </Link>
      <Link to={paths.auth.register.getHref()} className={`btn btn-primary${placement}`}>
        Get Started
      </Link>
    </>
  );
}

export function LandingTopBar() {
  const { resolved, setPreference } = useTheme();
  const [menuOpen, setMenuOpen] = useState(false);
  const menuButton = useRef<HTMLButtonElement>(null);
  const dark = resolved === 'dark';
  // Escape closes the phone menu and gives focus back to its button.
  const closeOnEscape = (event: KeyboardEvent) => {
    if (event.key !== 'Escape' || !menuOpen) return;
    setMenuOpen(false);
    menuButton.current?.focus();
  };

  const links = (onNavigate?: () => void) =>
    sections.map((section) => (
      <a key={section.href} href={section.href} className="landing-nav-link" onClick={onNavigate}>
        {section.label}
      </a>
    ));

  return (
    // eslint-disable-next-line jsx-a11y-x/no-static-element-interactions -- Escape anywhere in the top bar closes its open menu; the bar itself takes no focus
    <header className="landing-top-bar" onKeyDown={closeOnEscape}>
      <div className="landing-container landing-top-bar-inner">
        <BrandLink to={paths.home.getHref()} />
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
          <AccountLinks />
          <button
            ref={menuButton}
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
          <AccountLinks inMobileMenu />
        </nav>
      ) : null}
    </header>
  );
}
