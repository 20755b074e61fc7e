/** Line icons of the village's areas, drawn inline: emoji fonts are missing on many devices. */
const PATHS = {
  home: 'M4 11l8-7l8 7M6 9v11h12V9M10 20v-6h4v6',
  needs: 'M4 6h16M4 12h16M4 18h10',
  planning: 'M4 6h16v14H4zM4 10h16M9 3v5M15 3v5',
  chat: 'M4 5h16v11H10l-6 4z',
  journal: 'M5 4h11v16H7a2 2 0 0 1-2-2zM16 8h3v10a2 2 0 0 1-2 2M8 8h5M8 12h5M8 16h3',
  news: 'M6 16v-5a6 6 0 0 1 12 0v5l2 2H4zM10 20a2 2 0 0 0 4 0',
  manage: 'M4 7h9M17 7h3M4 17h3M11 17h9M15 5v4M9 15v4',
} as const;

export type NavIconName = keyof typeof PATHS;

export function NavIcon({ name }: { name: NavIconName }) {
  return (
    <svg className="village-nav-icon" width="24" height="24" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
      <path d={PATHS[name]} fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round" />
    </svg>
  );
}
