import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { siteConfig } from '@portfolio/contracts/site-config';
import { resume } from '../resume';
import { ResumeView } from './resume-page';

const renderResume = () => render(<ResumeView resume={resume} />);

/** The panel the selected tab controls; bootstrap's CSS shows only the one marked active. */
function selectedPanel(): HTMLElement {
  const selected = screen.getAllByRole('tab').filter((tab) => tab.getAttribute('aria-selected') === 'true');
  expect(selected).toHaveLength(1);
  const panel = document.getElementById(selected[0]!.getAttribute('aria-controls')!)!;
  expect(panel).toHaveAttribute('role', 'tabpanel');
  expect(panel).toHaveClass('active');
  const shown = screen.getAllByRole('tabpanel').filter((candidate) => candidate.classList.contains('active'));
  expect(shown).toEqual([panel]);
  return panel;
}

describe('the Resume page', () => {
  it('shows the header card, the headings and the summary', async () => {
    renderResume();
    expect(await screen.findByRole('heading', { level: 1, name: 'Resume' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 2, name: 'Summary' })).toBeInTheDocument();
    expect(screen.getByText(resume.summary)).toBeInTheDocument();
    const card = screen.getByRole('region', { name: 'Resume header' });
    expect(within(card).getByRole('img', { name: `Portrait of ${siteConfig.ownerName}` })).toHaveClass(
      'rounded-circle',
    );
    expect(within(card).getByText(resume.headerCard.title)).toBeInTheDocument();
    expect(within(card).getByRole('button', { name: 'Download Resume' })).toBeEnabled();
  });

  it('has five real tabs with Experience selected first', async () => {
    renderResume();
    const tabs = await screen.findAllByRole('tab');
    expect(tabs.map((tab) => tab.textContent)).toEqual([
      'Experience',
      'Education & Training',
      'Skills',
      'Honors',
      'Other',
    ]);
    expect(screen.getByRole('tab', { name: 'Experience' })).toHaveAttribute('aria-selected', 'true');
    const panel = selectedPanel();
    for (const item of resume.resumeBody.experience) {
      expect(within(panel).getByRole('heading', { level: 3, name: item.company })).toBeInTheDocument();
      for (const role of item.roleList) {
        expect(within(panel).getByRole('heading', { level: 4, name: role.roleTitle })).toBeInTheDocument();
        expect(within(panel).getByText(`${role.location} · ${role.date}`)).toBeInTheDocument();
      }
    }
    expect(within(panel).getAllByRole('listitem')).toHaveLength(
      resume.resumeBody.experience.flatMap((item) => item.roleList.flatMap((role) => role.expPointList)).length,
    );
  });

  it('switches tabs: education, skills and other lists comma-separated, honors as lines', async () => {
    const user = userEvent.setup();
    renderResume();
    await user.click(await screen.findByRole('tab', { name: 'Education & Training' }));
    expect(screen.getByRole('tab', { name: 'Education & Training' })).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByRole('tab', { name: 'Experience' })).toHaveAttribute('aria-selected', 'false');
    let panel = selectedPanel();
    for (const item of resume.resumeBody.education) {
      expect(within(panel).getByRole('heading', { level: 3, name: item.institution })).toBeInTheDocument();
      expect(within(panel).getByText(item.summary)).toBeInTheDocument();
      expect(within(panel).getByText(`${item.location} · ${item.date}`)).toBeInTheDocument();
    }

    await user.click(screen.getByRole('tab', { name: 'Skills' }));
    panel = selectedPanel();
    for (const item of resume.resumeBody.skills) {
      expect(within(panel).getByText(item.skill).tagName).toBe('DT');
      expect(within(panel).getByText(item.skillExampleList.join(', ')).tagName).toBe('DD');
    }

    await user.click(screen.getByRole('tab', { name: 'Honors' }));
    panel = selectedPanel();
    expect(
      within(panel)
        .getAllByRole('listitem')
        .map((line) => line.textContent),
    ).toEqual(resume.resumeBody.honors);

    await user.click(screen.getByRole('tab', { name: 'Other' }));
    panel = selectedPanel();
    for (const item of resume.resumeBody.other) {
      expect(within(panel).getByText(item.title).tagName).toBe('DT');
      expect(within(panel).getByText(item.list.join(', ')).tagName).toBe('DD');
    }
  });
});
