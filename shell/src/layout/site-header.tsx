import { Link, NavLink } from '@portfolio/router';
import { remotes } from '@portfolio/parts';
import { siteConfig } from '@portfolio/contracts/site-config';
import { preloadRemote } from '../federation/load-remote-routes';
import { ProfileIcon } from './profile-icon';
import { profileMark } from './profile-mark';

/** The header's section links: every section of the parts manifest that has one (home has the owner's name). */
const sections = remotes.flatMap((remote) =>
  remote.nav ? [{ to: remote.path, label: remote.nav, remote: remote.name }] : [],
);

export function SiteHeader() {
  return (
    <header className="site-header">
      <nav className="container site-nav" aria-label="Main">
        <Link
          to="/"
          viewTransition
          className="site-owner"
          onMouseEnter={() => preloadRemote('home')}
          onFocus={() => preloadRemote('home')}
        >
          {siteConfig.ownerName}
        </Link>
        <ul>
          {sections.map(({ to, label, remote }) => {
            const preload = () => preloadRemote(remote);
            return (
              <li key={to}>
                <NavLink
                  to={to}
                  viewTransition
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
                <ProfileIcon mark={profileMark(profile)} />
              </a>
            </li>
          ))}
        </ul>
      </nav>
    </header>
  );
}
