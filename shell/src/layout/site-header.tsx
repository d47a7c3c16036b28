import { Link, NavLink } from '@portfolio/router';
import type { RemoteName } from '@portfolio/contracts/remote-routes';
import { siteConfig } from '@portfolio/contracts/site-config';
import { preloadRemote } from '../federation/load-remote-routes';
import { ProfileIcon } from './profile-icon';

const sections: ReadonlyArray<{ to: string; label: string; remote: RemoteName }> = [
  { to: '/about', label: 'About', remote: 'about' },
  { to: '/projects', label: 'Projects', remote: 'projects' },
  { to: '/resume', label: 'Resume', remote: 'resume' },
];

export function SiteHeader() {
  return (
    <header className="site-header">
      <nav className="container site-nav" aria-label="Main">
        <Link
          to="/"
          className="site-owner"
          onMouseEnter={() => preloadRemote('home')}
          onFocus={() => preloadRemote('home')}
        >
          {siteConfig.ownerName}
        </Link>
        <ul className="site-sections">
          {sections.map(({ to, label, remote }) => {
            const preload = () => preloadRemote(remote);
            return (
              <li key={to}>
                <NavLink
                  to={to}
                  className="site-section-link"
                  onMouseEnter={preload}
                  onFocus={preload}
                  onTouchStart={preload}
                >
                  {label}
                </NavLink>
              </li>
            );
          })}
        </ul>
        <ul className="site-profiles">
          {siteConfig.profiles.map((profile) => (
            <li key={profile.url}>
              <a
                href={profile.url}
                target="_blank"
                rel="noopener noreferrer"
                className="site-profile-link"
                aria-label={`${profile.label} profile (opens in a new tab)`}
                title={profile.label}
              >
                <ProfileIcon kind={profile.kind} />
              </a>
            </li>
          ))}
        </ul>
      </nav>
    </header>
  );
}
