import bash from 'highlight.js/lib/languages/bash';
import css from 'highlight.js/lib/languages/css';
import typescript from 'highlight.js/lib/languages/typescript';
import xml from 'highlight.js/lib/languages/xml';
import yaml from 'highlight.js/lib/languages/yaml';
import type { CodeLanguages } from '@portfolio/ui/markdown';

/** The fence languages the project write-ups use, and only those (highlight.js grammars are heavy). */
export const codeLanguages: CodeLanguages = { bash, css, html: xml, ts: typescript, yaml };
