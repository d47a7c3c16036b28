/**
 * What text a person or a tool sends may hold, for every field the site stores and shows: no control
 * characters (U+0000 to U+001F, U+007F to U+009F), which a database may refuse (PostgreSQL's text holds no
 * U+0000) and which would reach the owner's pages and the logs.
 */

/** One line: no control character at all. */
export const oneLine = /^\P{Cc}*$/u;
/** Several lines: line breaks and tabs, and no other control character. */
export const multiLine = /^(?:\P{Cc}|[\t\n\r])*$/u;
