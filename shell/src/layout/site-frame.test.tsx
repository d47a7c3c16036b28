import { render, screen, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from '@portfolio/router/testing';
import { siteConfig } from '@portfolio/contracts/site-config';
import { profileMark } from './profile-mark';
import { SiteFrame } from './site-frame';

/** The frame around a page at `path`, as the shell's layout route draws it. */
function renderFrame(path: string) {
  const router = createMemoryRouter([{ path: '*', element: <SiteFrame>page</SiteFrame> }], {
    initialEntries: [path],
  });
  render(<RouterProvider router={router} />);
}

// what the frame says and links to; that it surrounds every route, and how big its marks are drawn, is
// e2e/tests/frame.spec.ts's
describe('the site frame', () => {
  it("links home under the owner's name and to each section", () => {
    renderFrame('/');
    const header = screen.getByRole('banner');
    expect(within(header).getByRole('link', { name: siteConfig.ownerName })).toHaveAttribute('href', '/');
    for (const section of ['About', 'Projects', 'Resume'])
      expect(within(header).getByRole('link', { name: section })).toHaveAttribute('href', `/${section.toLowerCase()}`);
  });

  it('marks the current section', () => {
    renderFrame('/projects/project/2');
    const header = screen.getByRole('banner');
    expect(within(header).getByRole('link', { name: 'Projects' })).toHaveAttribute('aria-current', 'page');
    expect(within(header).getByRole('link', { name: 'About' })).not.toHaveAttribute('aria-current');
  });

  it("opens each of the owner's profiles in a new tab, under its brand's mark or its kind's", () => {
    renderFrame('/');
    const header = screen.getByRole('banner');
    expect(siteConfig.profiles.length).toBeGreaterThan(0);
    for (const profile of siteConfig.profiles) {
      const link = within(header).getByRole('link', { name: `${profile.label} profile (opens in a new tab)` });
      expect(link).toHaveAttribute('href', profile.url);
      expect(link).toHaveAttribute('target', '_blank');
      expect(link).toHaveAttribute('rel', 'noopener noreferrer');
      // a mark a visitor recognises: the brand's own where the link goes to GitHub or LinkedIn
      const host = new URL(profile.url).hostname;
      const brand = ['github', 'linkedin'].find((name) => host === `${name}.com` || host.endsWith(`.${name}.com`));
      expect(profileMark(profile)).toBe(brand ?? profile.kind);
      expect(link.querySelector('svg[aria-hidden="true"]')).toHaveAttribute('data-mark', brand ?? profile.kind);
    }
  });

  it("ends with this year's copyright, the stack and the owner's faint login link", () => {
    renderFrame('/about');
    const footer = screen.getByRole('contentinfo');
    expect(footer).toHaveTextContent(`© ${new Date().getFullYear()} ${siteConfig.ownerName}`);
    expect(footer).toHaveTextContent('Built with React.');
    expect(within(footer).getByRole('link', { name: 'login' })).toHaveAttribute('href', siteConfig.loginUrl);
    expect(screen.getByRole('main')).toHaveTextContent('page');
  });
});
