import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MarkdownText } from '@portfolio/ui/markdown';
import { about } from '../about';
import photoDescriptions from '../content/photo-descriptions.json';
import { loadGalleryPhotos } from '../gallery-photos';
import { AboutView } from './about-page';
import { aboutText } from '../about-text';

async function renderAbout() {
  // what the route's loader does before the page renders
  await aboutText.load();
  const galleryPhotos = await loadGalleryPhotos(about.basics.galleryPhotoList);
  return render(<AboutView about={about} galleryPhotos={galleryPhotos} />);
}

/** What the site's markdown renderer makes of a text, to compare a page with. */
const renderedMarkdown = (markdown: string) =>
  render(<MarkdownText>{markdown}</MarkdownText>).container.querySelector('.md-body')?.innerHTML;

const itemsOf = (region: HTMLElement) =>
  within(region)
    .getAllByRole('listitem')
    .map((item) => item.textContent);

describe('the About page', () => {
  it('shows the heading, the markdown intro and the gallery of 13 photos', async () => {
    const page = await renderAbout();
    expect(screen.getByRole('heading', { level: 1, name: 'About Me' })).toBeInTheDocument();
    expect(page.container.querySelector('.md-body')?.innerHTML).toBe(renderedMarkdown(about.basics.intro));
    const gallery = screen.getByRole('region', { name: 'Favorite Photos' });
    expect(gallery.querySelectorAll('[aria-roledescription="slide"]')).toHaveLength(13);
    const descriptions: Record<string, string> = photoDescriptions;
    for (const photo of about.basics.galleryPhotoList) {
      expect(within(gallery).getByRole('img', { name: descriptions[photo] })).toHaveAttribute('width', '1200');
    }
  });

  it('shows both book lists with their titles from the data', async () => {
    await renderAbout();
    const influences = screen.getByRole('region', { name: about.basics.bookInfluenceTitle });
    const loved = screen.getByRole('region', { name: about.basics.bookLoveTitle });
    expect(itemsOf(influences)).toEqual(about.basics.bookInfluenceList);
    expect(itemsOf(loved)).toEqual(about.basics.bookLoveList);
    // side by side at every width: the two columns of one grid, compact for a phone's half width
    expect(influences.parentElement).toBe(loved.parentElement);
    expect(influences.parentElement?.children).toHaveLength(2);
    expect(influences.className).toMatch(/compact/);
    expect(loved.className).toMatch(/compact/);
  });

  it('opens and closes the personal philosophy panel, closed at first', async () => {
    const user = userEvent.setup();
    await renderAbout();
    const deepDive = screen.getByRole('region', { name: 'Get to know me deep dive:' });
    const toggle = within(deepDive).getByRole('button', { name: 'Personal Philosphy on Life and Work:' });
    const panel = document.getElementById(toggle.getAttribute('aria-controls')!)!;
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    expect(panel).toHaveClass('collapse');
    expect(panel).not.toHaveClass('show');
    expect(panel.querySelector('.md-body')?.innerHTML).toBe(renderedMarkdown(about.deep.personalStatement));

    await user.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    await waitFor(() => expect(panel).toHaveClass('collapse', 'show'));

    await user.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await waitFor(() => expect(panel).not.toHaveClass('show'));
  });

  it('shows the four deep-dive lists with their titles from the data', async () => {
    await renderAbout();
    const deepDive = screen.getByRole('region', { name: 'Get to know me deep dive:' });
    const { deep } = about;
    const lists: Array<[string, string[]]> = [
      [deep.joyListTitle, deep.joyList],
      [deep.goalListTitle, deep.goalList],
      [deep.qualitiesListTitle, deep.qualitiesList],
      [deep.improvmentListTitle, deep.improvmentList],
    ];
    for (const [title, items] of lists) {
      const list = within(deepDive).getByRole('region', { name: title });
      expect(within(list).getByRole('heading', { level: 3, name: title })).toBeInTheDocument();
      expect(itemsOf(list)).toEqual(items);
    }
  });
});
