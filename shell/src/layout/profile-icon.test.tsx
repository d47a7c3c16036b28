import { render } from '@testing-library/react';
import { siGithub } from 'simple-icons';
import { ProfileIcon } from './profile-icon';

describe('ProfileIcon', () => {
  it.each(['github', 'linkedin', 'code', 'network'] as const)(
    'draws the %s mark hidden from assistive tech',
    (mark) => {
      const { container } = render(<ProfileIcon mark={mark} />);
      const svg = container.querySelector('svg');
      expect(svg).toHaveAttribute('aria-hidden', 'true');
      expect(svg).toHaveAttribute('focusable', 'false');
      expect(svg).toHaveAttribute('data-mark', mark);
      expect(svg?.querySelectorAll('path').length).toBeGreaterThan(0);
    },
  );

  it("draws GitHub's mark from simple-icons", () => {
    const { container } = render(<ProfileIcon mark="github" />);
    expect(container.querySelector('path')).toHaveAttribute('d', siGithub.path);
  });

  it('draws the LinkedIn mark as one filled shape with the letters cut out', () => {
    const { container } = render(<ProfileIcon mark="linkedin" />);
    const paths = container.querySelectorAll('path');
    expect(paths).toHaveLength(1);
    expect(paths[0]).toHaveAttribute('fill-rule', 'evenodd');
    // the square, the dot of the i, its stem and the n
    expect(paths[0]?.getAttribute('d')?.match(/M/g)).toHaveLength(4);
  });
});
