import { MarkdownText } from '@portfolio/ui/markdown';
import { codeLanguages } from '../content/code-languages';
import { writeUpPicture } from '../content/project-images';

/** A project's write-up: its markdown, with the code languages and pictures the write-ups use. */
export function ProjectWriteUp({ markdown }: { markdown: string }) {
  return (
    <MarkdownText languages={codeLanguages} image={writeUpPicture}>
      {markdown}
    </MarkdownText>
  );
}
