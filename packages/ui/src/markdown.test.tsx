import { render, screen } from '@testing-library/react';
import typescript from 'highlight.js/lib/languages/typescript';
import { MarkdownText } from './markdown';

describe('MarkdownText', () => {
  it('renders paragraphs as spans and images centred at 60% via their class', () => {
    const { container } = render(<MarkdownText>{'Hello **world**\n\n![A diagram](/d.svg)'}</MarkdownText>);
    expect(container.querySelector('p')).toBeNull();
    expect(container.querySelector('span.md-paragraph strong')).toHaveTextContent('world');
    const image = screen.getByRole('img', { name: 'A diagram' });
    expect(image).toHaveClass('md-image');
    expect(image).toHaveAttribute('loading', 'lazy');
  });

  it('makes each picture a link to its own file, named after the picture, so a tap opens it full size', () => {
    render(
      <MarkdownText image={(name) => ({ src: `/pictures/${name}`, width: 480, height: 260 })}>
        {'![A diagram](d.svg)\n\n![](e.svg)'}
      </MarkdownText>,
    );
    const named = screen.getByRole('link', { name: /^A diagram/ });
    expect(named).toHaveAttribute('href', '/pictures/d.svg');
    expect(named).toHaveAccessibleName('A diagram (full size)');
    expect(named.querySelector('img')).toHaveAttribute('src', '/pictures/d.svg');
    // the reserved size stays on the picture
    expect(named.querySelector('img')).toHaveAttribute('width', '480');
    expect(named.querySelector('img')).toHaveAttribute('height', '260');
    // a picture without a description still gets a link with a name
    const unnamed = screen.getAllByRole('link')[1]!;
    expect(unnamed).toHaveAttribute('href', '/pictures/e.svg');
    expect(unnamed.textContent.trim()).not.toBe('');
  });

  it('highlights fenced code in a registered language and leaves others plain', () => {
    const source = '```ts\nconst answer: number = 42;\n```\n\n```cobol\nDISPLAY "HI".\n```';
    const { container } = render(<MarkdownText languages={{ ts: typescript }}>{source}</MarkdownText>);
    const blocks = container.querySelectorAll('pre code');
    expect(blocks).toHaveLength(2);
    expect(blocks[0]?.querySelector('.hljs-keyword')).toHaveTextContent('const');
    expect(blocks[1]?.querySelector('[class^="hljs-"]')).toBeNull();
  });

  it('opens external links in a new tab safely', () => {
    render(<MarkdownText>{'[site](https://example.com) and [home](/)'}</MarkdownText>);
    expect(screen.getByRole('link', { name: 'site' })).toHaveAttribute('rel', 'noopener noreferrer');
    expect(screen.getByRole('link', { name: 'home' })).not.toHaveAttribute('target');
  });
});

describe('MarkdownText safety', () => {
  it('escapes markup inside highlighted code', () => {
    const { container } = render(
      <MarkdownText languages={{ ts: typescript }}>
        {'```ts\nconst html = "<img src=x onerror=alert(1)>";\n```'}
      </MarkdownText>,
    );
    expect(container.querySelector('pre code img')).toBeNull();
    expect(container.querySelector('pre code')).toHaveTextContent('<img src=x onerror=alert(1)>');
  });
});
