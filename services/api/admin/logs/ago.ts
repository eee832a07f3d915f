// The log's "how long ago" is the formatter's (shared/time.ts), one wording for every screen.
export { formatAgo as ago } from '@shared/time';
