import { useLoaderData } from '@portfolio/router';
import { MarkdownText } from '@portfolio/ui/markdown';
import type { AboutData } from '../about';

export function AboutPage() {
  const { basics } = useLoaderData() as AboutData;
  return (
    <>
      <h1 className="mb-3">About Me</h1>
      <MarkdownText>{basics.intro}</MarkdownText>
    </>
  );
}
