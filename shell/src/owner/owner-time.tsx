const dateTime = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });

/** A moment the API gave (ISO 8601) in the owner's own time zone and words. */
export function OwnerTime({ at }: { at: string }) {
  const date = new Date(at);
  return <time dateTime={at}>{Number.isNaN(date.getTime()) ? at : dateTime.format(date)}</time>;
}
