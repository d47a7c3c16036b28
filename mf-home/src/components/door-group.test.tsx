import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from '@portfolio/router/testing';
import { doorGroups } from '../doors';
import { DoorGroup } from './door-group';

function renderGroup(groupIndex: number, pickedIndex = 0) {
  const router = createMemoryRouter([
    {
      path: '/',
      element: <DoorGroup doors={doorGroups()[groupIndex]!} pickedIndex={pickedIndex} matLabel="Pick a door" />,
    },
  ]);
  render(<RouterProvider router={router} />);
}

describe('DoorGroup', () => {
  it('shows the door picked for this load, and the mat swaps it', async () => {
    renderGroup(2, 2);
    expect(screen.getByRole('link', { name: 'Maker door' })).toHaveAttribute('href', '/projects');
    expect(screen.getByRole('button', { name: 'Maker' })).toHaveAttribute('aria-pressed', 'true');
    await userEvent.click(screen.getByRole('button', { name: 'Grandmaster' }));
    expect(screen.getByRole('link', { name: 'Grandmaster door' })).toHaveAttribute('href', '/projects/project/7');
    expect(screen.getByRole('button', { name: 'Maker' })).toHaveAttribute('aria-pressed', 'false');
  });

  it('fetches the closed door first (the largest paint) and the opened one only when shown', () => {
    renderGroup(1);
    const [closed, opened] = [...screen.getByRole('link').querySelectorAll('img')];
    expect(closed).toHaveAttribute('fetchpriority', 'high');
    expect(closed).not.toHaveAttribute('loading');
    expect(opened).toHaveAttribute('loading', 'lazy');
    expect(opened).not.toHaveAttribute('fetchpriority');
  });

  it('shows the tooltip while hovered or focused, as the door link description', async () => {
    renderGroup(0);
    const link = screen.getByRole('link', { name: 'Problem Solver door' });
    expect(link).toHaveAccessibleDescription('Learn about me.');
    expect(screen.queryByRole('tooltip')).toHaveClass('tooltip');
    expect(screen.getByRole('tooltip', { hidden: true }).className).not.toMatch(/tooltipShown/);
    await userEvent.hover(link);
    expect(screen.getByRole('tooltip', { hidden: true }).className).toMatch(/tooltipShown/);
    expect(link.className).toMatch(/open/);
    await userEvent.unhover(link);
    expect(link.className).not.toMatch(/open/);
    act(() => link.focus());
    expect(screen.getByRole('tooltip', { hidden: true }).className).toMatch(/tooltipShown/);
  });

  it('hides a shown tooltip on Escape (WCAG 1.4.13), the door staying open, until the door is shown again', async () => {
    renderGroup(0);
    const link = screen.getAllByRole('link')[0]!;
    const tooltipShown = () => screen.getByRole('tooltip', { hidden: true }).className.includes('tooltipShown');
    act(() => link.focus());
    expect(tooltipShown()).toBe(true);
    await userEvent.keyboard('{Escape}');
    expect(tooltipShown()).toBe(false);
    expect(link.className).toMatch(/open/);
    act(() => link.blur());
    act(() => link.focus());
    expect(tooltipShown()).toBe(true);
    // hovered, not focused: Escape anywhere on the page hides it too
    act(() => link.blur());
    await userEvent.hover(link);
    expect(tooltipShown()).toBe(true);
    await userEvent.keyboard('{Escape}');
    expect(tooltipShown()).toBe(false);
  });
});
