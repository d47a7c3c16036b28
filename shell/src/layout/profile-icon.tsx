/** Our own small glyphs for the two profile links: code brackets and a contact card. */
export function ProfileIcon({ kind }: { kind: 'code' | 'network' }) {
  return (
    <svg
      width="22"
      height="22"
      viewBox="0 0 24 24"
      aria-hidden="true"
      focusable="false"
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
      strokeLinecap="round"
      strokeLinejoin="round"
    >
      {kind === 'code' ? (
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
