import { Link } from 'react-router-dom';
import { LogoIcon } from './icons';
import './brand.css';

/** The logo and name, a link (home from the landing and auth pages, the dashboard in the app). */
export function BrandLink({ to, className }: { to: string; className?: string }) {
  return (
    <Link to={to} className={['brand', className].filter(Boolean).join(' ')}>
      <LogoIcon />
      <span>TaskFlow</span>
    </Link>
  );
}
