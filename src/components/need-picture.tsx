import './need-picture.css';

/**
 * A need's picture (its catalogue picture, or its category's), else a helping heart on the category's
 * colour, drawn like the catalogue's icons: never a blank tile. Decorative, the name says it all.
 */
export function NeedPicture({ src, size = 48 }: { src: string | null; size?: number }) {
  if (!src) {
    return (
      <svg className="need-picture need-picture-none" viewBox="0 0 48 48" width={size} height={size} aria-hidden="true" focusable="false">
        <rect width="48" height="48" rx="12" />
        <path
          transform="translate(12 12)"
          d="M12 20s-7-4.4-7-10a4 4 0 0 1 7-2.6A4 4 0 0 1 19 10c0 5.6-7 10-7 10z"
          fill="none"
          stroke="#fff"
          strokeWidth="1.8"
          strokeLinejoin="round"
        />
      </svg>
    );
  }
  return <img className="need-picture" src={src} alt="" width={size} height={size} loading="lazy" decoding="async" />;
}
