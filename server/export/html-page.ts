/** The frame of the exports' HTML pages: inline, no script, no outside address, so they open from a folder in any browser, years from now. */

export const escapeHtml = (value: string) =>
  value.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&#39;');

/** Text someone wrote, escaped, its line breaks kept. */
export const prose = (value: string | null) => (value ? `<p>${escapeHtml(value).replace(/\r?\n/g, '<br>')}</p>` : '');

const STYLE = `body{font-family:system-ui,sans-serif;max-width:44rem;margin:0 auto;padding:1rem;color:#222;line-height:1.5}
h1{font-size:1.6rem}h2{font-size:1.25rem;margin-top:2rem;border-bottom:1px solid #ddd}article{margin:1rem 0;padding:.75rem;border:1px solid #e5e5e5;border-radius:.5rem}
img{max-width:100%;height:auto;border-radius:.25rem}.meta{color:#555;font-size:.9rem}nav a{margin-right:1rem}li{margin:.25rem 0}`;

/** A whole page; `nav` is its links to the other pages of the same archive, already HTML. */
export function htmlPage(title: string, body: string, nav = '') {
  return `<!doctype html>
<html lang="fr"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)}</title><style>${STYLE}</style></head>
<body>${nav ? `<nav>${nav}</nav>` : ''}<main>${body}</main></body></html>
`;
}

/** A list, or a sentence when it is empty. */
export const listOr = (items: string[], empty: string) => (items.length ? `<ul>${items.join('')}</ul>` : `<p>${empty}</p>`);
