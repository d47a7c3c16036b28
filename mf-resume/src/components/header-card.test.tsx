import { render, screen, within } from '@testing-library/react';
import { siteConfig } from '@portfolio/contracts/site-config';
import { resume } from '../resume';
import { HeaderCard } from './header-card';

describe('HeaderCard', () => {
  const renderCard = () => {
    render(<HeaderCard headerCard={resume.headerCard} />);
    return screen.getByRole('region', { name: 'Resume header' });
  };

  it('names the owner beside the portrait, with the title and Download Resume', () => {
    const card = renderCard();
    expect(within(card).getByRole('img', { name: `Portrait of ${siteConfig.ownerName}` })).toBeInTheDocument();
    expect(within(card).getByText(siteConfig.ownerName)).toBeInTheDocument();
    expect(within(card).getByText(resume.headerCard.title)).toBeInTheDocument();
    expect(within(card).getByRole('button', { name: resume.headerCard.downloadBtnText })).toBeEnabled();
  });

  it("lists the site's contact address and every profile, profiles opening in a new tab", () => {
    const links = within(renderCard()).getByRole('list', { name: 'Contact and profiles' });
    expect(within(links).getByRole('link', { name: siteConfig.contactTo })).toHaveAttribute(
      'href',
      `mailto:${siteConfig.contactTo}`,
    );
    for (const profile of siteConfig.profiles) {
      const link = within(links).getByRole('link', { name: `${profile.label} profile (opens in a new tab)` });
      expect(link).toHaveAttribute('href', profile.url);
      expect(link).toHaveAttribute('target', '_blank');
      expect(link).toHaveAttribute('rel', 'noopener noreferrer');
    }
    expect(within(links).getAllByRole('listitem')).toHaveLength(siteConfig.profiles.length + 1);
  });

  it('keeps the portrait, the text and the button in this order (the reading order of the row)', () => {
    const card = renderCard();
    const body = card.firstElementChild!;
    const order = [
      within(card).getByRole('img'),
      within(card).getByText(siteConfig.ownerName),
      within(card).getByRole('button'),
    ].map((element) => [...body.querySelectorAll('*')].indexOf(element));
    expect(order).toEqual([...order].sort((a, b) => a - b));
  });
});
