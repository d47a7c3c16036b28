import { useMemo } from 'react';
import Markdown, { type Components } from 'react-markdown';
import highlightCore from 'highlight.js/lib/core';
import type { LanguageFn } from 'highlight.js';
import './markdown.css';

/** Grammars to highlight fenced code with, by fence name: register only what the content uses. */
export type CodeLanguages = Readonly<Record<string, LanguageFn>>;

const baseComponents: Components = {
  // docs/product-rules.md: paragraphs render as spans (styled as blocks in markdown.css, so text stays readable).
  p: ({ children }) => <span className="md-paragraph">{children}</span>,
  a: ({ href, children }) => {
    const external = typeof href === 'string' && /^https?:\/\//.test(href);
    return (
      <a href={href} {...(external ? { target: '_blank', rel: 'noopener noreferrer' } : {})}>
        {children}
      </a>
    );
  },
};

function createHighlighter(languages: CodeLanguages) {
  const highlighter = highlightCore.newInstance();
  for (const [name, grammar] of Object.entries(languages)) highlighter.registerLanguage(name, grammar);
  return highlighter;
}

/** A picture a text shows: its URL, and its size, so the page keeps its place before it loads. */
export interface MarkdownImage {
  src: string;
  width?: number;
  height?: number;
}

interface MarkdownTextProps {
  /** The markdown source. */
  children: string;
  languages?: CodeLanguages;
  className?: string;
  /** Maps an image's name in the markdown to the picture it is (bundled pictures). */
  image?: (src: string) => MarkdownImage;
}

/** The one markdown renderer of the site: the rules' image and paragraph rules, highlight.js for code. */
export function MarkdownText({ children, languages, className, image }: MarkdownTextProps) {
  const components = useMemo<Components>(() => {
    const highlighter = createHighlighter(languages ?? {});
    return {
      ...baseComponents,
      // docs/product-rules.md: images centred at 60% width (full width on phones, markdown.css); lazy so long
      // pages do not fetch what is off screen; each a link to its file, so a tap opens it full size.
      img: ({ src, alt, title }) => {
        const picture = typeof src === 'string' ? (image ? image(src) : { src }) : undefined;
        const img = (
          <img
            className="md-image"
            src={picture?.src}
            width={picture?.width}
            height={picture?.height}
            alt={alt ?? ''}
            title={title}
            loading="lazy"
          />
        );
        if (!picture?.src) return img;
        return (
          <a className="md-image-link" href={picture.src}>
            {img}
            <span className="visually-hidden">{alt ? ' (full size)' : 'The picture, full size'}</span>
          </a>
        );
      },
      // Fenced code in a registered language is highlighted; highlight.js escapes the text it returns.
      code: ({ className: fence, children: code }) => {
        const language = /language-(\S+)/.exec(fence ?? '')?.[1];
        if (!language || !highlighter.getLanguage(language)) return <code className={fence}>{code}</code>;
        // a fenced block's child is its text
        const text = typeof code === 'string' ? code : '';
        const html = highlighter.highlight(text.replace(/\n$/, ''), { language, ignoreIllegals: true }).value;
        return <code className={`hljs language-${language}`} dangerouslySetInnerHTML={{ __html: html }} />;
      },
    };
  }, [languages, image]);
  return (
    <div className={['md-body', className].filter(Boolean).join(' ')}>
      <Markdown components={components}>{children}</Markdown>
    </div>
  );
}
