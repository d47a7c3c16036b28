import { siteConfig } from '@portfolio/contracts/site-config';

export function SiteFooter() {
  return (
    <footer className="site-footer">
      <div className="container">
        <p className="mb-1">
          © {new Date().getFullYear()} {siteConfig.ownerName}
        </p>
        <p className="mb-1">Built with React.</p>
        <a className="site-login-link" href={siteConfig.loginUrl}>
          login
        </a>
      </div>
    </footer>
  );
}
