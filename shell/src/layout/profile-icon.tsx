import { siGithub } from 'simple-icons';
import type { ProfileMark } from './profile-mark';

/**
 * LinkedIn's mark is no longer in simple-icons, so it is drawn here: a rounded square with "in" cut out
 * of it (even-odd fill), which reads as the network's logo in a single colour.
 */
const linkedInPath =
  'M4 1h16a3 3 0 0 1 3 3v16a3 3 0 0 1-3 3H4a3 3 0 0 1-3-3V4a3 3 0 0 1 3-3z' +
  'M7 5.2a1.8 1.8 0 1 0 0 3.6a1.8 1.8 0 1 0 0-3.6z' +
  'M5.5 9.6h3V19h-3z' +
  'M10.5 9.6h2.9v1.3c.5-.9 1.6-1.6 3.1-1.6 2.6 0 3.5 1.6 3.5 4.1V19h-3v-5.1c0-1.2-.3-2.1-1.5-2.1s-1.6.9-1.6 2.1V19h-3.4z';

/** The profile links' marks: GitHub's (simple-icons, CC0), LinkedIn's (drawn above), or our glyph for the kind. */
export function ProfileIcon({ mark }: { mark: ProfileMark }) {
  const svg = { width: 22, height: 22, viewBox: '0 0 24 24', 'aria-hidden': true, focusable: false } as const;
  switch (mark) {
    case 'github':
      return (
        <svg {...svg} fill="currentColor" data-mark={mark}>
          <path d={siGithub.path} />
        </svg>
      );
    case 'linkedin':
      return (
        <svg {...svg} fill="currentColor" data-mark={mark}>
          <path d={linkedInPath} fillRule="evenodd" />
        </svg>
      );
    default:
      return (
        <svg
          {...svg}
          data-mark={mark}
          fill="none"
          stroke="currentColor"
          strokeWidth="2"
          strokeLinecap="round"
          strokeLinejoin="round"
        >
          {mark === 'code' ? (
            <>
              <path d="M8 7l-5 5 5 5" />
              <path d="M16 7l5 5-5 5" />
              <path d="M13.5 4l-3 16" />
            </>
          ) : (
            <>
              <rect x="2.5" y="4.5" width="19" height="15" rx="2.5" />
              <circle cx="8.5" cy="11" r="2.5" />
              <path d="M4.8 17c.7-2 2.1-3 3.7-3s3 1 3.7 3" />
              <path d="M14.5 10h4.5M14.5 14h3" />
            </>
          )}
        </svg>
      );
  }
}
