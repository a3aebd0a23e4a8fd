import { sanitizeText } from './_format.js';

/** Pieces every chart of the HTML report draws with. */

export const CHART_WIDTH = 960;

/** Escape catalog text for HTML and inline SVG alike; control characters become U+FFFD. */
export function escapeHtml(text: string): string {
  return sanitizeText(text)
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#39;');
}
export const esc = escapeHtml;

export function legend(items: [string, string][]): string {
  const entries = items.map(([label, color]) => `<span><span class="swatch" style="background:${color}"></span>${esc(label)}</span>`);
  return `<div class="legend">${entries.join('')}</div>`;
}

/** Zero stays invisible, but any non-zero amount gets at least a sliver so it is not mistaken for nothing. */
export function visibleWidth(width: number, amount: number): number {
  return amount > 0 ? Math.max(1.5, width) : 0;
}

export function num(n: number): string {
  return String(Math.round(n * 10) / 10);
}

