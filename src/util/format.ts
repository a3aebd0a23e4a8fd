/** Number and text formatting shared by reporters and by rule messages. */

/** 1234567 -> "1,234,567". Fixed separator (not the locale's) so reports diff cleanly. */
export function formatInt(n: number): string {
  const rounded = Math.round(n);
  const sign = rounded < 0 ? '-' : '';
  return sign + String(Math.abs(rounded)).replace(/\B(?=(\d{3})+(?!\d))/g, ',');
}

/** Shorten to at most `max` code points, marking the cut with an ellipsis. */
export function truncate(text: string, max: number): string {
  const chars = Array.from(text);
  if (chars.length <= max) return text;
  if (max <= 0) return '';
  if (max === 1) return '…';
  return chars.slice(0, max - 1).join('') + '…';
}


/** 1536 → "1.5 KB": sizes in messages. */
/** Megabytes for limits and message sizes: `64 MB`, `65.1 MB` (one decimal, none when it is 0). */
export function formatMegabytes(bytes: number): string {
  return `${(bytes / 1024 / 1024).toFixed(1).replace(/\.0$/, '')} MB`;
}

export function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} bytes`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KB`;
  return `${(bytes / 1024 / 1024).toFixed(1)} MB`;
}
